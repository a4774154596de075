/**
 * Issue 19, item 8: a task given to a member at the moment an admin removes them from the circle
 * never stays assigned to someone outside it. The assignee's membership is checked and held
 * inside the transaction that writes the assignment (plan-access.ts requireAssignable), and the
 * removal withdraws what was assigned until its delete of the membership went through
 * (member-departure.ts). Races need two connections, so these run on the PostgreSQL pass only
 * (PGlite has one connection and runs one transaction at a time); each interleaving is forced by
 * a lock a third transaction holds, and the test waits for the database to report the waits.
 */
import { endMembership } from "@circleplan/core/circles/member-departure";
import { queryRows, type Tx } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { waitUntil } from "@circleplan/db/testing/wait-until";
import { messages } from "@circleplan/shared/messages";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeError } from "./errors";
import { refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { type TestHarness, useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** plans.update through the typed client (see plans.integration.test.ts for the cast). */
function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

async function family() {
  const h = harness();
  const admin = await signedInCaller(h);
  const member = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: admin.user.id,
    members: [member.user.id],
  });
  const task = {
    circleId: circle.id,
    title: "Pick up Gran",
    startTime: new Date(Date.now() + 86_400_000),
    assignedTo: member.user.id,
  };
  const removal = () => admin.trpc.circles.removeMember({ id: circle.id, userId: member.user.id });
  return { h, admin, member, circle, task, removal };
}

/** How many statements of this test's database wait for a lock another transaction holds. */
async function waiting(h: TestHarness): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    h.db.db,
    sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Runs `work` in a transaction of its own connection and keeps it open until `release` is
 * called: the other side of a race, or the holder of a lock that pauses one.
 */
function heldTransaction(h: TestHarness, work: (tx: Tx) => Promise<void>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let ready = () => {};
  let failed: (error: unknown) => void = () => {};
  const isReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const done = h.db.db.transaction(async (tx) => {
    await work(tx);
    ready();
    await released;
  });
  done.catch(failed);
  return { ready: isReady, release, done };
}

/** A call under way, and whether it has ended (either way). */
function track<T>(call: Promise<T>) {
  const tracked = { settled: false, call };
  const ended = () => {
    tracked.settled = true;
  };
  call.then(ended, ended);
  return tracked;
}

async function assignmentOf(h: TestHarness, planId: number) {
  const [row] = await h.db.db
    .select({ assignedTo: plans.assignedTo, cancelledAssignee: plans.cancelledAssignee })
    .from(plans)
    .where(eq(plans.id, planId));
  return row;
}

describe.runIf(process.env.CIRCLEPLAN_TEST_PG_URL)(
  "a member removed while a task is assigned to them",
  () => {
    it("created first: the removal waits for the new task and withdraws it", async () => {
      const { h, member, circle, task, removal, admin } = await family();
      // Holding the circle's row pauses the create at its insert, after it checked the assignee.
      const pause = heldTransaction(h, async (tx) => {
        await tx.execute(sql`select id from circles where id = ${circle.id} for update`);
      });
      await pause.ready;
      const created = track(
        admin.trpc.plans.create(task).then(
          (plan) => ({ plan, refused: null }),
          (error: unknown) => ({ plan: null, refused: describeError(error) }),
        ),
      );
      await waitUntil(async () => (await waiting(h)) >= 1, { what: "the create waits" });
      const removed = track(removal());
      // The removal waits for the create's hold on the membership (before the fix it went through).
      await waitUntil(async () => removed.settled || (await waiting(h)) >= 2, {
        what: "the removal waits or ends",
      });
      pause.release();
      await pause.done;
      expect(await removed.call).toEqual({ message: messages.memberRemoved });
      const { plan, refused } = await created.call;
      // Were the create ever to hold the circle's row before it checks the assignee (a cap on a
      // circle's plans might), the removal would go first and the create be refused: either
      // way, no task stays with them.
      if (plan === null) {
        expect(refused).toMatchObject({
          status: 400,
          body: { message: messages.assigneeNotMember },
        });
      } else {
        expect(await assignmentOf(h, plan.id)).toEqual({
          assignedTo: null,
          cancelledAssignee: member.user.id,
        });
      }
    });

    it("removed first: the create waits for the removal and is refused (400)", async () => {
      const { h, member, circle, task, admin } = await family();
      const removal = heldTransaction(h, async (tx) => {
        await endMembership(
          tx,
          { circleId: circle.id, userId: member.user.id },
          { by: admin.user.id, at: new Date() },
        );
      });
      await removal.ready;
      const created = track(refusal(admin.trpc.plans.create(task)));
      // Before the fix the create read the membership the removal had not committed yet, and went on.
      await waitUntil(async () => created.settled || (await waiting(h)) >= 1, {
        what: "the create waits or ends",
      });
      removal.release();
      await removal.done;
      expect(await created.call).toMatchObject({
        status: 400,
        body: { message: messages.assigneeNotMember },
      });
      expect(await h.db.db.select().from(plans)).toEqual([]);
    });

    it("reassigned to them while they are removed: the edit is refused (400)", async () => {
      const { h, member, circle, task, admin } = await family();
      const plan = await admin.trpc.plans.create({ ...task, assignedTo: null });
      const removal = heldTransaction(h, async (tx) => {
        await endMembership(
          tx,
          { circleId: circle.id, userId: member.user.id },
          { by: admin.user.id, at: new Date() },
        );
      });
      await removal.ready;
      const edit = track(refusal(update(admin, { id: plan.id, assignedTo: member.user.id })));
      await waitUntil(async () => edit.settled || (await waiting(h)) >= 1, {
        what: "the edit waits or ends",
      });
      removal.release();
      await removal.done;
      expect(await edit.call).toMatchObject({
        status: 400,
        body: { message: messages.assigneeNotMember },
      });
      expect(await assignmentOf(h, plan.id)).toEqual({ assignedTo: null, cancelledAssignee: null });
    });

    it("their task edited while they are removed: neither waits for the other forever", async () => {
      const { h, member, task, removal, admin } = await family();
      const plan = await admin.trpc.plans.create(task);
      // The edit queues for the task's row first, then the removal: the edit takes the task, then
      // the member's membership; the removal must take them in that order too, or the two deadlock.
      const pause = heldTransaction(h, async (tx) => {
        await tx.execute(sql`select id from plans where id = ${plan.id} for update`);
      });
      await pause.ready;
      const edit = track(update(admin, { id: plan.id, title: "Pick up Gran at 5" }));
      await waitUntil(async () => (await waiting(h)) >= 1, { what: "the edit waits" });
      const removed = track(removal());
      await waitUntil(async () => removed.settled || (await waiting(h)) >= 2, {
        what: "the removal waits or ends",
      });
      pause.release();
      await pause.done;
      expect((await edit.call).title).toBe("Pick up Gran at 5");
      expect(await removed.call).toEqual({ message: messages.memberRemoved });
      expect(await assignmentOf(h, plan.id)).toEqual({
        assignedTo: null,
        cancelledAssignee: member.user.id,
      });
    });

    it("their task moved while they leave: neither waits for the other forever", async () => {
      const { h, member, circle, task, admin } = await family();
      const plan = await admin.trpc.plans.create(task);
      // As the edit above, with a move: the edit writes the task's occurrences again, whose
      // key to the circle takes a share of the circle's row after the edit holds the task and
      // the membership. Leaving holds the circle's row too (so a creator it could become cannot
      // leave, member-departure.ts), and must not hold it against that share.
      const pause = heldTransaction(h, async (tx) => {
        await tx.execute(sql`select id from plans where id = ${plan.id} for update`);
      });
      await pause.ready;
      const later = new Date(task.startTime.getTime() + 3_600_000);
      const edit = track(update(admin, { id: plan.id, startTime: later }));
      await waitUntil(async () => (await waiting(h)) >= 1, { what: "the edit waits" });
      const left = track(member.trpc.circles.leave({ id: circle.id }));
      await waitUntil(async () => left.settled || (await waiting(h)) >= 2, {
        what: "the leaving waits or ends",
      });
      pause.release();
      await pause.done;
      expect((await edit.call).startTime).toEqual(later);
      expect(await left.call).toEqual({ message: messages.circleLeft });
      expect(await assignmentOf(h, plan.id)).toEqual({
        assignedTo: null,
        cancelledAssignee: member.user.id,
      });
    });
  },
);

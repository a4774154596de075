/**
 * The change feed (issue 20, docs/decisions/017 "The change feed"): every write path records
 * exactly one entry, in its own transaction, with what changed before and after as a person
 * reads it; both reads (one circle, all my circles) for each role; paging by cursor; retention.
 * The REST door's two paths are in activity.rest.integration.test.ts.
 */
import { sweepExpired } from "@circleplan/core/reminders/housekeeping";
import { circleActivity } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import type { ActivityEntry } from "@circleplan/shared/activity-outputs";
import { messages } from "@circleplan/shared/messages";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { count, desc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { circleOfFour, TASK_MONDAYS, weeklyTask } from "./testing/circle-callers";
import { refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const NOW = new Date("2026-03-01T12:00:00Z");
/** When the family's memberships began: a member reads what happened since they joined. */
const JOINED = new Date("2026-02-01T00:00:00Z");
const MONDAYS = TASK_MONDAYS;
const iso = (date: Date | undefined) => (date as Date).toISOString();

/** plans.update with its whole input (plans.integration.test.ts says why the cast). */
function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

/**
 * A circle of four: its creator (who makes the plans), an admin, the assignee and a plain
 * member; an outsider and a signed-out visitor beside it.
 */
async function family() {
  const h = harness();
  h.clock.set(NOW);
  return { h, ...(await circleOfFour(h, { joinedAt: JOINED })) };
}

type Family = Awaited<ReturnType<typeof family>>;
type Person = { user: { id: number; firstName: string; lastName: string } };

const personOf = (who: Person) => ({
  id: who.user.id,
  firstName: who.user.firstName,
  lastName: who.user.lastName,
});

/** Every entry of the circle the member reads, newest first (one page holds them in these tests). */
async function feed(f: Family, reader: TestCaller = f.member): Promise<ActivityEntry[]> {
  const page = await reader.trpc.activity.circle({ id: f.circle.id, limit: 100 });
  expect(page.nextCursor).toBeNull();
  return page.entries;
}

/** How many entries the table holds, whoever may read them. */
async function stored(f: Family): Promise<number> {
  const [row] = await f.h.db.db.select({ n: count() }).from(circleActivity);
  return row?.n ?? 0;
}

/** The one entry `change` records (there must be exactly one), as a plain member reads it. */
async function entryOf(f: Family, change: () => Promise<unknown>): Promise<ActivityEntry> {
  const before = await stored(f);
  await change();
  expect(await stored(f)).toBe(before + 1);
  const [entry] = await feed(f);
  return entry as ActivityEntry;
}

function eventAt(f: Family, start: string, fields: Record<string, unknown> = {}) {
  return f.creator.trpc.plans.create({
    circleId: f.circle.id,
    title: "Dentist",
    startTime: new Date(start),
    endTime: new Date(new Date(start).getTime() + 3600_000),
    timeZone: "UTC",
    location: "Main St 4",
    ...fields,
  });
}

describe("plans: one entry per change, with what changed", () => {
  it("created: the whole plan as made, by its creator", async () => {
    const f = await family();
    let id = 0;
    const entry = await entryOf(f, async () => {
      id = (await eventAt(f, "2026-03-03T09:00:00Z", { assignedTo: f.assignee.user.id })).id;
    });
    expect(entry).toMatchObject({
      circleId: f.circle.id,
      actor: personOf(f.creator),
      kind: "plan_created",
      planId: id,
      scope: null,
      title: "Dentist",
      member: null,
      before: null,
      after: {
        title: "Dentist",
        start: "2026-03-03T09:00:00.000Z",
        end: "2026-03-03T10:00:00.000Z",
        place: "Main St 4",
        assignee: personOf(f.assignee),
      },
      createdAt: NOW,
    });
  });

  it("created: a series says how it repeats and applies to all of it", async () => {
    const f = await family();
    const entry = await entryOf(f, () => weeklyTask(f));
    expect(entry).toMatchObject({ kind: "plan_created", scope: "all" });
    expect(entry.after?.repeat).toMatch(/^Every week on Monday/);
  });

  it("an all-day series: its days are days, and one occurrence is named by its date", async () => {
    const f = await family();
    const plan = await f.creator.trpc.plans.create({
      circleId: f.circle.id,
      title: "Bins out",
      startTime: new Date("2026-03-02T00:00:00Z"),
      allDay: true,
      date: "2026-03-02",
      timeZone: "UTC",
      isRecurring: true,
      recurrenceType: "weekly",
    });
    const [created] = await feed(f);
    expect(created?.after).toMatchObject({ start: "2026-03-02" });
    const cancelled = await entryOf(f, () =>
      f.creator.trpc.plans.delete({ id: plan.id, occurrenceDate: "2026-03-09" }),
    );
    expect(cancelled).toMatchObject({
      kind: "occurrence_cancelled",
      occurrenceStart: null,
      occurrenceDate: "2026-03-09",
      before: { title: "Bins out", start: "2026-03-09" },
    });
  });

  it("moved: only the time changed, before and after", async () => {
    const f = await family();
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    const entry = await entryOf(f, () =>
      update(f.creator, {
        id: plan.id,
        startTime: new Date("2026-03-04T10:00:00Z"),
        endTime: new Date("2026-03-04T11:00:00Z"),
      }),
    );
    expect(entry).toMatchObject({
      kind: "plan_moved",
      planId: plan.id,
      title: "Dentist",
      before: { start: "2026-03-03T09:00:00.000Z", end: "2026-03-03T10:00:00.000Z" },
      after: { start: "2026-03-04T10:00:00.000Z", end: "2026-03-04T11:00:00.000Z" },
    });
  });

  it("edited: the readable values that changed, the others by name; nothing changed, no entry", async () => {
    const f = await family();
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    const entry = await entryOf(f, () =>
      update(f.creator, {
        id: plan.id,
        title: "Dentist (check-up)",
        location: "Harbour Rd 1",
        description: "Bring the card",
      }),
    );
    expect(entry).toMatchObject({
      kind: "plan_edited",
      title: "Dentist (check-up)",
      before: { title: "Dentist", place: "Main St 4" },
      after: { title: "Dentist (check-up)", place: "Harbour Rd 1", changed: ["description"] },
    });
    expect(Object.keys(entry.before ?? {})).toEqual(["title", "place"]);

    // The edit form sends every field: the same values again change nothing a member sees.
    const before = await stored(f);
    await update(f.creator, { id: plan.id, title: "Dentist (check-up)", location: "Harbour Rd 1" });
    expect(await stored(f)).toBe(before);
  });

  /** The weekly task's second Monday moved to `start`, for `scope`: the task and the one entry. */
  async function secondMondayMoved(f: Family, scope: "all" | "occurrence", start: string) {
    const task = await weeklyTask(f);
    const entry = await entryOf(f, () =>
      update(f.creator, {
        id: task.id,
        occurrenceStart: MONDAYS[1],
        scope,
        startTime: new Date(start),
      }),
    );
    return { task, entry };
  }

  it("a series moved as a whole is one entry, however many occurrences it has", async () => {
    const f = await family();
    const { task, entry } = await secondMondayMoved(f, "all", "2026-03-10T18:00:00Z");
    expect(entry).toMatchObject({
      kind: "plan_moved",
      scope: "all",
      planId: task.id,
      before: { start: iso(MONDAYS[1]) },
      after: { start: "2026-03-10T18:00:00.000Z" },
    });
    expect(entry.after?.repeat).toMatch(/Tuesday/);
  });

  it("one occurrence moved: scope occurrence, named by its original start", async () => {
    const f = await family();
    const { task, entry } = await secondMondayMoved(f, "occurrence", "2026-03-09T19:00:00Z");
    expect(entry).toMatchObject({
      kind: "plan_moved",
      scope: "occurrence",
      planId: task.id,
      occurrenceStart: MONDAYS[1],
      occurrenceDate: null,
      before: { start: iso(MONDAYS[1]) },
      after: { start: "2026-03-09T19:00:00.000Z" },
    });
  });

  it("this and following: one entry about the new series", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    let split = 0;
    const entry = await entryOf(f, async () => {
      split = (
        await update(f.creator, {
          id: task.id,
          occurrenceStart: MONDAYS[1] as Date,
          scope: "following",
          title: "Swimming run (new pool)",
        })
      ).id;
    });
    expect(split).not.toBe(task.id);
    expect(entry).toMatchObject({
      kind: "plan_edited",
      scope: "following",
      planId: split,
      occurrenceStart: MONDAYS[1],
      before: { title: "Swimming run" },
      after: { title: "Swimming run (new pool)" },
    });
  });

  it("one occurrence cancelled, the following deleted, a whole plan deleted", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    const cancelled = await entryOf(f, () =>
      f.creator.trpc.plans.delete({
        id: task.id,
        occurrenceStart: MONDAYS[1],
        scope: "occurrence",
      }),
    );
    expect(cancelled).toMatchObject({
      kind: "occurrence_cancelled",
      scope: "occurrence",
      planId: task.id,
      occurrenceStart: MONDAYS[1],
      title: "Swimming run",
      before: { title: "Swimming run", start: iso(MONDAYS[1]) },
    });

    const following = await entryOf(f, () =>
      f.creator.trpc.plans.delete({ id: task.id, occurrenceStart: MONDAYS[2], scope: "following" }),
    );
    expect(following).toMatchObject({
      kind: "plan_deleted",
      scope: "following",
      occurrenceStart: MONDAYS[2],
    });

    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    // An admin of the circle may delete it too (issue 19), and is named as who did.
    const deleted = await entryOf(f, () => f.admin.trpc.plans.delete({ id: plan.id }));
    expect(deleted).toMatchObject({
      kind: "plan_deleted",
      actor: personOf(f.admin),
      planId: plan.id,
      scope: null,
      before: { title: "Dentist", start: "2026-03-03T09:00:00.000Z", place: "Main St 4" },
    });
  });

  it("assigned and withdrawn by an edit, withdrawn by the creator's cancel", async () => {
    const f = await family();
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    const assigned = await entryOf(f, () =>
      update(f.creator, { id: plan.id, assignedTo: f.assignee.user.id }),
    );
    expect(assigned).toMatchObject({
      kind: "task_assigned",
      before: { assignee: null },
      after: { assignee: personOf(f.assignee) },
    });
    // The plan became a task: its type follows the assignee and is not named besides.
    expect(assigned.after?.changed).toBeUndefined();

    const unassigned = await entryOf(f, () => update(f.creator, { id: plan.id, assignedTo: null }));
    expect(unassigned).toMatchObject({
      kind: "task_withdrawn",
      before: { assignee: personOf(f.assignee) },
      after: { assignee: null },
    });

    await update(f.creator, { id: plan.id, assignedTo: f.assignee.user.id });
    const cancelled = await entryOf(f, () => f.creator.trpc.tasks.cancel({ id: plan.id }));
    expect(cancelled).toMatchObject({
      kind: "task_withdrawn",
      actor: personOf(f.creator),
      before: { assignee: personOf(f.assignee) },
      after: { assignee: null },
    });
  });

  it("answers: accepted with its note, declined with its reason, by the assignee", async () => {
    const f = await family();
    const first = await weeklyTask(f);
    const accepted = await entryOf(f, () =>
      f.assignee.trpc.tasks.accept({ id: first.id, note: "Fine\nI'll drive" }),
    );
    expect(accepted).toMatchObject({
      kind: "task_accepted",
      actor: personOf(f.assignee),
      planId: first.id,
      title: "Swimming run",
      after: { note: "Fine\nI'll drive" },
    });
    const second = await weeklyTask(f);
    const declined = await entryOf(f, () =>
      f.assignee.trpc.tasks.decline({ id: second.id, reason: "Away that month" }),
    );
    expect(declined).toMatchObject({ kind: "task_declined", after: { note: "Away that month" } });
  });

  it("completed and reopened, the whole task or one occurrence; completing again records nothing", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    const one = await entryOf(f, () =>
      f.assignee.trpc.plans.complete({
        id: task.id,
        isCompleted: true,
        occurrenceStart: MONDAYS[0],
      }),
    );
    expect(one).toMatchObject({
      kind: "plan_completed",
      actor: personOf(f.assignee),
      scope: "occurrence",
      occurrenceStart: MONDAYS[0],
    });
    const before = await stored(f);
    await f.assignee.trpc.plans.complete({
      id: task.id,
      isCompleted: true,
      occurrenceStart: MONDAYS[0],
    });
    expect(await stored(f)).toBe(before);

    const all = await entryOf(f, () =>
      f.creator.trpc.plans.complete({ id: task.id, isCompleted: true, scope: "all" }),
    );
    expect(all).toMatchObject({ kind: "plan_completed", scope: "all", occurrenceStart: null });
    // PUT with isCompleted alone: the same rule, through the other procedure.
    const reopened = await entryOf(f, () =>
      update(f.assignee, { id: task.id, isCompleted: false, scope: "all" }),
    );
    expect(reopened).toMatchObject({ kind: "plan_reopened", actor: personOf(f.assignee) });
  });

  it("moved to another of the creator's circles: out of one, into the other", async () => {
    const f = await family();
    const other = await createCircle(f.h.deps, {
      creatorId: f.creator.user.id,
      members: [f.outsider.user.id],
      joinedAt: JOINED,
    });
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    await update(f.creator, { id: plan.id, circleId: other.id });
    const [out] = await feed(f);
    expect(out).toMatchObject({
      kind: "plan_transferred_out",
      circleId: f.circle.id,
      planId: plan.id,
      before: { title: "Dentist" },
      after: null,
    });
    const arrived = await f.outsider.trpc.activity.circle({ id: other.id });
    expect(arrived.entries).toHaveLength(1);
    expect(arrived.entries[0]).toMatchObject({
      kind: "plan_transferred_in",
      circleId: other.id,
      after: { title: "Dentist", place: "Main St 4" },
    });
  });

  it("a refused change records nothing: member 403, outsider 404, signed out 401, stale 409", async () => {
    const f = await family();
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    const before = await stored(f);
    const edit = { id: plan.id, title: "Mine now" };
    expect((await refusal(update(f.member, edit))).status).toBe(403);
    expect((await refusal(update(f.outsider, edit))).status).toBe(404);
    expect((await refusal(update(f.anon, edit))).status).toBe(401);
    expect((await refusal(update(f.creator, { ...edit, version: 99 }))).status).toBe(409);
    expect((await refusal(f.member.trpc.plans.delete({ id: plan.id }))).status).toBe(403);
    expect((await refusal(f.member.trpc.tasks.cancel({ id: plan.id }))).status).toBe(403);
    expect(await stored(f)).toBe(before);
  });
});

describe("members and invitations", () => {
  it("invitations sent: one entry per request, with how many and no address", async () => {
    const f = await family();
    const entry = await entryOf(f, () =>
      f.admin.trpc.invitations.inviteMany({
        id: f.circle.id,
        inviteEmails: ["nan@example.com", "pop@example.com"],
      }),
    );
    expect(entry).toMatchObject({
      kind: "invitations_sent",
      actor: personOf(f.admin),
      planId: null,
      title: null,
      after: { invitations: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain("example.com");
  });

  it("joined by accepting; declined without naming the invitee; withdrawn by an admin", async () => {
    const f = await family();
    const nan = await signedInCaller(f.h, { user: { firstName: "Nan", lastName: "Ames" } });
    const pop = await signedInCaller(f.h, { user: { firstName: "Pop", lastName: "Ames" } });
    const invite = (email: string) =>
      f.admin.trpc.invitations.create({ id: f.circle.id, email, relationship: "parent" });
    const forNan = await invite(nan.user.email);
    const forPop = await invite(pop.user.email);
    const other = await invite("someone@example.com");

    f.h.clock.advance(60_000);
    const joined = await entryOf(f, () => nan.trpc.invitations.accept({ id: forNan.id }));
    expect(joined).toMatchObject({
      kind: "member_joined",
      actor: personOf(nan),
      member: personOf(nan),
    });
    // The newcomer reads her own arrival, and nothing from before it.
    const hers = await nan.trpc.activity.circle({ id: f.circle.id });
    expect(hers.entries.map((entry) => entry.kind)).toEqual(["member_joined"]);

    const declined = await entryOf(f, () => pop.trpc.invitations.decline({ id: forPop.id }));
    expect(declined).toMatchObject({ kind: "invitation_declined", actor: null, member: null });
    expect(JSON.stringify(declined)).not.toContain("Pop");

    const withdrawn = await entryOf(f, () =>
      f.admin.trpc.invitations.delete({ id: f.circle.id, invitationId: other.id }),
    );
    expect(withdrawn).toMatchObject({ kind: "invitation_withdrawn", actor: personOf(f.admin) });
  });

  it("promoted and demoted, with the role before and after", async () => {
    const f = await family();
    const promoted = await entryOf(f, () =>
      f.admin.trpc.circles.setMemberRole({
        id: f.circle.id,
        userId: f.member.user.id,
        role: "admin",
      }),
    );
    expect(promoted).toMatchObject({
      kind: "member_promoted",
      actor: personOf(f.admin),
      member: personOf(f.member),
      before: { role: "member" },
      after: { role: "admin" },
    });
    const demoted = await entryOf(f, () =>
      f.creator.trpc.circles.setMemberRole({
        id: f.circle.id,
        userId: f.member.user.id,
        role: "member",
      }),
    );
    expect(demoted).toMatchObject({ kind: "member_demoted", after: { role: "member" } });
    // Asking for the role a member has changes nothing.
    const before = await stored(f);
    await f.creator.trpc.circles.setMemberRole({
      id: f.circle.id,
      userId: f.member.user.id,
      role: "member",
    });
    expect(await stored(f)).toBe(before);
  });

  it("the circle edited by an admin: its name then and now, the other fields by name; nothing changed, no entry", async () => {
    const f = await family();
    const { name } = await f.creator.trpc.circles.get({ id: f.circle.id });
    const edited = await entryOf(f, () =>
      f.admin.trpc.circles.update({
        id: f.circle.id,
        name: "The Lees",
        description: "Our week",
        color: "#a1b2c3",
      }),
    );
    expect(edited).toMatchObject({
      kind: "circle_edited",
      actor: personOf(f.admin),
      planId: null,
      before: { title: name },
      after: { title: "The Lees", changed: ["description", "eventColor"] },
    });
    const recoloured = await entryOf(f, () =>
      f.admin.trpc.circles.update({ id: f.circle.id, color: "#3b82f6" }),
    );
    expect(recoloured.after).toEqual({ changed: ["eventColor"] });
    const before = await stored(f);
    await f.admin.trpc.circles.update({ id: f.circle.id, name: "The Lees", color: "#3b82f6" });
    expect(await stored(f)).toBe(before);
  });

  it("removed: one entry for the departure and what it took, not one per plan", async () => {
    const f = await family();
    await weeklyTask(f);
    await weeklyTask(f);
    for (const start of ["2026-03-03T09:00:00Z", "2026-03-04T09:00:00Z"]) {
      await f.assignee.trpc.plans.create({
        circleId: f.circle.id,
        title: "Ivy's own",
        startTime: new Date(start),
      });
    }
    const removed = await entryOf(f, () =>
      f.admin.trpc.circles.removeMember({ id: f.circle.id, userId: f.assignee.user.id }),
    );
    expect(removed).toMatchObject({
      kind: "member_removed",
      actor: personOf(f.admin),
      member: personOf(f.assignee),
      after: { plansDeleted: 2, tasksWithdrawn: 2 },
    });
  });

  it("left: the leaver is actor and member; they no longer read the circle", async () => {
    const f = await family();
    const before = await stored(f);
    await f.member.trpc.circles.leave({ id: f.circle.id });
    expect(await stored(f)).toBe(before + 1);
    const [entry] = await feed(f, f.admin);
    expect(entry).toMatchObject({
      kind: "member_left",
      actor: personOf(f.member),
      member: personOf(f.member),
      after: {},
    });
    expect((await refusal(f.member.trpc.activity.circle({ id: f.circle.id }))).status).toBe(404);
  });

  it("an account deleted: its circle handed over by the system, its membership ended, names gone", async () => {
    const f = await family();
    await f.creator.trpc.user.deleteAccount({ password: f.creator.password });
    const entries = await feed(f, f.admin);
    expect(entries.map((entry) => [entry.kind, entry.actor, entry.member])).toEqual([
      ["member_left", null, null],
      ["circle_handed_over", null, personOf(f.admin)],
    ]);
  });
});

describe("an account deleted", () => {
  it("takes the entries it made with it; those naming it name nobody", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id, note: "Ivy's own words" });
    await f.admin.trpc.circles.setMemberRole({
      id: f.circle.id,
      userId: f.assignee.user.id,
      role: "admin",
    });
    await f.assignee.trpc.user.deleteAccount({ password: f.assignee.password });
    const entries = await feed(f);
    expect(JSON.stringify(entries)).not.toContain("Ivy");
    expect(entries.map((entry) => [entry.kind, entry.actor?.firstName ?? null])).toEqual([
      ["member_left", null],
      ["member_promoted", "Abe"],
      ["plan_created", "Cora"],
    ]);
    expect(entries[1]?.member).toBeNull();
    expect(entries[2]?.after?.assignee).toBeNull();
  });
});

describe("the same transaction", () => {
  /** Makes every insert into `table` (or every delete from it) fail, for the test's length. */
  async function failing(f: Family, statement: "insert into" | "delete from", table: string) {
    const db = f.h.db.db;
    const event = statement === "insert into" ? "insert" : "delete";
    await db.execute(sql`create or replace function fail_for_test() returns trigger
      language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await db.execute(
      sql.raw(`create trigger fail_for_test before ${event} on ${table}
        for each row execute function fail_for_test()`),
    );
    return async () => {
      await db.execute(sql.raw(`drop trigger fail_for_test on ${table}`));
      await db.execute(sql`drop function fail_for_test()`);
    };
  }

  it("a change whose entry cannot be written is not made", async () => {
    const f = await family();
    const plan = await eventAt(f, "2026-03-03T09:00:00Z");
    const restore = await failing(f, "insert into", "circle_activity");
    try {
      await expect(update(f.creator, { id: plan.id, title: "Moved on" })).rejects.toThrow();
      await expect(eventAt(f, "2026-03-05T09:00:00Z")).rejects.toThrow();
    } finally {
      await restore();
    }
    expect((await f.member.trpc.plans.get({ id: plan.id })).title).toBe("Dentist");
    const titles = (await f.member.trpc.plans.list({ from: "2026-03-01", to: "2026-03-31" })).map(
      (listed) => listed.title,
    );
    expect(titles).toEqual(["Dentist"]);
  });

  it("a change that fails after its entries were written leaves none of them", async () => {
    const f = await family();
    const before = await stored(f);
    // Deleting the account ends its memberships (entries written), then fails at the user row.
    const restore = await failing(f, "delete from", "users");
    try {
      await expect(
        f.member.trpc.user.deleteAccount({ password: f.member.password }),
      ).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await stored(f)).toBe(before);
  });
});

describe("reading a circle's feed", () => {
  it("members and admins read it; a non-member gets 404, a signed-out visitor 401", async () => {
    const f = await family();
    await eventAt(f, "2026-03-03T09:00:00Z");
    for (const reader of [f.member, f.admin, f.assignee, f.creator]) {
      expect((await feed(f, reader)).map((entry) => entry.kind)).toEqual(["plan_created"]);
    }
    const outsider = await refusal(f.outsider.trpc.activity.circle({ id: f.circle.id }));
    expect(outsider).toMatchObject({ status: 404, body: { message: messages.circleNotFound } });
    const missing = await refusal(f.member.trpc.activity.circle({ id: 999_999 }));
    expect(missing.body).toEqual(outsider.body);
    expect((await refusal(f.anon.trpc.activity.circle({ id: f.circle.id }))).status).toBe(401);
  });

  it("a member reads only what happened since they joined", async () => {
    const f = await family();
    await eventAt(f, "2026-03-03T09:00:00Z");
    f.h.clock.advance(60_000);
    const late = await signedInCaller(f.h);
    const invitation = await f.admin.trpc.invitations.create({
      id: f.circle.id,
      email: late.user.email,
    });
    f.h.clock.advance(60_000);
    await late.trpc.invitations.accept({ id: invitation.id });
    f.h.clock.advance(60_000);
    await eventAt(f, "2026-03-04T09:00:00Z", { title: "Optician" });
    const kinds = (await late.trpc.activity.circle({ id: f.circle.id })).entries.map((entry) => [
      entry.kind,
      entry.title,
    ]);
    expect(kinds).toEqual([
      ["plan_created", "Optician"],
      ["member_joined", null],
    ]);
    expect(await feed(f)).toHaveLength(4);
  });

  it("pages newest first by cursor, in a stable order when times tie", async () => {
    const f = await family();
    // 25 entries at one instant: the order must still be total, with no gap or repeat.
    for (let i = 0; i < 25; i++) await eventAt(f, "2026-03-03T09:00:00Z", { title: `Plan ${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await f.member.trpc.activity.circle({ id: f.circle.id, limit: 10, cursor });
      seen.push(...page.entries.map((entry) => entry.title ?? ""));
      if (!page.nextCursor) break;
      expect(page.entries).toHaveLength(10);
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Plan ${24 - i}`));
    // The default page is 20.
    expect((await f.member.trpc.activity.circle({ id: f.circle.id })).entries).toHaveLength(20);
  });

  it("refuses a cursor it did not write and a limit out of range, with the product's words", async () => {
    const f = await family();
    for (const cursor of ["bm90LWEtY3Vyc29y", "%%%", "A".repeat(65)]) {
      const refused = await refusal(f.member.trpc.activity.circle({ id: f.circle.id, cursor }));
      expect(refused).toMatchObject({
        status: 400,
        body: { message: messages.activityCursorInvalid, code: "VALIDATION_FAILED" },
      });
    }
    for (const limit of [0, 101, 1.5]) {
      const refused = await refusal(f.member.trpc.activity.circle({ id: f.circle.id, limit }));
      expect(refused).toMatchObject({
        status: 400,
        body: { message: messages.activityLimitInvalid },
      });
    }
  });
});

describe("reading across my circles", () => {
  it("merges my circles newest first, only those I am in now; signed out 401", async () => {
    const f = await family();
    const work = await createCircle(f.h.deps, {
      creatorId: f.member.user.id,
      type: "work",
      joinedAt: JOINED,
    });
    await eventAt(f, "2026-03-03T09:00:00Z", { title: "Family 1" });
    f.h.clock.advance(1000);
    await f.member.trpc.plans.create({
      circleId: work.id,
      title: "Work 1",
      startTime: new Date("2026-03-03T10:00:00Z"),
    });
    f.h.clock.advance(1000);
    await eventAt(f, "2026-03-03T11:00:00Z", { title: "Family 2" });
    // A circle of others' is never in it.
    const elsewhere = await createCircle(f.h.deps, {
      creatorId: f.outsider.user.id,
      joinedAt: JOINED,
    });
    await f.outsider.trpc.plans.create({
      circleId: elsewhere.id,
      title: "Not mine",
      startTime: new Date("2026-03-03T12:00:00Z"),
    });

    const mine = await f.member.trpc.activity.mine();
    expect(mine.entries.map((entry) => entry.title)).toEqual(["Family 2", "Work 1", "Family 1"]);
    const paged = await f.member.trpc.activity.mine({ limit: 2 });
    expect(paged.entries.map((entry) => entry.title)).toEqual(["Family 2", "Work 1"]);
    const rest = await f.member.trpc.activity.mine({ limit: 2, cursor: paged.nextCursor ?? "" });
    expect(rest).toEqual({
      entries: [expect.objectContaining({ title: "Family 1" })],
      nextCursor: null,
    });

    await f.member.trpc.circles.leave({ id: f.circle.id });
    const after = await f.member.trpc.activity.mine();
    expect(after.entries.map((entry) => entry.title)).toEqual(["Work 1"]);
    expect((await refusal(f.anon.trpc.activity.mine())).status).toBe(401);
  });
});

describe("retention", () => {
  it(`keeps entries ${90} days, and the upkeep deletes older ones`, async () => {
    const f = await family();
    await eventAt(f, "2026-03-03T09:00:00Z", { title: "Old" });
    f.h.clock.set(new Date("2026-05-29T12:00:00Z"));
    await eventAt(f, "2026-06-03T09:00:00Z", { title: "Young" });
    // 90 days after the first entry, and one millisecond: only the first is past its time.
    const now = new Date(NOW.getTime() + 90 * 24 * 3600_000 + 1);
    const report = await sweepExpired(f.h.deps, now);
    expect(report.circleActivity).toBe(1);
    const left = await f.h.db.db
      .select({ title: circleActivity.title })
      .from(circleActivity)
      .orderBy(desc(circleActivity.id));
    expect(left).toEqual([{ title: "Young" }]);
  });

  it("clears a backlog larger than one batch in one run, batch after batch", async () => {
    const f = await family();
    await f.h.db.db.execute(sql`insert into circle_activity (circle_id, kind, created_at)
      select ${f.circle.id}, 'plan_created', ${NOW.toISOString()}::timestamptz
      from generate_series(1, 5001)`);
    await eventAt(f, "2026-03-03T09:00:00Z", { title: "Kept" });
    const later = new Date(NOW.getTime() + 91 * 24 * 3600_000);
    await f.h.db.db.execute(
      sql`update circle_activity set created_at = ${later.toISOString()}::timestamptz where title = 'Kept'`,
    );
    expect((await sweepExpired(f.h.deps, later)).circleActivity).toBe(5001);
    expect(await stored(f)).toBe(1);
  });
});

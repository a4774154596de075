/**
 * The task rules, called in-process (api-conventions.md "Plans and tasks"; plans spec, sections
 * 4 and 6): answering (the assignee, once, a reason to decline), withdrawing (the creator),
 * completing (the creator, or the assignee once accepted; one occurrence of a series), and the
 * Action Center's lists: pending, history with paging, expired in the caller's zone. Each rule
 * for every role: signed out, outsider, member, assignee, creator. The HTTP doors are in
 * tasks.rest.integration.test.ts.
 */
import { withdrawAssignmentsOf } from "@circleplan/core/plans/tasks";
import { plans } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import type { CreateCirclePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const NOW = new Date("2026-03-10T12:00:00Z");

/**
 * A family circle: its creator (who assigns), the assignee, another member, an outsider, and a
 * signed-out visitor. Everyone in `zone` (UTC unless told).
 */
async function family(zone = "UTC") {
  const h = harness();
  h.clock.set(NOW);
  const user = { timeZone: zone };
  const creator = await signedInCaller(h, { user });
  const assignee = await signedInCaller(h, { user });
  const member = await signedInCaller(h, { user });
  const outsider = await signedInCaller(h, { user });
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    members: [assignee.user.id, member.user.id],
  });
  return { creator, assignee, member, outsider, circle, anon: callerFor(h) };
}

type Family = Awaited<ReturnType<typeof family>>;

/** A task of the creator's for the assignee (tomorrow at 9:00 UTC unless told). */
function assign(f: Family, fields: Partial<Omit<CreateCirclePlanInput, "id">> = {}) {
  return f.creator.trpc.plans.createInCircle({
    id: f.circle.id,
    title: "Take the bins out",
    startTime: new Date("2026-03-11T09:00:00Z"),
    assignedTo: f.assignee.user.id,
    ...fields,
  });
}

async function planRow(id: number) {
  const [row] = await harness().db.db.select().from(plans).where(eq(plans.id, id));
  return row as typeof plans.$inferSelect;
}

const ids = (tasks: { id: number }[]) => tasks.map((task) => task.id);

describe("answering a task", () => {
  it("lets the assignee accept with a note: stored, versioned, and answered with the task", async () => {
    const f = await family();
    const task = await assign(f);
    expect(task).toMatchObject({ type: "task", status: "pending", assignmentAccepted: null });
    harness().clock.advance(60_000);

    const answer = await f.assignee.trpc.tasks.accept({ id: task.id, note: "  On it  " });
    expect(answer.accepted).toBe(true);
    expect(answer.event).toMatchObject({
      id: task.id,
      assignmentAccepted: true,
      responseNote: "On it",
      status: "accepted",
      version: task.version + 1,
    });
    const row = await planRow(task.id);
    expect(row.respondedAt).toEqual(harness().clock.now());
    expect(row.assignmentAccepted).toBe(true);
  });

  it("accepts without a note, and through POST /api/events/{id}/respond", async () => {
    const f = await family();
    const first = await assign(f);
    const second = await assign(f);
    expect((await f.assignee.trpc.tasks.accept({ id: first.id })).event.responseNote).toBeNull();
    const answer = await f.assignee.trpc.plans.respond({ id: second.id, accepted: true });
    expect(answer).toMatchObject({ accepted: true, event: { status: "accepted" } });
  });

  it("declines only with a reason that is not blank, and keeps it", async () => {
    const f = await family();
    const task = await assign(f);
    for (const blank of ["", "   "]) {
      const refused = await refusal(f.assignee.trpc.tasks.decline({ id: task.id, reason: blank }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(messages.declineReasonRequired);
      const viaRespond = await refusal(
        f.assignee.trpc.plans.respond({ id: task.id, accepted: false, note: blank }),
      );
      expect(viaRespond.status).toBe(400);
      expect(viaRespond.body.message).toBe(messages.declineReasonRequired);
    }
    const noNote = await refusal(f.assignee.trpc.plans.respond({ id: task.id, accepted: false }));
    expect(noNote.body.message).toBe(messages.declineReasonRequired);
    expect((await planRow(task.id)).assignmentAccepted).toBeNull();

    const answer = await f.assignee.trpc.tasks.decline({ id: task.id, reason: " Away that week " });
    expect(answer).toMatchObject({
      accepted: false,
      event: { assignmentAccepted: false, responseNote: "Away that week", status: "declined" },
    });
  });

  it("answers once: a second answer either way is a conflict and changes nothing", async () => {
    const f = await family();
    const task = await assign(f);
    await f.assignee.trpc.tasks.accept({ id: task.id, note: "Yes" });
    const before = await planRow(task.id);
    for (const again of [
      () => f.assignee.trpc.tasks.accept({ id: task.id }),
      () => f.assignee.trpc.tasks.decline({ id: task.id, reason: "Changed my mind" }),
      () => f.assignee.trpc.plans.respond({ id: task.id, accepted: false, note: "No" }),
    ]) {
      const refused = await refusal(again());
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: messages.taskAlreadyAnswered, code: "CONFLICT" });
    }
    expect(await planRow(task.id)).toEqual(before);
  });

  it("takes one of two answers sent at once; the other is a conflict", async () => {
    const f = await family();
    const task = await assign(f);
    const results = await Promise.allSettled([
      f.assignee.trpc.tasks.accept({ id: task.id }),
      f.assignee.trpc.tasks.decline({ id: task.id, reason: "No" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((await refusal(Promise.reject(refused.reason))).status).toBe(409);
    expect((await planRow(task.id)).version).toBe(task.version + 1);
  });

  it("refuses everyone but the assignee: creator and member 403, outsider 404, signed out 401", async () => {
    const f = await family();
    const task = await assign(f);
    for (const who of [f.creator, f.member]) {
      const refused = await refusal(who.trpc.tasks.accept({ id: task.id }));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: messages.taskNotAssignedToYou, code: "FORBIDDEN" });
      expect((await refusal(who.trpc.tasks.decline({ id: task.id, reason: "No" }))).status).toBe(
        403,
      );
      expect((await refusal(who.trpc.plans.respond({ id: task.id, accepted: true }))).status).toBe(
        403,
      );
    }
    const stranger = await refusal(f.outsider.trpc.tasks.accept({ id: task.id }));
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: messages.planNotFound, code: "NOT_FOUND" });
    // Even a blank reason: a stranger learns nothing about the input before access is checked.
    expect((await refusal(f.outsider.trpc.tasks.decline({ id: task.id, reason: "" }))).status).toBe(
      404,
    );
    expect((await refusal(f.outsider.trpc.tasks.accept({ id: 999_999 }))).body).toEqual(
      stranger.body,
    );
    expect((await refusal(f.anon.trpc.tasks.accept({ id: task.id }))).status).toBe(401);
    expect((await planRow(task.id)).assignmentAccepted).toBeNull();
  });

  it("says a plan without an assignee is not a task", async () => {
    const f = await family();
    const plan = await f.creator.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "Dinner",
      startTime: new Date("2026-03-11T18:00:00Z"),
    });
    const refused = await refusal(f.assignee.trpc.tasks.accept({ id: plan.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.taskNotATask);
  });
});

describe("cancelling a task", () => {
  it("lets the creator withdraw it: it leaves the assignee's pending list, both histories say cancelled", async () => {
    const f = await family();
    const task = await assign(f);
    expect(ids(await f.assignee.trpc.tasks.pending())).toEqual([task.id]);
    expect(ids(await f.creator.trpc.tasks.pending())).toEqual([task.id]);
    harness().clock.advance(60_000);

    expect(await f.creator.trpc.tasks.cancel({ id: task.id })).toEqual({
      message: messages.taskCancelled,
    });
    expect(await f.assignee.trpc.tasks.pending()).toEqual([]);
    expect(await f.creator.trpc.tasks.pending()).toEqual([]);
    const row = await planRow(task.id);
    expect(row).toMatchObject({
      assignedTo: null,
      assignmentAccepted: null,
      cancelledAssignee: f.assignee.user.id,
      cancelledAt: harness().clock.now(),
      version: task.version + 1,
    });

    const mine = await f.creator.trpc.tasks.history({ type: "assigned-by-me" });
    expect(mine.tasks).toHaveLength(1);
    expect(mine.tasks[0]).toMatchObject({ id: task.id, status: "cancelled", assignedTo: null });
    const theirs = await f.assignee.trpc.tasks.history({ type: "assigned-to-me" });
    expect(theirs.tasks[0]).toMatchObject({ id: task.id, status: "cancelled" });
    expect(theirs.tasks[0]?.assigneeName).toBe(
      `${f.assignee.user.firstName} ${f.assignee.user.lastName}`,
    );

    // Nothing is left to answer or to cancel.
    const answer = await refusal(f.assignee.trpc.tasks.accept({ id: task.id }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.taskNotATask);
    expect((await refusal(f.creator.trpc.tasks.cancel({ id: task.id }))).status).toBe(400);
  });

  it("withdraws an accepted task too", async () => {
    const f = await family();
    const task = await assign(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    await f.creator.trpc.tasks.cancel({ id: task.id });
    expect((await f.creator.trpc.plans.get({ id: task.id })).status).toBe("cancelled");
    expect(await f.assignee.trpc.tasks.expired({ month: 2, year: 2026 })).toEqual({ tasks: [] });
  });

  it("refuses everyone but the creator: assignee and member 403, outsider 404, signed out 401", async () => {
    const f = await family();
    const task = await assign(f);
    for (const who of [f.assignee, f.member]) {
      const refused = await refusal(who.trpc.tasks.cancel({ id: task.id }));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: messages.cancelCreatorOnly, code: "FORBIDDEN" });
    }
    expect((await refusal(f.outsider.trpc.tasks.cancel({ id: task.id }))).status).toBe(404);
    expect((await refusal(f.anon.trpc.tasks.cancel({ id: task.id }))).status).toBe(401);
    expect((await planRow(task.id)).assignedTo).toBe(f.assignee.user.id);
  });
});

describe("completing", () => {
  it("a task: the creator at any time, the assignee only once accepted; others 403 with the spec's text", async () => {
    const f = await family();
    const task = await assign(f);
    const notYet = await refusal(f.assignee.trpc.plans.complete({ id: task.id }));
    expect(notYet.status).toBe(403);
    expect(notYet.body).toEqual({ message: messages.completeNotAllowed, code: "FORBIDDEN" });
    expect((await refusal(f.member.trpc.plans.complete({ id: task.id }))).status).toBe(403);
    expect((await refusal(f.outsider.trpc.plans.complete({ id: task.id }))).status).toBe(404);
    expect((await refusal(f.anon.trpc.plans.complete({ id: task.id }))).status).toBe(401);

    await f.assignee.trpc.tasks.accept({ id: task.id });
    harness().clock.advance(60_000);
    const done = await f.assignee.trpc.plans.complete({ id: task.id, isCompleted: true });
    expect(done).toMatchObject({
      isCompleted: true,
      event: {
        isCompleted: true,
        status: "completed",
        completedBy: f.assignee.user.id,
        completedAt: harness().clock.now(),
      },
    });
    const reopened = await f.creator.trpc.plans.complete({ id: task.id, isCompleted: false });
    expect(reopened).toMatchObject({
      isCompleted: false,
      event: { status: "accepted", completedAt: null },
    });
    expect((await refusal(f.member.trpc.plans.complete({ id: task.id }))).body.message).toBe(
      messages.completeNotAllowed,
    );
  });

  it("a declined task: not by its assignee", async () => {
    const f = await family();
    const task = await assign(f);
    await f.assignee.trpc.tasks.decline({ id: task.id, reason: "Busy" });
    expect((await refusal(f.assignee.trpc.plans.complete({ id: task.id }))).status).toBe(403);
    expect((await f.creator.trpc.plans.complete({ id: task.id })).isCompleted).toBe(true);
  });

  it("an event or to-do: its creator only", async () => {
    const f = await family();
    for (const type of ["event", "todo"] as const) {
      const plan = await f.creator.trpc.plans.createInCircle({
        id: f.circle.id,
        title: "Buy milk",
        type,
        startTime: new Date("2026-03-11T09:00:00Z"),
      });
      expect((await refusal(f.member.trpc.plans.complete({ id: plan.id }))).status).toBe(403);
      expect((await f.creator.trpc.plans.complete({ id: plan.id })).isCompleted).toBe(true);
    }
  });

  it("one occurrence of a recurring task, leaving the others open", async () => {
    const f = await family();
    const series = await assign(f, { isRecurring: true, recurrenceType: "weekly" });
    await f.assignee.trpc.tasks.accept({ id: series.id });
    const second = new Date("2026-03-18T09:00:00Z");
    const done = await f.assignee.trpc.plans.complete({
      id: series.id,
      isCompleted: true,
      occurrenceStart: second,
    });
    expect(done.event).toMatchObject({
      startTime: second,
      originalStartTime: second,
      isCompleted: true,
    });
    const week = await f.assignee.trpc.plans.list({ from: "2026-03-11", to: "2026-03-25" });
    const mine = week.filter((plan) => plan.id === series.id);
    expect(mine.map((plan) => [plan.date, plan.isCompleted])).toEqual([
      ["2026-03-11", false],
      ["2026-03-18", true],
      ["2026-03-25", false],
    ]);
    const missing = await refusal(
      f.assignee.trpc.plans.complete({
        id: series.id,
        occurrenceStart: new Date("2026-03-19T09:00:00Z"),
      }),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.occurrenceNotFound);
  });
});

describe("pending tasks", () => {
  it("lists what I must answer and what I am waiting for, by start, only while unanswered", async () => {
    const f = await family();
    const later = await assign(f, { title: "Later", startTime: new Date("2026-03-20T09:00:00Z") });
    const sooner = await assign(f, {
      title: "Sooner",
      startTime: new Date("2026-03-12T09:00:00Z"),
    });
    const mineToGive = await f.assignee.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "For the creator",
      startTime: new Date("2026-03-15T09:00:00Z"),
      assignedTo: f.creator.user.id,
    });
    const answered = await assign(f, { title: "Answered" });
    await f.assignee.trpc.tasks.accept({ id: answered.id });
    // Someone else's task between two others: none of mine.
    await f.creator.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "Not mine",
      startTime: new Date("2026-03-13T09:00:00Z"),
      assignedTo: f.member.user.id,
    });

    const pending = await f.assignee.trpc.tasks.pending();
    expect(pending.map((task) => task.title)).toEqual(["Sooner", "For the creator", "Later"]);
    expect(pending[0]).toEqual({
      id: sooner.id,
      title: "Sooner",
      startTime: new Date("2026-03-12T09:00:00Z"),
      date: "2026-03-12",
      circleId: f.circle.id,
      circleName: f.circle.name,
      circleColor: f.circle.color,
      isAssignedToMe: true,
      isCreatedByMe: false,
      creatorName: `${f.creator.user.firstName} ${f.creator.user.lastName}`,
      assigneeName: `${f.assignee.user.firstName} ${f.assignee.user.lastName}`,
      description: null,
      // A one-off task names no occurrence.
      originalStartTime: null,
      originalDate: null,
    });
    expect(pending[1]).toMatchObject({
      id: mineToGive.id,
      isAssignedToMe: false,
      isCreatedByMe: true,
    });
    expect(pending[2]?.id).toBe(later.id);
    expect(await f.member.trpc.tasks.pending()).toHaveLength(1);
    expect(await f.outsider.trpc.tasks.pending()).toEqual([]);
    expect((await refusal(f.anon.trpc.tasks.pending())).status).toBe(401);
  });

  it("drops a task once it is completed, even unanswered", async () => {
    const f = await family();
    const task = await assign(f);
    await f.creator.trpc.plans.complete({ id: task.id });
    expect(await f.assignee.trpc.tasks.pending()).toEqual([]);
    expect(await f.creator.trpc.tasks.pending()).toEqual([]);
  });

  it("names a series by its next occurrence, in the caller's zone", async () => {
    const f = await family("America/New_York");
    harness().clock.set(new Date("2026-03-20T12:00:00Z"));
    const series = await assign(f, {
      startTime: new Date("2026-03-04T14:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    const [item] = await f.assignee.trpc.tasks.pending();
    // 4 March was 9:00 EST; the series keeps 9:00 in New York after the clocks moved (8 March).
    expect(item).toMatchObject({
      id: series.id,
      startTime: new Date("2026-03-25T13:00:00Z"),
      date: "2026-03-25",
    });
  });

  it("drops a task whose circle I no longer belong to", async () => {
    const f = await family();
    await assign(f);
    expect(await f.assignee.trpc.tasks.pending()).toHaveLength(1);
    await f.creator.trpc.circles.removeMember({ id: f.circle.id, userId: f.assignee.user.id });
    expect(await f.assignee.trpc.tasks.pending()).toEqual([]);
    expect((await f.assignee.trpc.tasks.history({ type: "assigned-to-me" })).tasks).toEqual([]);
  });
});

describe("a member leaving the circle", () => {
  it("has their assignments there withdrawn, as a cancel would, and keeps those elsewhere", async () => {
    const f = await family();
    const here = await assign(f);
    const elsewhere = await createCircle(harness().deps, {
      creatorId: f.creator.user.id,
      members: [f.assignee.user.id],
    });
    const kept = await f.creator.trpc.plans.createInCircle({
      id: elsewhere.id,
      title: "Elsewhere",
      startTime: new Date("2026-03-11T09:00:00Z"),
      assignedTo: f.assignee.user.id,
    });
    await harness().db.db.transaction((tx) =>
      withdrawAssignmentsOf(
        tx,
        { circleId: f.circle.id, userId: f.assignee.user.id },
        { by: f.creator.user.id, at: harness().clock.now() },
      ),
    );
    expect(await planRow(here.id)).toMatchObject({
      assignedTo: null,
      cancelledAssignee: f.assignee.user.id,
      cancelledAt: harness().clock.now(),
    });
    expect(ids(await f.creator.trpc.tasks.pending())).toEqual([kept.id]);
    const history = await f.creator.trpc.tasks.history({ type: "assigned-by-me" });
    expect(history.tasks.map((task) => [task.id, task.status])).toEqual([
      [kept.id, "pending"],
      [here.id, "cancelled"],
    ]);
  });
});

describe("task history", () => {
  it("pages 10 at a time, newest first, with a stable order when times tie", async () => {
    const f = await family();
    const made: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Three tasks share each instant: the id breaks the tie.
      if (i % 3 === 0) harness().clock.advance(60_000);
      made.push((await assign(f, { title: `Task ${i}` })).id);
    }
    const newestFirst = [...made].reverse();

    const first = await f.assignee.trpc.tasks.history({ type: "assigned-to-me", page: 1 });
    expect(first.pagination).toEqual({ page: 1, limit: 10, hasMore: true });
    expect(ids(first.tasks)).toEqual(newestFirst.slice(0, 10));
    const second = await f.assignee.trpc.tasks.history({ type: "assigned-to-me", page: 2 });
    expect(second.pagination).toEqual({ page: 2, limit: 10, hasMore: false });
    expect(ids(second.tasks)).toEqual(newestFirst.slice(10));
    const beyond = await f.assignee.trpc.tasks.history({ type: "assigned-to-me", page: 3 });
    expect(beyond).toEqual({ tasks: [], pagination: { page: 3, limit: 10, hasMore: false } });

    const byMe = await f.creator.trpc.tasks.history({ type: "assigned-by-me", page: 2 });
    expect(ids(byMe.tasks)).toEqual(newestFirst.slice(10));
    expect(await f.creator.trpc.tasks.history({ type: "assigned-to-me" })).toMatchObject({
      tasks: [],
    });
    expect((await f.member.trpc.tasks.history({ type: "assigned-to-me" })).pagination.hasMore).toBe(
      false,
    );
  });

  it("shows each state: pending, accepted, declined, completed", async () => {
    const f = await family();
    const pending = await assign(f);
    const accepted = await assign(f);
    const declined = await assign(f);
    const completed = await assign(f);
    await f.assignee.trpc.tasks.accept({ id: accepted.id });
    await f.assignee.trpc.tasks.decline({ id: declined.id, reason: "No time" });
    await f.creator.trpc.plans.complete({ id: completed.id });
    const { tasks } = await f.creator.trpc.tasks.history({ type: "assigned-by-me" });
    const status = new Map(tasks.map((task) => [task.id, task.status]));
    expect(status.get(pending.id)).toBe("pending");
    expect(status.get(accepted.id)).toBe("accepted");
    expect(status.get(declined.id)).toBe("declined");
    expect(status.get(completed.id)).toBe("completed");
    expect(tasks.find((task) => task.id === declined.id)?.responseNote).toBe("No time");
  });

  it("leaves out what still waits for an answer when asked to (the Action Center's Recent History)", async () => {
    const f = await family();
    const pending = await assign(f);
    const accepted = await assign(f);
    const withdrawn = await assign(f);
    await f.assignee.trpc.tasks.accept({ id: accepted.id });
    await f.creator.trpc.tasks.cancel({ id: withdrawn.id });
    const answered = { includePending: false } as const;
    for (const [member, type] of [
      [f.creator, "assigned-by-me"],
      [f.assignee, "assigned-to-me"],
    ] as const) {
      expect(ids((await member.trpc.tasks.history({ type, ...answered })).tasks)).toEqual([
        withdrawn.id,
        accepted.id,
      ]);
      // The spec's call, without the field, keeps every task.
      expect(ids((await member.trpc.tasks.history({ type })).tasks)).toContain(pending.id);
    }
    // Answered, it moves from the pending list to the history.
    await f.assignee.trpc.tasks.decline({ id: pending.id, reason: "Away" });
    expect(
      ids((await f.creator.trpc.tasks.history({ type: "assigned-by-me", ...answered })).tasks),
    ).toEqual([withdrawn.id, accepted.id, pending.id]);
  });

  it("leaves out plans that are not tasks", async () => {
    const f = await family();
    await f.creator.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "Dinner",
      startTime: new Date("2026-03-11T18:00:00Z"),
    });
    expect((await f.creator.trpc.tasks.history({ type: "assigned-by-me" })).tasks).toEqual([]);
  });
});

describe("expired tasks", () => {
  it("answers the month's tasks whose time passed without completion", async () => {
    const f = await family();
    harness().clock.set(new Date("2026-03-20T12:00:00Z"));
    const passed = await assign(f, {
      title: "Passed",
      startTime: new Date("2026-03-05T09:00:00Z"),
    });
    const done = await assign(f, { title: "Done", startTime: new Date("2026-03-06T09:00:00Z") });
    await f.creator.trpc.plans.complete({ id: done.id });
    const declined = await assign(f, { startTime: new Date("2026-03-07T09:00:00Z") });
    await f.assignee.trpc.tasks.decline({ id: declined.id, reason: "No" });
    await assign(f, { title: "Coming", startTime: new Date("2026-03-25T09:00:00Z") });
    await assign(f, { title: "February", startTime: new Date("2026-02-25T09:00:00Z") });
    await f.creator.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "Not a task",
      startTime: new Date("2026-03-05T09:00:00Z"),
    });

    const march = await f.assignee.trpc.tasks.expired({ month: 2, year: 2026 });
    expect(march.tasks.map((task) => task.title)).toEqual(["Passed"]);
    expect(march.tasks[0]).toMatchObject({ id: passed.id, status: "pending" });
    expect((await f.creator.trpc.tasks.expired({ month: 2, year: 2026 })).tasks).toHaveLength(1);
    expect((await f.member.trpc.tasks.expired({ month: 2, year: 2026 })).tasks).toEqual([]);
    expect(
      (await f.assignee.trpc.tasks.expired({ month: 1, year: 2026 })).tasks.map((t) => t.title),
    ).toEqual(["February"]);
    expect((await f.assignee.trpc.tasks.expired({ month: 3, year: 2026 })).tasks).toEqual([]);
    expect((await refusal(f.anon.trpc.tasks.expired({ month: 2, year: 2026 }))).status).toBe(401);
  });

  it("reads the month in the caller's zone, at both ends", async () => {
    const f = await family("America/Los_Angeles");
    harness().clock.set(new Date("2026-04-15T12:00:00Z"));
    // 31 January 23:30 in Los Angeles is already February in UTC.
    const lastOfJanuary = await assign(f, { startTime: new Date("2026-02-01T07:30:00Z") });
    // 28 February 21:00 in Los Angeles is 1 March in UTC.
    const lastOfFebruary = await assign(f, { startTime: new Date("2026-03-01T05:00:00Z") });
    // 1 March 0:30 in Los Angeles.
    const firstOfMarch = await assign(f, { startTime: new Date("2026-03-01T08:30:00Z") });

    const inZone = async (month: number) =>
      ids((await f.assignee.trpc.tasks.expired({ month, year: 2026 })).tasks);
    expect(await inZone(0)).toEqual([lastOfJanuary.id]);
    expect(await inZone(1)).toEqual([lastOfFebruary.id]);
    expect(await inZone(2)).toEqual([firstOfMarch.id]);
  });

  it("counts a timed task from its start and an all-day task once its day is over", async () => {
    const f = await family("Europe/Berlin");
    harness().clock.set(new Date("2026-03-10T08:00:00Z")); // 9:00 in Berlin
    const startedAnHourAgo = await assign(f, { startTime: new Date("2026-03-10T07:00:00Z") });
    await assign(f, { startTime: new Date("2026-03-10T09:00:00Z") });
    await assign(f, {
      allDay: true,
      date: "2026-03-10",
      startTime: new Date("2026-03-10T07:00:00Z"),
    });
    const yesterday = await assign(f, {
      allDay: true,
      date: "2026-03-09",
      startTime: new Date("2026-03-09T07:00:00Z"),
    });
    const expired = await f.assignee.trpc.tasks.expired({ month: 2, year: 2026 });
    expect(ids(expired.tasks).sort()).toEqual([startedAnHourAgo.id, yesterday.id].sort());
  });

  it("answers each passed occurrence of a series that was not completed on its own", async () => {
    const f = await family();
    harness().clock.set(new Date("2026-03-20T12:00:00Z"));
    const series = await assign(f, {
      startTime: new Date("2026-03-02T09:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await f.assignee.trpc.tasks.accept({ id: series.id });
    await f.assignee.trpc.plans.complete({
      id: series.id,
      occurrenceStart: new Date("2026-03-09T09:00:00Z"),
    });
    const expired = await f.assignee.trpc.tasks.expired({ month: 2, year: 2026 });
    expect(expired.tasks.map((task) => task.date)).toEqual(["2026-03-02", "2026-03-16"]);
  });
});

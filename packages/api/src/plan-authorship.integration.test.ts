/**
 * Who last changed a plan (issue 20, "Every member sees the plan"): `updatedBy` and
 * `updatedByName` on every plan answer, written by every path that changes a plan (created,
 * edited whole, one occurrence edited or deleted, this and following split or deleted,
 * answered, completed, withdrawn, a member removed) in the name of whoever did it, and left
 * alone by a change the rules refuse. The REST door's answer is in plans.rest.integration.test.ts.
 */
import { plans } from "@circleplan/db/schema";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { circleOfFour, TASK_MONDAYS, weeklyTask } from "./testing/circle-callers";
import { refusal, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** plans.update with its whole input (plans.integration.test.ts says why the cast). */
function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

const NOW = new Date("2026-03-01T12:00:00Z");
const MONDAYS = TASK_MONDAYS;

/**
 * A circle of four: its creator (who makes the plans), an admin, the assignee and a plain
 * member; an outsider and a signed-out visitor beside it.
 */
async function family() {
  const h = harness();
  h.clock.set(NOW);
  return { h, ...(await circleOfFour(h)) };
}

type Family = Awaited<ReturnType<typeof family>>;

/** The author as every member reads it: the plan itself and the day list agree. */
async function authorOf(f: Family, id: number, reader: TestCaller = f.member) {
  const [row] = await f.h.db.db
    .select({ updatedBy: plans.updatedBy })
    .from(plans)
    .where(eq(plans.id, id));
  const plan = await reader.trpc.plans.get({ id });
  const listed = (await reader.trpc.plans.list({ from: "2026-03-01", to: "2026-03-31" })).find(
    (item) => item.id === id,
  );
  expect(listed?.updatedBy).toBe(plan.updatedBy);
  expect(listed?.updatedByName).toBe(plan.updatedByName);
  expect(plan.updatedBy).toBe(row?.updatedBy);
  return { id: plan.updatedBy, name: plan.updatedByName };
}

const by = (who: TestCaller & { user: { id: number; firstName: string; lastName: string } }) => ({
  id: who.user.id,
  name: `${who.user.firstName} ${who.user.lastName}`,
});

/** The assignee's accepted completion of one occurrence: a change in the assignee's name. */
async function assigneeTouches(f: Family, plan: Plan, occurrenceStart: Date) {
  await f.assignee.trpc.plans.complete({ id: plan.id, isCompleted: true, occurrenceStart });
  expect(await authorOf(f, plan.id)).toEqual(by(f.assignee));
}

describe("who last changed a plan", () => {
  it("a new plan names its creator, to every member, in the plan, the lists and the history", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    expect(task).toMatchObject({ updatedBy: f.creator.user.id, updatedByName: "Cora Ames" });
    expect(await authorOf(f, task.id, f.member)).toEqual(by(f.creator));
    expect(await authorOf(f, task.id, f.assignee)).toEqual(by(f.creator));
    const history = await f.creator.trpc.tasks.history({ type: "assigned-by-me" });
    expect(history.tasks[0]).toMatchObject({ id: task.id, updatedByName: "Cora Ames" });
  });

  it("an answer is the assignee's change: accepted with its note, then when", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    expect(task.respondedAt).toBeNull();
    f.h.clock.advance(60_000);
    const answer = await f.assignee.trpc.tasks.accept({ id: task.id, note: "Fine\nI'll drive" });
    expect(answer.event).toMatchObject({
      responseNote: "Fine\nI'll drive",
      respondedAt: f.h.clock.now(),
      updatedBy: f.assignee.user.id,
      updatedByName: "Ivy Ames",
    });
    expect(await authorOf(f, task.id)).toEqual(by(f.assignee));
  });

  it("a decline is the assignee's change too, with its reason", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    const answer = await f.assignee.trpc.tasks.decline({ id: task.id, reason: "Away" });
    expect(answer.event).toMatchObject({ responseNote: "Away", updatedByName: "Ivy Ames" });
  });

  it("the creator's edit of the whole series after the assignee's change names the creator", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    expect(await authorOf(f, task.id)).toEqual(by(f.assignee));
    await update(f.creator, { id: task.id, title: "Swimming run (new pool)", scope: "all" });
    expect(await authorOf(f, task.id)).toEqual(by(f.creator));
  });

  it("a refused change leaves the author as it was: member 403, outsider 404, signed out 401", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    const edit = { id: task.id, title: "Mine now" };
    expect((await refusal(update(f.member, edit))).status).toBe(403);
    expect((await refusal(update(f.admin, edit))).status).toBe(403);
    expect((await refusal(update(f.outsider, edit))).status).toBe(404);
    expect((await refusal(update(f.anon, edit))).status).toBe(401);
    const complete = { id: task.id, isCompleted: true };
    expect((await refusal(f.member.trpc.plans.complete(complete))).status).toBe(403);
    expect((await refusal(f.member.trpc.tasks.cancel({ id: task.id }))).status).toBe(403);
    expect(await authorOf(f, task.id)).toEqual(by(f.assignee));
  });

  it("completing and reopening name the completer: the whole task, one occurrence, by PUT", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    await update(f.creator, { id: task.id, description: "Towels", scope: "all" });
    await assigneeTouches(f, task, MONDAYS[1] as Date);

    await f.creator.trpc.plans.complete({ id: task.id, isCompleted: true, scope: "all" });
    expect(await authorOf(f, task.id)).toEqual(by(f.creator));
    await update(f.assignee, { id: task.id, isCompleted: false, scope: "all" });
    expect(await authorOf(f, task.id)).toEqual(by(f.assignee));
  });

  it("one occurrence edited, or deleted, names the creator who did it", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    await update(f.creator, {
      id: task.id,
      occurrenceStart: MONDAYS[1] as Date,
      scope: "occurrence",
      title: "Swimming run (gala)",
    });
    expect(await authorOf(f, task.id)).toEqual(by(f.creator));

    await assigneeTouches(f, task, MONDAYS[0] as Date);
    await f.creator.trpc.plans.delete({
      id: task.id,
      occurrenceStart: MONDAYS[2] as Date,
      scope: "occurrence",
    });
    expect(await authorOf(f, task.id)).toEqual(by(f.creator));
  });

  it("this and following: the split's two series, and a delete of the following, name the creator", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    await assigneeTouches(f, task, MONDAYS[0] as Date);
    const split = await update(f.creator, {
      id: task.id,
      occurrenceStart: MONDAYS[1] as Date,
      scope: "following",
      title: "Swimming run (later)",
    });
    expect(split.id).not.toBe(task.id);
    expect(await authorOf(f, task.id)).toEqual(by(f.creator));
    expect(await authorOf(f, split.id)).toEqual(by(f.creator));

    await assigneeTouches(f, split, MONDAYS[1] as Date);
    await f.creator.trpc.plans.delete({
      id: split.id,
      occurrenceStart: MONDAYS[2] as Date,
      scope: "following",
    });
    expect(await authorOf(f, split.id)).toEqual(by(f.creator));
  });

  it("withdrawing: the creator's cancel, and an admin's removal of the assignee, name who did it", async () => {
    const f = await family();
    const cancelled = await weeklyTask(f);
    const removed = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: cancelled.id });
    await f.assignee.trpc.tasks.accept({ id: removed.id });

    await f.creator.trpc.tasks.cancel({ id: cancelled.id });
    expect(await authorOf(f, cancelled.id)).toEqual(by(f.creator));

    await f.admin.trpc.circles.removeMember({ id: f.circle.id, userId: f.assignee.user.id });
    expect(await authorOf(f, removed.id)).toEqual(by(f.admin));
  });

  it("an author whose account is deleted becomes unknown, never a name or id left dangling", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    await f.assignee.trpc.tasks.accept({ id: task.id });
    await f.assignee.trpc.user.deleteAccount({ password: f.assignee.password });
    expect(await authorOf(f, task.id)).toEqual({ id: null, name: null });
  });

  it("a pending series task names its current occurrence, so a client can open that one", async () => {
    const f = await family();
    const task = await weeklyTask(f);
    f.h.clock.set(new Date("2026-03-05T12:00:00Z"));
    const [pending] = await f.assignee.trpc.tasks.pending();
    expect(pending).toMatchObject({
      id: task.id,
      startTime: MONDAYS[1],
      originalStartTime: MONDAYS[1],
      originalDate: null,
    });
  });
});

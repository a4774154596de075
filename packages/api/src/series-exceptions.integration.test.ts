/**
 * Issue 19, item 6: an edit of a whole series, or of this and the following occurrences, that
 * moves it to another time or day carries its exceptions along (docs/decisions/009, "Exceptions
 * follow the series"): deleted occurrences stay deleted, completed ones completed, edited ones
 * keep their own values and moved ones their own times; a task's answer stays. Each kind, for
 * "all" and "following", for a later time, another day, across a DST change in the user's zone,
 * and what a new rule does to the exceptions whose occurrence it no longer has.
 */
import { listOccurrences } from "@circleplan/core/plans/list-occurrences";
import { toPlans } from "@circleplan/core/plans/to-plan";
import { planOccurrences } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { dayIn, instantAt, timeIn } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

/** A fixed "now" (a Sunday) before every occurrence, so nothing depends on the calendar. */
const NOW = new Date("2026-03-01T12:00:00Z");
const LONDON = "Europe/London"; // clocks go forward on 29 March 2026
const NEW_YORK = "America/New_York"; // clocks go forward on 8 March 2026

/** A creator and a member of one circle, both living in `zone`, at NOW. */
async function household(zone: string) {
  const h = harness();
  h.clock.set(NOW);
  const creator = await signedInCaller(h, { user: { timeZone: zone } });
  const assignee = await signedInCaller(h, { user: { timeZone: zone } });
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    members: [assignee.user.id],
  });
  const local = (day: string, time = "18:00") => instantAt(day, time, zone);
  return { h, creator, assignee, circle, local };
}

/**
 * A weekly task on Mondays at 18:00 in `zone` from 2 March 2026, assigned to a member who
 * accepted it with a note, with one exception of each kind:
 * - 9 March completed by the assignee;
 * - 23 March deleted;
 * - 30 March (after the clocks changed) completed;
 * - 6 April moved to Wednesday 8 April 10:00 and renamed "Gala";
 * - 13 April given its own place.
 */
async function swimmingTask(zone: string) {
  const { h, creator, assignee, circle, local } = await household(zone);
  const series = await creator.trpc.plans.create({
    circleId: circle.id,
    title: "Swimming",
    startTime: local("2026-03-02"),
    endTime: local("2026-03-02", "19:00"),
    timeZone: zone,
    isRecurring: true,
    recurrenceType: "weekly",
    assignedTo: assignee.user.id,
  });
  await assignee.trpc.tasks.accept({ id: series.id, note: "I'll take the bus" });
  const complete = (day: string) =>
    assignee.trpc.plans.complete({
      id: series.id,
      occurrenceStart: local(day),
      isCompleted: true,
    });
  await complete("2026-03-09");
  await creator.trpc.plans.delete({ id: series.id, occurrenceStart: local("2026-03-23") });
  await complete("2026-03-30");
  await update(creator, {
    id: series.id,
    occurrenceStart: local("2026-04-06"),
    startTime: local("2026-04-08", "10:00"),
    title: "Gala",
  });
  await update(creator, {
    id: series.id,
    occurrenceStart: local("2026-04-13"),
    location: "Outdoor pool",
  });
  /**
   * What the circle holds from March to April, one line an occurrence: its original day, where
   * it is (day and time in the zone), its title and place, and whether it is done.
   */
  async function lines(): Promise<string[]> {
    const rows = await listOccurrences(h.db.db, {
      circleIds: [circle.id],
      from: new Date("2026-03-01T00:00:00Z"),
      to: new Date("2026-05-01T00:00:00Z"),
      viewerZone: zone,
    });
    return toPlans(rows, { viewerZone: zone }).map((plan) => lineOf(plan, zone));
  }
  /** The original day and time of each deleted occurrence of `planIds`. */
  async function deleted(planIds: number[]): Promise<string[]> {
    const rows = await h.db.db
      .select({ originalStart: planOccurrences.originalStart })
      .from(planOccurrences)
      .where(and(inArray(planOccurrences.planId, planIds), eq(planOccurrences.isCancelled, true)));
    return rows.map(({ originalStart }) => at(originalStart as Date, zone));
  }
  /** The creator's edit of `scope`, made on the occurrence of `day` at 18:00. */
  const editFrom = (day: string, scope: "all" | "following", changes: Partial<UpdatePlanInput>) =>
    update(creator, { id: series.id, occurrenceStart: local(day), scope, ...changes });
  return { h, creator, assignee, circle, series, local, lines, deleted, editFrom };
}

const at = (instant: Date, zone: string) => `${dayIn(instant, zone)} ${timeIn(instant, zone)}`;

function lineOf(plan: Plan, zone: string): string {
  const original = plan.originalStartTime ? dayIn(plan.originalStartTime, zone) : plan.originalDate;
  const place = plan.location ? ` @ ${plan.location}` : "";
  return `${original}: ${at(plan.startTime, zone)} ${plan.title}${place}${plan.isCompleted ? " (done)" : ""}`;
}

/** The task's answer as each of `planIds` shows it to `who`: accepted or not, and the note. */
async function answersOf(who: TestCaller, planIds: number[]) {
  const plans = await Promise.all(planIds.map((id) => who.trpc.plans.get({ id })));
  return plans.map((plan) => [plan.assignmentAccepted, plan.responseNote]);
}
const ACCEPTED = [true, "I'll take the bus"];

/**
 * The London task from 16 March on, once its time is 19:00 from there (with "all" or with "this
 * and following"): 23 March still deleted, the others as they were, at 19:00 on either side of
 * the clocks' change.
 */
const AT_SEVEN_FROM_16_MARCH = [
  "2026-03-16: 2026-03-16 19:00 Swimming",
  "2026-03-30: 2026-03-30 19:00 Swimming (done)",
  // Moved on its own: it stays where the user put it, with its own title.
  "2026-04-06: 2026-04-08 10:00 Gala",
  "2026-04-13: 2026-04-13 19:00 Swimming @ Outdoor pool",
  "2026-04-20: 2026-04-20 19:00 Swimming",
  "2026-04-27: 2026-04-27 19:00 Swimming",
];

describe("an edit of all occurrences carries the exceptions along", () => {
  it("a later time: deleted stays deleted, completed stays completed, across London's DST change", async () => {
    const t = await swimmingTask(LONDON);
    await t.editFrom("2026-03-16", "all", {
      startTime: t.local("2026-03-16", "19:00"),
    });
    expect(await t.lines()).toEqual([
      "2026-03-02: 2026-03-02 19:00 Swimming",
      "2026-03-09: 2026-03-09 19:00 Swimming (done)",
      ...AT_SEVEN_FROM_16_MARCH,
    ]);
    expect(await t.deleted([t.series.id])).toEqual(["2026-03-23 19:00"]);
    // The task's answer is the series', unchanged.
    expect(await answersOf(t.assignee, [t.series.id])).toEqual([ACCEPTED]);
  });

  it("another day, edited from a completed occurrence: the weekly day moves and every exception to its new day", async () => {
    const t = await swimmingTask(LONDON);
    const moved = await t.editFrom("2026-03-09", "all", {
      startTime: t.local("2026-03-10"),
    });
    // The occurrence the user edited: moved to Tuesday, still done.
    expect(moved).toMatchObject({
      recurrenceDaysOfWeek: ["tuesday"],
      originalStartTime: t.local("2026-03-10"),
      isCompleted: true,
    });
    expect(await t.lines()).toEqual([
      "2026-03-03: 2026-03-03 18:00 Swimming",
      "2026-03-10: 2026-03-10 18:00 Swimming (done)",
      "2026-03-17: 2026-03-17 18:00 Swimming",
      "2026-03-31: 2026-03-31 18:00 Swimming (done)",
      "2026-04-07: 2026-04-08 10:00 Gala",
      "2026-04-14: 2026-04-14 18:00 Swimming @ Outdoor pool",
      "2026-04-21: 2026-04-21 18:00 Swimming",
      "2026-04-28: 2026-04-28 18:00 Swimming",
    ]);
    expect(await t.deleted([t.series.id])).toEqual(["2026-03-24 18:00"]);
  });

  it("the occurrence the edit is made on gives way to what the edit sends: a time sent undoes its own move", async () => {
    const t = await swimmingTask(LONDON);
    // Edited from the Gala (moved to Wednesday 10:00): "all at 19:00, called Swim club". The
    // series moves as that occurrence did from where it was: no day, to 19:00.
    const edited = await t.editFrom("2026-04-06", "all", {
      startTime: t.local("2026-04-08", "19:00"),
      title: "Swim club",
    });
    expect(edited).toMatchObject({ title: "Swim club", isRecurrenceException: false });
    expect(at(edited.startTime, LONDON)).toBe("2026-04-06 19:00");
    expect((await t.lines()).slice(3, 6)).toEqual([
      "2026-03-30: 2026-03-30 19:00 Swim club (done)",
      "2026-04-06: 2026-04-06 19:00 Swim club",
      "2026-04-13: 2026-04-13 19:00 Swim club @ Outdoor pool",
    ]);
  });
});

describe("an edit of this and the following occurrences carries the exceptions along", () => {
  it("a later time: the new series takes the exceptions from the split on, moved as it moved", async () => {
    const t = await swimmingTask(LONDON);
    const split = await t.editFrom("2026-03-16", "following", {
      startTime: t.local("2026-03-16", "19:00"),
    });
    expect(split.id).not.toBe(t.series.id);
    expect(await t.lines()).toEqual([
      "2026-03-02: 2026-03-02 18:00 Swimming",
      "2026-03-09: 2026-03-09 18:00 Swimming (done)",
      ...AT_SEVEN_FROM_16_MARCH,
    ]);
    expect(await t.deleted([split.id])).toEqual(["2026-03-23 19:00"]);
    expect(await t.deleted([t.series.id])).toEqual([]);
    expect(await answersOf(t.assignee, [t.series.id, split.id])).toEqual([ACCEPTED, ACCEPTED]);
  });

  it("another day across New York's DST change, from a completed occurrence: it stays completed", async () => {
    const t = await swimmingTask(NEW_YORK);
    // Split at 9 March (completed, the day after the clocks went forward), to Tuesdays.
    const split = await t.editFrom("2026-03-09", "following", {
      startTime: t.local("2026-03-10", "17:30"),
    });
    expect(split).toMatchObject({ recurrenceDaysOfWeek: ["tuesday"], isCompleted: true });
    expect(await t.lines()).toEqual([
      "2026-03-02: 2026-03-02 18:00 Swimming",
      "2026-03-10: 2026-03-10 17:30 Swimming (done)",
      "2026-03-17: 2026-03-17 17:30 Swimming",
      "2026-03-31: 2026-03-31 17:30 Swimming (done)",
      "2026-04-07: 2026-04-08 10:00 Gala",
      "2026-04-14: 2026-04-14 17:30 Swimming @ Outdoor pool",
      "2026-04-21: 2026-04-21 17:30 Swimming",
      "2026-04-28: 2026-04-28 17:30 Swimming",
    ]);
    expect(await t.deleted([split.id])).toEqual(["2026-03-24 17:30"]);
  });
});

describe("an edit that sends no time moves nothing", () => {
  it("made on an occurrence moved on its own, for all and for this and following", async () => {
    const t = await swimmingTask(LONDON);
    // The Gala was moved to Wednesday 10:00; its form sends a new place, not its time.
    await t.editFrom("2026-04-06", "all", {
      location: "Lido",
    });
    const split = await t.editFrom("2026-04-06", "following", {
      title: "Summer swimming",
    });
    expect(split.id).not.toBe(t.series.id);
    expect((await t.lines()).slice(3)).toEqual([
      "2026-03-30: 2026-03-30 18:00 Swimming @ Lido (done)",
      "2026-04-06: 2026-04-08 10:00 Summer swimming @ Lido",
      "2026-04-13: 2026-04-13 18:00 Summer swimming @ Outdoor pool",
      "2026-04-20: 2026-04-20 18:00 Summer swimming @ Lido",
      "2026-04-27: 2026-04-27 18:00 Summer swimming @ Lido",
    ]);
  });
});

describe("task answers follow the series", () => {
  it("a declined task keeps its answer and reason through an edit of all and a split", async () => {
    const { creator, assignee, circle, local } = await household(LONDON);
    const series = await creator.trpc.plans.create({
      circleId: circle.id,
      title: "Bins",
      startTime: local("2026-03-02"),
      isRecurring: true,
      recurrenceType: "weekly",
      assignedTo: assignee.user.id,
    });
    await assignee.trpc.tasks.decline({ id: series.id, reason: "Away in March" });
    await update(creator, {
      id: series.id,
      occurrenceStart: local("2026-03-09"),
      startTime: local("2026-03-09", "07:00"),
      scope: "all",
    });
    const split = await update(creator, {
      id: series.id,
      occurrenceStart: local("2026-03-23", "07:00"),
      startTime: local("2026-03-24", "07:00"),
      scope: "following",
    });
    const declined = [false, "Away in March"];
    expect(await answersOf(creator, [series.id, split.id])).toEqual([declined, declined]);
  });
});

describe("a new rule", () => {
  it("keeps the exceptions it still has; drops those whose occurrence it no longer has", async () => {
    const t = await swimmingTask(LONDON);
    // Mondays and Wednesdays, an hour later: every Monday exception is still an occurrence.
    await t.editFrom("2026-03-16", "all", {
      startTime: t.local("2026-03-16", "19:00"),
      recurrenceDaysOfWeek: ["monday", "wednesday"],
    });
    const ownState = (await t.lines()).filter((line) => !/ Swimming$/.test(line));
    expect(ownState).toEqual([
      "2026-03-09: 2026-03-09 19:00 Swimming (done)",
      "2026-03-30: 2026-03-30 19:00 Swimming (done)",
      "2026-04-06: 2026-04-08 10:00 Gala",
      "2026-04-13: 2026-04-13 19:00 Swimming @ Outdoor pool",
    ]);
    expect(await t.deleted([t.series.id])).toEqual(["2026-03-23 19:00"]);
    // Tuesdays only, the start left where it was: no Monday remains, and with them go their
    // exceptions (the decision says so); the task's answer is the series' and stays.
    await update(t.creator, {
      id: t.series.id,
      recurrenceDaysOfWeek: ["tuesday"],
      scope: "all",
    });
    expect((await t.lines()).filter((line) => !/ Swimming$/.test(line))).toEqual([]);
    expect(await t.deleted([t.series.id])).toEqual([]);
    expect(await answersOf(t.assignee, [t.series.id])).toEqual([ACCEPTED]);
  });
});

describe("an all-day series", () => {
  it("carries its exceptions by days, for all and for this and following", async () => {
    const { h, creator, circle } = await household(NEW_YORK);
    const series = await creator.trpc.plans.create({
      circleId: circle.id,
      title: "Market",
      type: "todo",
      allDay: true,
      date: "2026-03-07",
      startTime: instantAt("2026-03-07", "00:00", NEW_YORK),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await creator.trpc.plans.delete({ id: series.id, occurrenceDate: "2026-03-14" });
    await creator.trpc.plans.complete({
      id: series.id,
      occurrenceDate: "2026-03-21",
      isCompleted: true,
    });
    const days = async () => {
      const rows = await listOccurrences(h.db.db, {
        circleIds: [circle.id],
        from: new Date("2026-03-01T05:00:00Z"),
        to: new Date("2026-04-05T04:00:00Z"),
        viewerZone: NEW_YORK,
      });
      return toPlans(rows, { viewerZone: NEW_YORK }).map(
        (plan) => `${plan.originalDate}: ${plan.date}${plan.isCompleted ? " (done)" : ""}`,
      );
    };
    // Saturdays to Sundays, for all.
    await update(creator, {
      id: series.id,
      occurrenceDate: "2026-03-07",
      date: "2026-03-08",
      scope: "all",
    });
    expect(await days()).toEqual([
      "2026-03-08: 2026-03-08",
      "2026-03-22: 2026-03-22 (done)",
      "2026-03-29: 2026-03-29",
    ]);
    // Back to Saturdays from 22 March on.
    const split = await update(creator, {
      id: series.id,
      occurrenceDate: "2026-03-22",
      date: "2026-03-21",
      scope: "following",
    });
    expect(split.id).not.toBe(series.id);
    expect(await days()).toEqual([
      "2026-03-08: 2026-03-08",
      "2026-03-21: 2026-03-21 (done)",
      "2026-03-28: 2026-03-28",
      "2026-04-04: 2026-04-04",
    ]);
    const cancelled = await h.db.db
      .select({ planId: planOccurrences.planId, originalDate: planOccurrences.originalDate })
      .from(planOccurrences)
      .where(eq(planOccurrences.isCancelled, true));
    expect(cancelled).toEqual([{ planId: series.id, originalDate: "2026-03-15" }]);
  });
});

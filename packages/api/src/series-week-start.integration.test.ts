/**
 * Issue 21, locale preferences: a weekly series that skips weeks starts its weeks on its
 * creator's week start when it is made (WKST in its rule), and keeps it whatever happens to the
 * preference later (docs/decisions/023, "Week start of a series"). Every second week on Monday
 * and Sunday is where the two readings part: a Monday-first week pairs a Monday with the Sunday
 * after it, a Sunday-first week with the Sunday before it.
 */
import { users } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { instantAt } from "@circleplan/shared/days";
import type { WeekStart } from "@circleplan/shared/limits";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();
const ZONE = "Europe/Berlin";
const at = (day: string) => instantAt(day, "18:00", ZONE);

async function creatorWith(weekStart: WeekStart) {
  const h = harness();
  h.clock.set(new Date("2026-03-01T12:00:00Z"));
  const creator = await signedInCaller(h, { user: { timeZone: ZONE } });
  await creator.trpc.user.update({ weekStart });
  const circle = await createCircle(h.deps, { creatorId: creator.user.id });
  return { h, creator, circle };
}

/** Every second week on Monday and Sunday from Monday 2 March 2026. */
const everyOtherWeek = {
  title: "Football",
  startTime: at("2026-03-02"),
  timeZone: ZONE,
  isRecurring: true,
  recurrenceType: "weekly" as const,
  recurrenceFrequency: 2,
  recurrenceDaysOfWeek: ["monday" as const, "sunday" as const],
};

/** The days of March 2026 the plan falls on, as the caller's month shows them. */
async function marchDays(who: TestCaller, planId: number) {
  const month = await who.trpc.plans.calendarMonth({ month: "2026-03" });
  return month.filter((plan) => plan.id === planId).map((plan) => plan.date);
}

function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

describe("the week start of a series", () => {
  it("a Monday-first creator's every-2-weeks Monday and Sunday series pairs each Monday with the Sunday after it", async () => {
    const { creator, circle } = await creatorWith("monday");
    const series = await creator.trpc.plans.create({ circleId: circle.id, ...everyOtherWeek });
    expect(series.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO");
    expect(await marchDays(creator, series.id)).toEqual([
      "2026-03-02",
      "2026-03-08",
      "2026-03-16",
      "2026-03-22",
      "2026-03-30",
    ]);
  });

  it("a Sunday-first creator's same series pairs each Monday with the Sunday before it, as before", async () => {
    const { creator, circle } = await creatorWith("sunday");
    const series = await creator.trpc.plans.create({ circleId: circle.id, ...everyOtherWeek });
    expect(series.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU");
    expect(await marchDays(creator, series.id)).toEqual([
      "2026-03-02",
      "2026-03-15",
      "2026-03-16",
      "2026-03-29",
      "2026-03-30",
    ]);
  });

  it("an edit keeps the series' week start after its creator changed theirs, for all and for this and following", async () => {
    const { creator, circle } = await creatorWith("monday");
    const series = await creator.trpc.plans.create({ circleId: circle.id, ...everyOtherWeek });
    await creator.trpc.user.update({ weekStart: "sunday" });
    const all = await update(creator, { id: series.id, title: "Football club", scope: "all" });
    expect(all.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO");
    const following = await update(creator, {
      id: series.id,
      occurrenceStart: at("2026-03-16"),
      scope: "following",
      title: "Football league",
    });
    expect(following.id).not.toBe(series.id);
    expect(following.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO");
    expect(await marchDays(creator, following.id)).toEqual([
      "2026-03-16",
      "2026-03-22",
      "2026-03-30",
    ]);
  });

  it("a series made before there was a choice keeps Sunday when a Monday-first creator edits it", async () => {
    const { h, creator, circle } = await creatorWith("sunday");
    const series = await creator.trpc.plans.create({ circleId: circle.id, ...everyOtherWeek });
    await h.db.db.update(users).set({ weekStart: "monday" }).where(eq(users.id, creator.user.id));
    const edited = await update(creator, { id: series.id, recurrenceFrequency: 3, scope: "all" });
    expect(edited.rrule).toBe("FREQ=WEEKLY;INTERVAL=3;BYDAY=SU,MO;WKST=SU");
  });

  it("a one-off plan made a series by a Monday-first creator starts its weeks on Monday", async () => {
    const { creator, circle } = await creatorWith("monday");
    const {
      isRecurring: _,
      recurrenceType,
      recurrenceFrequency,
      recurrenceDaysOfWeek,
      ...once
    } = everyOtherWeek;
    const plan = await creator.trpc.plans.create({ circleId: circle.id, ...once });
    expect(plan.rrule).toBeNull();
    const series = await update(creator, {
      id: plan.id,
      recurrenceType,
      recurrenceFrequency,
      recurrenceDaysOfWeek,
    });
    expect(series.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO");
  });
});

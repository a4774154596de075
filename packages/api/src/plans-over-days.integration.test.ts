/**
 * Plans over several days (docs/decisions/023, "Plans over several days"): every range read
 * (a day, a range, upcoming, the calendar month) answers the occurrences that overlap it, not
 * only those starting in it, and the month's grid counts a plan on each day it covers in the
 * viewer's zone, so Circleplan shows the same days as a calendar app subscribed to the feed.
 */
import { createCircle } from "@circleplan/db/testing/factories";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { CreatePlanInput } from "@circleplan/shared/plan-schemas";
import { describe, expect, it } from "vitest";
import { signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

type PlanFields = Partial<Omit<CreatePlanInput, "circleId">> & { startTime: Date };

/** A user in `timeZone`, a circle of theirs, and a way to add plans to it in that zone. */
async function someoneIn(timeZone: string) {
  const who = await signedInCaller(harness(), { user: { timeZone } });
  const circle = await createCircle(harness().deps, { creatorId: who.user.id });
  const add = (title: string, fields: PlanFields) =>
    who.trpc.plans.create({ circleId: circle.id, title, timeZone, ...fields } as CreatePlanInput);
  return { who, circle, add };
}

const titles = (plans: Plan[]) => plans.map((plan) => plan.title);

/** The grid's days as `day: count titles…`, for the days listed. */
async function gridOf(who: TestCaller, month: string) {
  const { days } = await who.trpc.plans.calendarDays({ month });
  return Object.fromEntries(
    days.map((day) => [day.date, day.previews.map((preview) => preview.title).join(",")]),
  );
}

describe("a plan over several days is on every day it covers", () => {
  it("school holidays, all day 21 Dec to 1 Jan: each day's list, a range, the month and the next, the grid; not the day after", async () => {
    const { who, add } = await someoneIn("Europe/London");
    await add("Christmas holidays", {
      allDay: true,
      date: "2026-12-21",
      startTime: new Date("2026-12-21T12:00:00Z"),
      endTime: new Date("2027-01-01T12:00:00Z"),
    });
    await add("Nativity play", { startTime: new Date("2026-12-18T14:00:00Z") });
    for (const day of ["2026-12-21", "2026-12-25", "2027-01-01"]) {
      expect(titles(await who.trpc.plans.list({ date: day })), day).toEqual(["Christmas holidays"]);
    }
    expect(await who.trpc.plans.list({ date: "2026-12-20" })).toEqual([]);
    expect(await who.trpc.plans.list({ date: "2027-01-02" })).toEqual([]);
    const range = await who.trpc.plans.list({ from: "2026-12-28", to: "2027-01-03" });
    // Answered once, as its occurrence: `date` stays its first day.
    expect(range.map((plan) => [plan.title, plan.date])).toEqual([
      ["Christmas holidays", "2026-12-21"],
    ]);
    expect(titles(await who.trpc.plans.calendarMonth({ month: "2027-01" }))).toEqual([
      "Christmas holidays",
    ]);
    harness().clock.set(new Date("2026-12-27T09:00:00Z"));
    expect(titles(await who.trpc.plans.list({ upcoming: true }))).toEqual(["Christmas holidays"]);

    const december = await gridOf(who, "2026-12");
    expect(Object.keys(december)).toEqual([
      "2026-12-18",
      ...Array.from({ length: 11 }, (_, i) => `2026-12-${21 + i}`),
    ]);
    expect(december["2026-12-31"]).toBe("Christmas holidays");
    // The grid of the next month counts the days of that month only.
    expect(await gridOf(who, "2027-01")).toEqual({ "2027-01-01": "Christmas holidays" });
  });

  it("a task over a month's end is expired in the month it starts in, not in both", async () => {
    const { who, add } = await someoneIn("Europe/London");
    await add("Overnight camp duty", {
      assignedTo: who.user.id,
      startTime: new Date("2027-01-31T18:00:00Z"),
      endTime: new Date("2027-02-01T10:00:00Z"),
    });
    harness().clock.set(new Date("2027-02-10T09:00:00Z"));
    const expired = async (month: number) =>
      titles((await who.trpc.tasks.expired({ month, year: 2027 })).tasks as Plan[]);
    expect(await expired(0)).toEqual(["Overnight camp duty"]);
    expect(await expired(1)).toEqual([]);
  });

  it("a timed sleepover 18:00 to 10:00 is on both days; a plan ending at 00:00 is not on the next", async () => {
    const { who, add } = await someoneIn("Europe/Berlin");
    // 18:00 to 10:00 the next morning, Berlin (UTC+2 in June).
    await add("Sleepover", {
      startTime: new Date("2026-06-12T16:00:00Z"),
      endTime: new Date("2026-06-13T08:00:00Z"),
    });
    // 20:00 to midnight: ends as the 14th begins.
    await add("Party", {
      startTime: new Date("2026-06-13T18:00:00Z"),
      endTime: new Date("2026-06-13T22:00:00Z"),
    });
    // Over twelve hours, found by its end (the long occurrences' index).
    await add("Camp", {
      startTime: new Date("2026-06-26T06:00:00Z"),
      endTime: new Date("2026-07-02T16:00:00Z"),
    });
    expect(titles(await who.trpc.plans.list({ date: "2026-06-12" }))).toEqual(["Sleepover"]);
    expect(titles(await who.trpc.plans.list({ date: "2026-06-13" }))).toEqual([
      "Sleepover",
      "Party",
    ]);
    expect(await who.trpc.plans.list({ date: "2026-06-14" })).toEqual([]);
    expect(titles(await who.trpc.plans.list({ date: "2026-07-01" }))).toEqual(["Camp"]);
    expect(titles(await who.trpc.plans.calendarMonth({ month: "2026-07" }))).toEqual(["Camp"]);
    harness().clock.set(new Date("2026-06-13T07:00:00Z"));
    const upcoming = await who.trpc.plans.list({ upcoming: true });
    expect(titles(upcoming)).toEqual(["Sleepover", "Party", "Camp"]);

    expect(await gridOf(who, "2026-06")).toEqual({
      "2026-06-12": "Sleepover",
      "2026-06-13": "Sleepover,Party",
      "2026-06-26": "Camp",
      "2026-06-27": "Camp",
      "2026-06-28": "Camp",
      "2026-06-29": "Camp",
      "2026-06-30": "Camp",
    });
    expect(Object.keys(await gridOf(who, "2026-07"))).toEqual(["2026-07-01", "2026-07-02"]);
    // Another viewer's zone moves the days: in New York the sleepover is 12:00 to 04:00.
    const { who: other } = await someoneIn("America/New_York");
    expect(await other.trpc.plans.list({ date: "2026-06-13" })).toEqual([]);
  });

  it("across the clock change: the 25-hour day and the day after, in the viewer's zone", async () => {
    const { who, add } = await someoneIn("Europe/Berlin");
    // Sat 24 Oct 22:00 CEST to Sun 25 Oct 23:30 CET (26.5 hours).
    await add("Night train", {
      startTime: new Date("2026-10-24T20:00:00Z"),
      endTime: new Date("2026-10-25T22:30:00Z"),
    });
    // Sun 25 Oct 20:00 CET to Mon 26 Oct 00:00 CET: ends at midnight after the long day.
    await add("Film", {
      startTime: new Date("2026-10-25T19:00:00Z"),
      endTime: new Date("2026-10-25T23:00:00Z"),
    });
    expect(titles(await who.trpc.plans.list({ date: "2026-10-25" }))).toEqual([
      "Night train",
      "Film",
    ]);
    expect(await who.trpc.plans.list({ date: "2026-10-26" })).toEqual([]);
    expect(await gridOf(who, "2026-10")).toEqual({
      "2026-10-24": "Night train",
      "2026-10-25": "Night train,Film",
    });
  });

  it("a weekly series of two-day occurrences, in its written window and far beyond it", async () => {
    // Written from 70 days before now to 18 months after (series-window.ts): July 2026 is rows,
    // April 2028 the rule expanded in memory.
    harness().clock.set(new Date("2026-06-01T00:00:00Z"));
    const { who, add } = await someoneIn("Europe/Berlin");
    // Fridays 18:00 to Saturdays 12:00, from 3 July 2026.
    await add("Weekend at grandma's", {
      startTime: new Date("2026-07-03T16:00:00Z"),
      endTime: new Date("2026-07-04T10:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    // All day Saturday and Sunday, every other week from 11 July.
    await add("Tournament", {
      allDay: true,
      date: "2026-07-11",
      startTime: new Date("2026-07-11T12:00:00Z"),
      endTime: new Date("2026-07-12T12:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 2,
    });
    // A list is in start order (the stay began on Friday); the grid puts a day's all-day first.
    expect(titles(await who.trpc.plans.list({ date: "2026-07-11" }))).toEqual([
      "Weekend at grandma's",
      "Tournament",
    ]);
    expect(titles(await who.trpc.plans.list({ date: "2026-07-12" }))).toEqual(["Tournament"]);
    const july = await gridOf(who, "2026-07");
    expect(july["2026-07-04"]).toBe("Weekend at grandma's");
    expect(july["2026-07-11"]).toBe("Tournament,Weekend at grandma's");
    expect(july["2026-07-12"]).toBe("Tournament");
    expect(july["2026-07-13"]).toBeUndefined();
    expect(july["2026-07-18"]).toBe("Weekend at grandma's");
    // Saturday 1 April 2028: Friday 31 March's stay runs into the month's first day.
    const far = await who.trpc.plans.list({ date: "2028-04-01" });
    expect(far.map((plan) => [plan.title, plan.date])).toEqual([
      ["Weekend at grandma's", "2028-03-31"],
      ["Tournament", "2028-04-01"],
    ]);
    const april = await gridOf(who, "2028-04");
    expect(april["2028-04-01"]).toBe("Tournament,Weekend at grandma's");
    expect(april["2028-04-02"]).toBe("Tournament");
    expect(april["2028-04-03"]).toBeUndefined();
  });
});

/**
 * The plan views: a day, the upcoming plans, a range, one circle, the calendar month and its
 * summary. Days and months are read in the caller's zone (users.time_zone), across DST; all-day
 * plans stay on their date in every zone; only the caller's circles are read. The rules are
 * tested in-process through callers; the last block checks the REST paths and their query
 * coercion over HTTP.
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { CreatePlanInput } from "@circleplan/shared/plan-schemas";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { callerFor, refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

type Who = Awaited<ReturnType<typeof signedInCaller>>;
type PlanFields = Partial<Omit<CreatePlanInput, "circleId">> & { title?: string };

/** A user in `timeZone` and a family circle they created. */
async function someoneIn(timeZone: string) {
  const who = await signedInCaller(server(), { user: { timeZone } });
  const circle = await createCircle(server().deps, { creatorId: who.user.id });
  return { who, circle };
}

/** A family: a creator and members in the zones given, sharing one circle. */
async function familyIn(...zones: string[]) {
  const people = await Promise.all(
    zones.map((timeZone) => signedInCaller(server(), { user: { timeZone } })),
  );
  const [creator, ...others] = people as [Who, ...Who[]];
  const circle = await createCircle(server().deps, {
    creatorId: creator.user.id,
    members: others.map((other) => other.user.id),
  });
  return { people, circle };
}

function add(who: TestCaller, circleId: number, fields: PlanFields = {}): Promise<Plan> {
  return who.trpc.plans.create({
    circleId,
    title: fields.title ?? "Plan",
    startTime: fields.startTime ?? new Date("2026-06-15T12:00:00Z"),
    ...fields,
  } as CreatePlanInput);
}

const titles = (plans: Plan[]) => plans.map((plan) => plan.title);
const starts = (plans: Plan[]) => plans.map((plan) => plan.startTime.toISOString());
const dates = (plans: Plan[]) => plans.map((plan) => plan.date);

describe("a day in the caller's zone", () => {
  it("Europe/Berlin: the 23-hour and the 25-hour day hold exactly their own plans", async () => {
    const { who, circle } = await someoneIn("Europe/Berlin");
    // 29 March 2026: clocks go forward at 02:00 (UTC+1 → UTC+2).
    await add(who, circle.id, { title: "before", startTime: new Date("2026-03-28T22:30:00Z") });
    await add(who, circle.id, { title: "first", startTime: new Date("2026-03-28T23:30:00Z") });
    await add(who, circle.id, { title: "last", startTime: new Date("2026-03-29T21:30:00Z") });
    await add(who, circle.id, { title: "after", startTime: new Date("2026-03-29T22:00:00Z") });
    expect(titles(await who.trpc.plans.list({ date: "2026-03-29" }))).toEqual(["first", "last"]);
    // 25 October 2026: clocks go back at 03:00 (UTC+2 → UTC+1): 23:30 local is 22:30 UTC.
    await add(who, circle.id, {
      title: "autumn early",
      startTime: new Date("2026-10-24T22:00:00Z"),
    });
    await add(who, circle.id, {
      title: "autumn late",
      startTime: new Date("2026-10-25T22:30:00Z"),
    });
    await add(who, circle.id, { title: "next day", startTime: new Date("2026-10-25T23:00:00Z") });
    const autumn = await who.trpc.plans.list({ date: "2026-10-25" });
    expect(titles(autumn)).toEqual(["autumn early", "autumn late"]);
    expect(dates(autumn)).toEqual(["2026-10-25", "2026-10-25"]);
  });

  it("America/New_York: the days the clocks change", async () => {
    const { who, circle } = await someoneIn("America/New_York");
    // 8 March 2026 starts at 05:00 UTC and ends at 04:00 UTC the next day (23 hours).
    await add(who, circle.id, { title: "too early", startTime: new Date("2026-03-08T04:59:00Z") });
    await add(who, circle.id, { title: "midnight", startTime: new Date("2026-03-08T05:00:00Z") });
    await add(who, circle.id, { title: "23:59", startTime: new Date("2026-03-09T03:59:00Z") });
    await add(who, circle.id, { title: "too late", startTime: new Date("2026-03-09T04:00:00Z") });
    expect(titles(await who.trpc.plans.list({ date: "2026-03-08" }))).toEqual([
      "midnight",
      "23:59",
    ]);
    // 1 November 2026 runs from 04:00 UTC to 05:00 UTC the next day (25 hours).
    await add(who, circle.id, { title: "late", startTime: new Date("2026-11-02T04:30:00Z") });
    await add(who, circle.id, { title: "2 Nov", startTime: new Date("2026-11-02T05:00:00Z") });
    expect(titles(await who.trpc.plans.list({ date: "2026-11-01" }))).toEqual(["late"]);
    expect(titles(await who.trpc.plans.list({ date: "2026-11-02" }))).toEqual(["2 Nov"]);
  });

  it("a weekly series keeps its wall-clock time across DST, on the right days", async () => {
    const { who, circle } = await someoneIn("America/New_York");
    await add(who, circle.id, {
      title: "Swim",
      startTime: new Date("2026-03-02T14:00:00Z"), // Monday 09:00 EST
      timeZone: "America/New_York",
      isRecurring: true,
      recurrenceType: "weekly",
    });
    const before = await who.trpc.plans.list({ date: "2026-03-02" });
    const after = await who.trpc.plans.list({ date: "2026-03-09" });
    expect(starts(before)).toEqual(["2026-03-02T14:00:00.000Z"]);
    expect(starts(after)).toEqual(["2026-03-09T13:00:00.000Z"]);
    expect(await who.trpc.plans.list({ date: "2026-03-10" })).toEqual([]);
  });

  it("an all-day plan is on its date for users at UTC-10 and UTC+13", async () => {
    const { people, circle } = await familyIn("UTC", "Pacific/Honolulu", "Pacific/Tongatapu");
    const [creator, honolulu, tonga] = people as [Who, Who, Who];
    await add(creator, circle.id, {
      title: "Birthday",
      allDay: true,
      date: "2026-06-15",
      startTime: new Date("2026-06-15T00:00:00Z"),
    });
    for (const who of [creator, honolulu, tonga]) {
      const zone = who.user.timeZone;
      const [day] = await who.trpc.plans.list({ date: "2026-06-15" });
      expect(day, zone).toMatchObject({ title: "Birthday", allDay: true, date: "2026-06-15" });
      expect(await who.trpc.plans.list({ date: "2026-06-14" }), zone).toEqual([]);
      expect(await who.trpc.plans.list({ date: "2026-06-16" }), zone).toEqual([]);
      const june = await who.trpc.plans.calendarMonth({ month: "2026-06" });
      expect(dates(june), zone).toEqual(["2026-06-15"]);
    }
  });

  it("the same instant falls on another day after the user changes zone", async () => {
    const { who, circle } = await someoneIn("UTC");
    await add(who, circle.id, { title: "Call", startTime: new Date("2026-06-15T20:00:00Z") });
    expect(titles(await who.trpc.plans.list({ date: "2026-06-15" }))).toEqual(["Call"]);
    const { firstName, lastName, email } = who.user;
    await who.trpc.user.update({ firstName, lastName, email, timeZone: "Pacific/Tongatapu" });
    expect(await who.trpc.plans.list({ date: "2026-06-15" })).toEqual([]);
    const [moved] = await who.trpc.plans.list({ date: "2026-06-16" });
    expect(moved).toMatchObject({ title: "Call", date: "2026-06-16" });
  });
});

describe("upcoming", () => {
  it("answers plans from now on, in order of start, at most `limit` (30 by default)", async () => {
    const { who, circle } = await someoneIn("Europe/Berlin");
    server().clock.set(new Date("2026-05-10T10:00:00Z"));
    await add(who, circle.id, { title: "third", startTime: new Date("2026-05-12T08:00:00Z") });
    await add(who, circle.id, { title: "past", startTime: new Date("2026-05-10T09:59:00Z") });
    await add(who, circle.id, { title: "first", startTime: new Date("2026-05-10T10:00:00Z") });
    await add(who, circle.id, { title: "second", startTime: new Date("2026-05-11T18:00:00Z") });
    expect(titles(await who.trpc.plans.list({ upcoming: true, limit: 2 }))).toEqual([
      "first",
      "second",
    ]);
    expect(titles(await who.trpc.plans.list({ upcoming: true }))).toEqual([
      "first",
      "second",
      "third",
    ]);
    await add(who, circle.id, {
      title: "Daily",
      startTime: new Date("2026-05-11T06:00:00Z"),
      isRecurring: true,
      recurrenceType: "daily",
    });
    const all = await who.trpc.plans.list({ upcoming: true });
    expect(all).toHaveLength(30);
    const ordered = starts(all);
    expect(ordered).toEqual([...ordered].sort());
    expect(titles(all).slice(0, 4)).toEqual(["first", "Daily", "second", "Daily"]);
    expect(await who.trpc.plans.list({ upcoming: true, limit: 10 })).toHaveLength(10);
  });

  it("looks up to a year ahead when nearer days hold too little", async () => {
    const { who, circle } = await someoneIn("UTC");
    server().clock.set(new Date("2026-01-10T10:00:00Z"));
    await add(who, circle.id, { title: "in 3 weeks", startTime: new Date("2026-01-31T10:00:00Z") });
    await add(who, circle.id, {
      title: "in 200 days",
      startTime: new Date("2026-07-29T10:00:00Z"),
    });
    await add(who, circle.id, { title: "in 2 years", startTime: new Date("2028-01-10T10:00:00Z") });
    expect(titles(await who.trpc.plans.list({ upcoming: true }))).toEqual([
      "in 3 weeks",
      "in 200 days",
    ]);
    expect(titles(await who.trpc.plans.list({ upcoming: true, limit: 1 }))).toEqual(["in 3 weeks"]);
  });

  it("counts today's all-day plans in the caller's today, which a zone change moves", async () => {
    const { who, circle } = await someoneIn("UTC");
    // 20:00 UTC on 15 June: still the 15th in UTC, already 09:00 on the 16th in Tonga.
    server().clock.set(new Date("2026-06-15T20:00:00Z"));
    await add(who, circle.id, {
      title: "Holiday",
      allDay: true,
      date: "2026-06-15",
      startTime: new Date("2026-06-15T00:00:00Z"),
    });
    expect(titles(await who.trpc.plans.list({ upcoming: true }))).toEqual(["Holiday"]);
    const { firstName, lastName, email } = who.user;
    await who.trpc.user.update({ firstName, lastName, email, timeZone: "Pacific/Tongatapu" });
    expect(await who.trpc.plans.list({ upcoming: true })).toEqual([]);
  });
});

describe("which plans a list holds", () => {
  it("only the caller's circles; one circle when asked, and 404 for a circle not theirs", async () => {
    const { people, circle } = await familyIn("UTC", "UTC");
    const [creator, member] = people as [Who, Who];
    const other = await someoneIn("UTC");
    server().clock.set(new Date("2026-06-01T00:00:00Z"));
    await add(creator, circle.id, { title: "Family dinner" });
    await add(other.who, other.circle.id, { title: "Secret" });
    const own = await createCircle(server().deps, { creatorId: member.user.id });
    await add(member, own.id, { title: "Mine" });

    expect(titles(await member.trpc.plans.list()).sort()).toEqual(["Family dinner", "Mine"]);
    expect(titles(await member.trpc.plans.list({ circleId: circle.id }))).toEqual([
      "Family dinner",
    ]);
    expect(titles(await member.trpc.plans.list({ circle: own.id, date: "2026-06-15" }))).toEqual([
      "Mine",
    ]);
    for (const input of [{ circleId: other.circle.id }, { circle: other.circle.id }]) {
      const res = await refusal(member.trpc.plans.list(input));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(messages.circleNotFound);
    }
    const missing = await refusal(member.trpc.plans.list({ circleId: 999_999 }));
    expect(missing.status).toBe(404);
    const month = await refusal(
      member.trpc.plans.calendarMonth({ month: "2026-06", circleId: other.circle.id }),
    );
    expect(month.status).toBe(404);
    const summary = await refusal(
      member.trpc.plans.calendarSummary({ month: "2026-06", circleId: other.circle.id }),
    );
    expect(summary.status).toBe(404);
  });

  it("without a day or range: 30 days back to 90 days ahead of the caller's today", async () => {
    const { who, circle } = await someoneIn("UTC");
    server().clock.set(new Date("2026-06-15T12:00:00Z"));
    await add(who, circle.id, { title: "too old", startTime: new Date("2026-05-15T23:59:00Z") });
    await add(who, circle.id, { title: "oldest", startTime: new Date("2026-05-16T00:00:00Z") });
    await add(who, circle.id, { title: "furthest", startTime: new Date("2026-09-13T23:59:00Z") });
    await add(who, circle.id, { title: "too far", startTime: new Date("2026-09-14T00:00:00Z") });
    expect(titles(await who.trpc.plans.list())).toEqual(["oldest", "furthest"]);
  });

  it("a range of days, both ends included, and the type filter", async () => {
    const { who, circle } = await someoneIn("Europe/Berlin");
    await add(who, circle.id, { title: "a", startTime: new Date("2026-07-01T08:00:00Z") });
    await add(who, circle.id, {
      title: "b",
      type: "todo",
      startTime: new Date("2026-07-02T08:00:00Z"),
    });
    await add(who, circle.id, { title: "c", startTime: new Date("2026-07-03T21:59:00Z") });
    await add(who, circle.id, { title: "d", startTime: new Date("2026-07-03T22:00:00Z") });
    const range = await who.trpc.plans.list({ from: "2026-07-01", to: "2026-07-03" });
    expect(titles(range)).toEqual(["a", "b", "c"]);
    const todos = await who.trpc.plans.list({
      from: "2026-07-01",
      to: "2026-07-31",
      type: "todo",
    });
    expect(titles(todos)).toEqual(["b"]);
    expect(await who.trpc.plans.list({ from: "2026-07-04", to: "2026-07-01" })).toEqual([]);
  });

  it("a cancelled task leaves its former assignee's lists, and no one else's", async () => {
    const { people, circle } = await familyIn("UTC", "UTC", "UTC");
    const [creator, assignee, third] = people as [Who, Who, Who];
    const task = await add(creator, circle.id, {
      title: "Mow the lawn",
      startTime: new Date("2026-06-20T09:00:00Z"),
      assignedTo: assignee.user.id,
    });
    const day = { date: "2026-06-20" };
    expect(titles(await assignee.trpc.plans.list(day))).toEqual(["Mow the lawn"]);
    await creator.trpc.tasks.cancel({ id: task.id });
    expect(await assignee.trpc.plans.list(day)).toEqual([]);
    expect(await assignee.trpc.plans.calendarMonth({ month: "2026-06" })).toEqual([]);
    expect((await assignee.trpc.plans.calendarDays({ month: "2026-06" })).days).toEqual([]);
    expect(titles(await creator.trpc.plans.list(day))).toEqual(["Mow the lawn"]);
    expect(titles(await third.trpc.plans.list(day))).toEqual(["Mow the lawn"]);
  });

  it("a page of upcoming plans stays full when withdrawn tasks come first", async () => {
    const { people, circle } = await familyIn("UTC", "UTC");
    const [creator, assignee] = people as [Who, Who];
    server().clock.set(new Date("2026-06-01T00:00:00Z"));
    const series = await add(creator, circle.id, {
      title: "Walk the dog",
      startTime: new Date("2026-06-01T07:00:00Z"),
      assignedTo: assignee.user.id,
      isRecurring: true,
      recurrenceType: "daily",
    });
    await add(creator, circle.id, { title: "Lunch", startTime: new Date("2026-06-20T12:00:00Z") });
    await add(creator, circle.id, { title: "Dinner", startTime: new Date("2026-06-21T18:00:00Z") });
    await creator.trpc.tasks.cancel({ id: series.id });
    expect(titles(await assignee.trpc.plans.list({ upcoming: true, limit: 2 }))).toEqual([
      "Lunch",
      "Dinner",
    ]);
    const creatorsPage = await creator.trpc.plans.list({ upcoming: true, limit: 2 });
    expect(titles(creatorsPage)).toEqual(["Walk the dog", "Walk the dog"]);
  });
});

describe("the calendar month", () => {
  it("shows a weekly series on its days, and one circle when asked", async () => {
    const { who, circle } = await someoneIn("Europe/Berlin");
    await add(who, circle.id, {
      title: "Choir",
      startTime: new Date("2026-10-05T17:30:00Z"), // Monday 19:30 CEST
      timeZone: "Europe/Berlin",
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceDaysOfWeek: ["monday", "thursday"],
    });
    const other = await createCircle(server().deps, { creatorId: who.user.id });
    await add(who, other.id, { title: "Dentist", startTime: new Date("2026-11-12T09:00:00Z") });
    const november = await who.trpc.plans.calendarMonth({ month: "2026-11" });
    const choir = november.filter((plan) => plan.title === "Choir");
    expect(dates(choir)).toEqual([
      "2026-11-02",
      "2026-11-05",
      "2026-11-09",
      "2026-11-12",
      "2026-11-16",
      "2026-11-19",
      "2026-11-23",
      "2026-11-26",
      "2026-11-30",
    ]);
    // 19:30 in Berlin is 18:30 UTC once the clocks have gone back.
    expect(new Set(starts(choir).map((start) => start.slice(11)))).toEqual(
      new Set(["18:30:00.000Z"]),
    );
    expect(choir.every((plan) => plan.isRecurring && plan.id === choir[0]?.id)).toBe(true);
    expect(titles(november)).toContain("Dentist");
    const onlyFamily = await who.trpc.plans.calendarMonth({
      month: "2026-11",
      circleId: circle.id,
    });
    expect(titles(onlyFamily)).not.toContain("Dentist");
    expect(onlyFamily).toHaveLength(9);
  });

  it("the summary is written from the month's plans, and encourages when there are none", async () => {
    const { who, circle } = await someoneIn("UTC");
    const empty = await who.trpc.plans.calendarSummary({ month: "2026-11" });
    expect(empty.summary).toMatch(/^Nothing is planned for November 2026 yet/);
    await add(who, circle.id, {
      title: "Choir",
      startTime: new Date("2026-11-02T18:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await add(who, circle.id, {
      title: "Taxes",
      type: "todo",
      startTime: new Date("2026-11-20T10:00:00Z"),
    });
    const { summary } = await who.trpc.plans.calendarSummary({ month: "2026-11" });
    expect(summary).toContain("November 2026 holds 6 plans: 5 events and 1 to-do.");
    expect(summary).toContain("Recurring commitment: Choir (5 times).");
    expect(summary).toContain("To-dos: 0 completed, 1 still open.");
    const again = await who.trpc.plans.calendarSummary({ month: "2026-11" });
    expect(again.summary).toBe(summary);
  });
});

describe("the month's grid", () => {
  /** The grid as the full month would draw it: per day its count and first two colours. */
  function gridOf(listed: Plan[]) {
    const byDay = new Map<string, Plan[]>();
    for (const plan of listed) byDay.set(plan.date, [...(byDay.get(plan.date) ?? []), plan]);
    return [...byDay].map(([date, plans]) => ({
      date,
      count: plans.length,
      colors: plans.slice(0, 2).map((plan) => plan.eventColor ?? plan.circleColor),
      previews: plans
        .slice(0, 3)
        .map((plan) => ({ title: plan.title, color: plan.eventColor ?? plan.circleColor })),
    }));
  }

  it("counts each day's plans in the caller's zone, as the full month lists them", async () => {
    // Auckland: 13 hours ahead of UTC in April before the change, 12 after (5 April 2026).
    const { who, circle } = await someoneIn("Pacific/Auckland");
    const other = await createCircle(server().deps, { creatorId: who.user.id });
    await add(who, circle.id, {
      title: "Swim",
      startTime: new Date("2026-03-31T19:00:00Z"), // Wednesday 08:00 in Auckland
      timeZone: "Pacific/Auckland",
      isRecurring: true,
      recurrenceType: "daily",
    });
    await add(who, other.id, {
      title: "Late call",
      startTime: new Date("2026-04-10T11:30:00Z"), // 23:30 on the 10th in Auckland
      eventColor: "#ff0000",
    });
    await add(who, circle.id, {
      title: "Holiday",
      allDay: true,
      date: "2026-04-10",
      startTime: new Date("2026-04-10T00:00:00Z"),
    });
    await add(who, other.id, { title: "Crossing", startTime: new Date("2026-04-10T12:30:00Z") });
    const grid = await who.trpc.plans.calendarDays({ month: "2026-04" });
    const month = await who.trpc.plans.calendarMonth({ month: "2026-04" });
    expect(grid.month).toBe("2026-04");
    expect(grid.days).toEqual(gridOf(month));
    expect(grid.days).toHaveLength(30);
    const tenth = grid.days.find((day) => day.date === "2026-04-10");
    // The all-day plan first, then the swim at 08:00, then the call at 23:30 (its own colour).
    expect(tenth?.count).toBe(3);
    expect(tenth?.colors).toEqual([circle.color, circle.color]);
    expect(grid.days.find((day) => day.date === "2026-04-11")?.count).toBe(2);
    const scoped = await who.trpc.plans.calendarDays({ month: "2026-04", circleId: other.id });
    expect(scoped.days).toEqual([
      {
        date: "2026-04-10",
        count: 1,
        colors: ["#ff0000"],
        previews: [{ title: "Late call", color: "#ff0000" }],
      },
      {
        date: "2026-04-11",
        count: 1,
        colors: [other.color],
        previews: [{ title: "Crossing", color: other.color }],
      },
    ]);
    // A wide grid names the day's first three, in the day's order.
    expect(tenth?.previews.map((preview) => preview.title)).toEqual([
      "Holiday",
      "Swim",
      "Late call",
    ]);
  });

  it("an occurrence's own colour counts, a cancelled one does not; months past the written range are written first", async () => {
    const { who, circle } = await someoneIn("UTC");
    server().clock.set(new Date("2026-06-01T00:00:00Z"));
    const series = await add(who, circle.id, {
      title: "Standup",
      startTime: new Date("2026-06-01T09:00:00Z"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await who.trpc.plans.update({
      id: series.id,
      occurrenceStart: new Date("2026-06-08T09:00:00Z"),
      scope: "occurrence",
      eventColor: "#00aa00",
    });
    await who.trpc.plans.delete({
      id: series.id,
      occurrenceStart: new Date("2026-06-15T09:00:00Z"),
      scope: "occurrence",
    });
    await who.trpc.plans.update({
      id: series.id,
      occurrenceStart: new Date("2026-06-22T09:00:00Z"),
      scope: "occurrence",
      title: "Standup, in the garden",
    });
    const june = await who.trpc.plans.calendarDays({ month: "2026-06" });
    // An occurrence's own title names it.
    expect(june.days.map((day) => day.previews[0]?.title)).toEqual([
      "Standup",
      "Standup",
      "Standup, in the garden",
      "Standup",
    ]);
    expect(june.days.map((day) => [day.date, day.colors[0]])).toEqual([
      ["2026-06-01", circle.color],
      ["2026-06-08", "#00aa00"],
      ["2026-06-22", circle.color],
      ["2026-06-29", circle.color],
    ]);
    // Three years on: past the 18 months written when the series was.
    const far = await who.trpc.plans.calendarDays({ month: "2029-06" });
    expect(far.days.map((day) => day.date)).toEqual([
      "2029-06-04",
      "2029-06-11",
      "2029-06-18",
      "2029-06-25",
    ]);
  });

  it("a circle not the caller's is 404, as for the full month", async () => {
    const { who } = await someoneIn("UTC");
    const { circle: theirs } = await someoneIn("UTC");
    const refused = await refusal(
      who.trpc.plans.calendarDays({ month: "2026-06", circleId: theirs.id }),
    );
    expect(refused.status).toBe(404);
  });
});

describe("signed out", () => {
  it("every view answers 401", async () => {
    const anonymous = callerFor(server());
    for (const call of [
      () => anonymous.trpc.plans.list({ upcoming: true }),
      () => anonymous.trpc.plans.calendarMonth({ month: "2026-11" }),
      () => anonymous.trpc.plans.calendarDays({ month: "2026-11" }),
      () => anonymous.trpc.plans.calendarSummary({ month: "2026-11" }),
    ]) {
      expect((await refusal(call())).status).toBe(401);
    }
  });
});

describe("over HTTP", () => {
  it("the list paths coerce their query (?upcoming=true&limit=10&circle=3)", async () => {
    const s = server();
    const { client, user } = await signedInClient(s, { user: { timeZone: "Europe/Berlin" } });
    const circle = await createCircle(s.deps, { creatorId: user.id });
    const other = await createCircle(s.deps, { creatorId: user.id });
    s.clock.set(new Date("2026-06-01T00:00:00Z"));
    for (let day = 1; day <= 12; day++) {
      const res = await client.post("/api/events", {
        circleId: String(circle.id),
        title: `Plan ${day}`,
        startTime: `2026-06-${String(day).padStart(2, "0")}T10:00:00.000Z`,
      });
      expect(res.status).toBe(201);
    }
    await client.post("/api/events", {
      circleId: other.id,
      title: "Elsewhere",
      startTime: "2026-06-01T12:00:00.000Z",
    });

    const upcoming = await client.get<Plan[]>(
      `/api/events?upcoming=true&limit=10&circle=${circle.id}`,
    );
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.map((plan) => plan.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Plan ${i + 1}`),
    );
    expect(upcoming.body[0]?.startTime).toBe("2026-06-01T10:00:00.000Z");

    for (const path of ["/api/events/all", "/api/events", "/api/events/upcoming"]) {
      const day = await client.get<Plan[]>(`${path}?date=2026-06-01`);
      expect(day.status, path).toBe(200);
      expect(
        day.body.map((plan) => plan.title),
        path,
      ).toEqual(["Plan 1", "Elsewhere"]);
    }
    const byCircle = await client.get<Plan[]>(`/api/events/all?circleId=${other.id}`);
    expect(byCircle.body.map((plan) => plan.title)).toEqual(["Elsewhere"]);

    const bad = await client.get("/api/events/all?date=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "date", message: messages.dateInvalid });
    const limit = await client.get("/api/events?upcoming=true&limit=lots");
    expect(limit.status).toBe(400);
  });

  it("the calendar paths answer the month and its summary; 400 for a bad month, 401 signed out", async () => {
    const s = server();
    const { client, user } = await signedInClient(s);
    const circle = await createCircle(s.deps, { creatorId: user.id });
    await client.post(`/api/circles/${circle.id}/events`, {
      title: "Picnic",
      startTime: "2026-07-04T11:00:00.000Z",
    });
    const month = await client.get<Plan[]>("/api/events/calendar/2026-07");
    expect(month.status).toBe(200);
    expect(month.body.map((plan) => [plan.title, plan.date])).toEqual([["Picnic", "2026-07-04"]]);
    const scoped = await client.get<Plan[]>(`/api/events/calendar/2026-07?circleId=${circle.id}`);
    expect(scoped.body).toHaveLength(1);
    const grid = await client.get("/api/events/calendar/2026-07/days");
    expect(grid.status).toBe(200);
    expect(grid.body).toEqual({
      month: "2026-07",
      days: [
        {
          date: "2026-07-04",
          count: 1,
          colors: [circle.color],
          previews: [{ title: "Picnic", color: circle.color }],
        },
      ],
    });
    const summary = await client.get("/api/events/calendar-summary/2026-07");
    expect(summary.status).toBe(200);
    expect(summary.body.summary).toContain("July 2026 holds 1 plan: 1 event.");
    const bad = await client.get("/api/events/calendar/2026-13");
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "month", message: messages.monthInvalid });
    const out = await s.client().get("/api/events/calendar/2026-07");
    expect(out.status).toBe(401);
    expect((await s.client().get("/api/events/all?upcoming=true")).status).toBe(401);
    expect((await s.client().get("/api/events/calendar-summary/2026-07")).status).toBe(401);
    expect((await s.client().get("/api/events/calendar/2026-07/days")).status).toBe(401);
    expect((await client.get("/api/events/calendar/2026-13/days")).status).toBe(400);
  });
});

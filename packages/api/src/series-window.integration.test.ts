/**
 * Bounded work per series (docs/decisions/016-bounded-work.md), called in-process: the days a
 * plan and a read may name, the window a series is written in whatever its start, reads outside
 * it that answer from the rule and write nothing, occurrences with state of their own before,
 * inside and beyond the window, the Action Center's lists of series outside it, and the
 * scheduled job that moves the window with time. Each test is named after the attack or failure
 * it stops (issue 19, item 1).
 */
import { moveSeriesWindows } from "@circleplan/core/reminders/housekeeping";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { WEEKDAYS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** A fixed "now", so windows do not move with the calendar. */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;
/** The written window around NOW: 70 days back (series-window.ts), 18 months ahead. */
const WINDOW_FROM = new Date(NOW.getTime() - 70 * DAY_MS);
const WINDOW_TO = new Date("2027-09-01T12:00:00Z");

async function family() {
  const h = harness();
  h.clock.set(NOW);
  const creator = await signedInCaller(h);
  const member = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
  });
  return { h, creator, member, circle };
}

function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

/** A daily series at 09:00 UTC from `day` (yyyy-MM-dd). */
const daily = (circleId: number, day: string, fields: Record<string, unknown> = {}) => ({
  circleId,
  title: "Walk the dog",
  startTime: new Date(`${day}T09:00:00Z`),
  isRecurring: true,
  recurrenceType: "daily" as const,
  ...fields,
});

async function rowsOf(planId: number) {
  const [row] = await harness()
    .db.db.select({ n: count() })
    .from(planOccurrences)
    .where(eq(planOccurrences.planId, planId));
  return row?.n ?? 0;
}

async function planRow(id: number) {
  const [row] = await harness().db.db.select().from(plans).where(eq(plans.id, id));
  return row as typeof plans.$inferSelect;
}

const titlesOn = async (who: TestCaller, date: string) =>
  (await who.trpc.plans.list({ date })).map((plan) => plan.title);

describe("the days a plan and a read may name", () => {
  it("a weekly series from 1840 on all seven days answers 400 with the product's message and writes nothing", async () => {
    const { h, creator, circle } = await family();
    const attack = creator.trpc.plans.create(
      daily(circle.id, "1840-01-01", {
        recurrenceType: "weekly",
        recurrenceDaysOfWeek: [...WEEKDAYS],
      }),
    );
    expect(await refusal(attack)).toMatchObject({
      status: 400,
      body: { message: messages.dateOutOfRange },
    });
    const [written] = await h.db.db.select({ n: count() }).from(planOccurrences);
    expect(written?.n).toBe(0);
  });

  it("a member reading year 2215 (or 9999) gets 400, never a write", async () => {
    const { member } = await family();
    for (const read of [
      () => member.trpc.plans.list({ date: "2215-01-01" }),
      () => member.trpc.plans.list({ from: "9999-01-01", to: "9999-01-31" }),
      () => member.trpc.plans.calendarMonth({ month: "2215-01" }),
      () => member.trpc.plans.calendarDays({ month: "2101-01" }),
      () => member.trpc.tasks.expired({ month: 0, year: 2215 }),
    ]) {
      expect(await refusal(read())).toMatchObject({
        status: 400,
        body: { message: messages.dateOutOfRange },
      });
    }
  });
});

describe("the written window", () => {
  it("a weekly series from 1900 on all seven days writes only the window around now", async () => {
    const { creator, circle } = await family();
    const series = await creator.trpc.plans.create(
      daily(circle.id, "1900-01-01", {
        recurrenceType: "weekly",
        recurrenceDaysOfWeek: [...WEEKDAYS],
      }),
    );
    // One row a day from 70 days back to 18 months ahead: 619, not the 45,000 since 1900.
    const days = Math.ceil((WINDOW_TO.getTime() - WINDOW_FROM.getTime()) / DAY_MS);
    expect(await rowsOf(series.id)).toBe(days);
    expect(await planRow(series.id)).toMatchObject({
      expandedFrom: WINDOW_FROM,
      expandedUntil: WINDOW_TO,
    });
    // It is still a series from 1900: its first occurrence is answered from the rule.
    expect((await creator.trpc.plans.get({ id: series.id })).startTime).toEqual(
      new Date("1900-01-01T09:00:00Z"),
    );
  });

  it("a yearly birthday from 1985 works before, inside and beyond its window, with two rows", async () => {
    const { creator, member, circle } = await family();
    const birthday = await creator.trpc.plans.create({
      circleId: circle.id,
      title: "Grandma's birthday",
      startTime: new Date("1985-05-04T12:00:00Z"),
      allDay: true,
      date: "1985-05-04",
      isRecurring: true,
      recurrenceType: "yearly",
    });
    expect(birthday).toMatchObject({ date: "1985-05-04", originalDate: "1985-05-04" });
    expect(await rowsOf(birthday.id)).toBe(2); // 4 May 2026 and 2027
    for (const date of ["1985-05-04", "1990-05-04", "2026-05-04", "2099-05-04"]) {
      expect(await titlesOn(member, date)).toEqual(["Grandma's birthday"]);
    }
    expect(await titlesOn(member, "1990-05-05")).toEqual([]);
    expect(await member.trpc.plans.calendarDays({ month: "1990-05" })).toMatchObject({
      days: [{ date: "1990-05-04", count: 1 }],
    });
    expect(await rowsOf(birthday.id)).toBe(2);
  });

  it("a daily series from 1990 is accepted with a window's rows, and far months answer 200 not 500", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "1990-01-01"));
    expect(await rowsOf(series.id)).toBeLessThanOrEqual(620);
    expect(await member.trpc.plans.calendarMonth({ month: "2099-12" })).toHaveLength(31);
    const grid = await member.trpc.plans.calendarDays({ month: "2099-12" });
    expect(grid.days).toHaveLength(31);
    expect(await member.trpc.plans.calendarMonth({ month: "1995-02" })).toHaveLength(28);
    const year = await member.trpc.plans.list({ from: "2099-01-01", to: "2099-12-31" });
    expect(year).toHaveLength(365);
    expect(await member.trpc.plans.calendarSummary({ month: "2099-12" })).toHaveProperty("summary");
  });

  it("a member reading year 2099 writes nothing and moves no window", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "2026-03-01"));
    const before = { rows: await rowsOf(series.id), plan: await planRow(series.id) };
    expect(await titlesOn(member, "2099-01-01")).toEqual(["Walk the dog"]);
    expect(await member.trpc.plans.list({ from: "2099-01-01", to: "2099-12-31" })).toHaveLength(
      365,
    );
    const far = await member.trpc.plans.get({
      id: series.id,
      occurrenceStart: new Date("2099-06-01T09:00:00Z"),
    });
    expect(far.originalStartTime).toEqual(new Date("2099-06-01T09:00:00Z"));
    expect(await rowsOf(series.id)).toBe(before.rows);
    expect(await planRow(series.id)).toEqual(before.plan);
  });

  it("a read beyond the window keeps each viewer's filters: a withdrawn task stays hidden", async () => {
    const { creator, member, circle } = await family();
    const task = await creator.trpc.plans.create(
      daily(circle.id, "2026-03-02", { title: "Feed the cat", assignedTo: member.user.id }),
    );
    await creator.trpc.tasks.cancel({ id: task.id });
    expect(await titlesOn(member, "2099-01-01")).toEqual([]);
    expect(await titlesOn(creator, "2099-01-01")).toEqual(["Feed the cat"]);
    expect(await member.trpc.plans.list({ date: "2099-01-01", type: "event" })).toEqual([]);
  });
});

describe("occurrences with state of their own, outside the window", () => {
  const on = (plans: Plan[], iso: string) =>
    plans.find((plan) => plan.originalStartTime?.toISOString() === iso);

  it("completes, deletes and moves occurrences before and beyond the window, one row each", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "1990-01-01"));
    const rows = await rowsOf(series.id);

    const early = new Date("1995-06-01T09:00:00Z");
    const done = await creator.trpc.plans.complete({ id: series.id, occurrenceStart: early });
    expect(done).toMatchObject({ isCompleted: true, event: { originalStartTime: early } });
    const june = await member.trpc.plans.list({ from: "1995-06-01", to: "1995-06-02" });
    expect(on(june, "1995-06-01T09:00:00.000Z")?.isCompleted).toBe(true);
    expect(on(june, "1995-06-02T09:00:00.000Z")?.isCompleted).toBe(false);

    const cancelled = new Date("2030-01-01T09:00:00Z");
    await creator.trpc.plans.delete({ id: series.id, occurrenceStart: cancelled });
    expect(await titlesOn(member, "2030-01-01")).toEqual([]);
    expect(
      await refusal(member.trpc.plans.get({ id: series.id, occurrenceStart: cancelled })),
    ).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });

    const moved = await update(creator, {
      id: series.id,
      occurrenceStart: new Date("2030-02-01T09:00:00Z"),
      startTime: new Date("2030-02-03T15:00:00Z"),
      title: "Walk the dog (moved)",
    });
    expect(moved).toMatchObject({ isRecurrenceException: true, title: "Walk the dog (moved)" });
    expect(await titlesOn(member, "2030-02-01")).toEqual([]);
    expect(await titlesOn(member, "2030-02-03")).toEqual(["Walk the dog", "Walk the dog (moved)"]);
    // Three changes, three rows: nothing else was written.
    expect(await rowsOf(series.id)).toBe(rows + 3);
  });

  it("splits a series at an occurrence before its window (this and following is not all)", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "1990-01-01"));
    const split = await update(creator, {
      id: series.id,
      occurrenceStart: new Date("1995-01-01T09:00:00Z"),
      scope: "following",
      title: "Walk the puppy",
    });
    expect(split.id).not.toBe(series.id);
    expect(await titlesOn(member, "1994-12-31")).toEqual(["Walk the dog"]);
    expect(await titlesOn(member, "1995-01-01")).toEqual(["Walk the puppy"]);
    expect(await titlesOn(member, "2026-03-01")).toEqual(["Walk the puppy"]);
  });

  it("splits a series that begins beyond its window at a later occurrence (no row precedes it)", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "2030-01-01"));
    const split = await update(creator, {
      id: series.id,
      occurrenceStart: new Date("2031-01-01T09:00:00Z"),
      scope: "following",
      title: "Walk the puppy",
    });
    expect(split.id).not.toBe(series.id);
    expect(await titlesOn(member, "2030-01-01")).toEqual(["Walk the dog"]);
    expect(await titlesOn(member, "2031-01-01")).toEqual(["Walk the puppy"]);
  });

  it("a task series beyond its window is pending at its first occurrence, and its occurrences complete", async () => {
    const { creator, member, circle } = await family();
    const task = await creator.trpc.plans.create(
      daily(circle.id, "2030-01-01", { title: "Water the plants", assignedTo: member.user.id }),
    );
    expect(await rowsOf(task.id)).toBe(0);
    const [pending] = await member.trpc.tasks.pending();
    expect(pending).toMatchObject({ id: task.id, startTime: new Date("2030-01-01T09:00:00Z") });
    await member.trpc.tasks.accept({ id: task.id });
    const occurrence = new Date("2031-01-01T09:00:00Z");
    const done = await member.trpc.plans.complete({ id: task.id, occurrenceStart: occurrence });
    expect(done.isCompleted).toBe(true);
    const history = await member.trpc.tasks.history({ type: "assigned-to-me" });
    expect(history.tasks.map((t) => [t.id, t.startTime])).toEqual([
      [task.id, new Date("2030-01-01T09:00:00Z")],
    ]);
  });

  it("a task series that ended before its window still shows in history, at its last occurrence", async () => {
    const { creator, member, circle } = await family();
    const task = await creator.trpc.plans.create(
      daily(circle.id, "2019-01-01", {
        title: "Old chore",
        assignedTo: member.user.id,
        recurrenceEndDate: "2019-03-31",
      }),
    );
    expect(await rowsOf(task.id)).toBe(0);
    const history = await creator.trpc.tasks.history({ type: "assigned-by-me" });
    expect(history.tasks.map((t) => [t.id, t.startTime])).toEqual([
      [task.id, new Date("2019-03-31T09:00:00Z")],
    ]);
    const expired = await creator.trpc.tasks.expired({ month: 2, year: 2019 });
    expect(expired.tasks).toHaveLength(31);
  });
});

describe("the scheduled job moves the window with time", () => {
  it("a series keeps about a window's rows as months pass, and keeps its occurrences with state", async () => {
    const { h, creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(daily(circle.id, "2026-03-01"));
    const done = new Date("2026-03-05T09:00:00Z");
    await creator.trpc.plans.complete({ id: series.id, occurrenceStart: done });

    const later = new Date("2026-09-01T12:00:00Z");
    h.clock.set(later);
    expect(await moveSeriesWindows(h.deps, later)).toBe(1);
    const moved = await planRow(series.id);
    expect(moved.expandedFrom).toEqual(new Date(later.getTime() - 70 * DAY_MS));
    expect(moved.expandedUntil).toEqual(new Date("2028-03-01T12:00:00Z"));
    // A row a day of the window around the new now, plus the completed one kept behind it.
    const windowDays = Math.round(
      ((moved.expandedUntil as Date).getTime() - (moved.expandedFrom as Date).getTime()) / DAY_MS,
    );
    expect(await rowsOf(series.id)).toBe(windowDays + 1);
    const march = await member.trpc.plans.list({ from: "2026-03-05", to: "2026-03-06" });
    expect(march.map((plan) => plan.isCompleted)).toEqual([true, false]);
    expect(await titlesOn(member, "2028-01-15")).toEqual(["Walk the dog"]);
    // Moved once: the next run finds nothing due.
    expect(await moveSeriesWindows(h.deps, later)).toBe(0);
  });
});

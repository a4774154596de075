/**
 * The calendar arithmetic of the plan views: which instants and which dates a day, a range of
 * days or a month covers for a user in their own time zone (api-conventions.md: days and months
 * are read in the user's zone). The zone work is Intl's (through shared days.ts),
 * so the answers are the same in every process time zone and right across DST (a day is 23 or
 * 25 hours when the clocks move).
 *
 * A window has two faces because plans have two kinds of time: timed plans are instants, and
 * all-day plans are calendar dates that stay on their day in every zone.
 */
import { addDays, dayIn, startOfDay } from "@circleplan/shared/days";
import { Temporal } from "temporal-polyfill";

export interface PlanWindow {
  /** The first instant covered (inclusive). */
  from: Date;
  /** The first instant after the window (exclusive). */
  to: Date;
  /** The first day covered, `yyyy-MM-dd` (inclusive). */
  fromDate: string;
  /** The last day covered, `yyyy-MM-dd` (inclusive). */
  toDate: string;
}

/**
 * With no day, range or "upcoming" asked for, the list answers this many days around today:
 * enough for the month views and the history a client scrolls back to, and never unbounded.
 */
export const DEFAULT_WINDOW_DAYS_BEFORE = 30;
export const DEFAULT_WINDOW_DAYS_AFTER = 90;

/** How many days `from` to `to` covers, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.max(0, Temporal.PlainDate.from(from).until(to, { largestUnit: "days" }).days + 1);
}

/** The days `from` to `to`, both included (empty when `to` is before `from`). */
export function daysWindow(from: string, to: string, zone: string): PlanWindow {
  return {
    from: startOfDay(from, zone),
    to: startOfDay(addDays(to, 1), zone),
    fromDate: from,
    toDate: to,
  };
}

/** One day in `zone`. */
export function dayWindow(day: string, zone: string): PlanWindow {
  return daysWindow(day, day, zone);
}

/** The first and last day of a month (`yyyy-MM`). */
export function monthDays(month: string): { first: string; last: string } {
  const yearMonth = Temporal.PlainYearMonth.from(month);
  return {
    first: yearMonth.toPlainDate({ day: 1 }).toString(),
    last: yearMonth.toPlainDate({ day: yearMonth.daysInMonth }).toString(),
  };
}

/** A month (`yyyy-MM`) in `zone`. */
export function monthWindow(month: string, zone: string): PlanWindow {
  const { first, last } = monthDays(month);
  return daysWindow(first, last, zone);
}

/** The default window of an unqualified list: 30 days back to 90 days ahead of today. */
export function defaultWindow(now: Date, zone: string): PlanWindow {
  const today = dayIn(now, zone);
  return daysWindow(
    addDays(today, -DEFAULT_WINDOW_DAYS_BEFORE),
    addDays(today, DEFAULT_WINDOW_DAYS_AFTER),
    zone,
  );
}

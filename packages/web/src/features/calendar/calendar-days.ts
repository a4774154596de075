/**
 * Months, weeks and the words the calendar views use for them. Days are `yyyy-MM-dd` strings
 * of the user's own zone, as the server answers each plan's `date`; the day arithmetic itself
 * lives in shared days.ts, the one home for it.
 */
import { addDays, addMonthsToDay, type Day, daySpan, weekdayNumber } from "@circleplan/shared/days";
import type { WeekStart } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { sortPlans } from "../../components/plans/plan-lists";
import { noonOf } from "../../lib/days";

/** `yyyy-MM`. */
export type Month = string;

export function monthOf(day: Day): Month {
  return day.slice(0, 7);
}

export function addMonths(month: Month, months: number): Month {
  const [year = 1970, index = 1] = month.split("-").map(Number);
  const date = new Date(year, index - 1 + months, 1, 12);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

export function firstDayOf(month: Month): Day {
  return `${month}-01`;
}

/**
 * The first day of the week of `day`: its Sunday (the spec's weeks, Sunday to Saturday), or its
 * Monday for a user whose week starts then.
 */
export function weekStart(day: Day, first: WeekStart = "sunday"): Day {
  const offset = first === "monday" ? 1 : 0;
  return addDays(day, -((weekdayNumber(day) - offset + 7) % 7));
}

/** The six weeks a month grid shows (always six, so the grid keeps its height): days of the
 * neighbouring months fill the first and last. */
export function monthWeeks(month: Month, first: WeekStart = "sunday"): Day[][] {
  const days = daySpan(weekStart(firstDayOf(month), first), 42);
  return Array.from({ length: 6 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/**
 * Where a key moves focus in a month grid, from `day` (the WAI-ARIA date grid's keys, as date
 * pickers have them): arrows a day or a week, Home and End the week's first and last day, Page
 * Up and Page Down a month, with Shift a year. Null for any other key.
 */
export function dayMovedBy(
  key: string,
  shift: boolean,
  day: Day,
  first: WeekStart = "sunday",
): Day | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return weekStart(day, first);
    case "End":
      return addDays(weekStart(day, first), 6);
    case "PageUp":
      return addMonthsToDay(day, shift ? -12 : -1);
    case "PageDown":
      return addMonthsToDay(day, shift ? 12 : 1);
    default:
      return null;
  }
}

function dayFormat(options: Intl.DateTimeFormatOptions) {
  const format = new Intl.DateTimeFormat("en-US", options);
  return (day: Day) => format.format(noonOf(day));
}

/** "Nov 23" */
export const shortDate = dayFormat({ month: "short", day: "numeric" });
/** "Monday, November 23, 2026": a day's full name, for labels read aloud. */
export const fullDate = dayFormat({
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
/** "Mon" */
export const shortWeekday = dayFormat({ weekday: "short" });
const monthFormat = dayFormat({ month: "long", year: "numeric" });

/** "November 2026" */
export function monthTitle(month: Month): string {
  return monthFormat(firstDayOf(month));
}

/** Plans by their `date`, each day in the plan lists' order. */
export function plansByDay<T extends Pick<Plan, "allDay" | "startTime" | "title" | "date">>(
  plans: readonly T[],
): Map<Day, T[]> {
  const byDay = new Map<Day, T[]>();
  for (const plan of sortPlans(plans)) {
    const list = byDay.get(plan.date);
    if (list) list.push(plan);
    else byDay.set(plan.date, [plan]);
  }
  return byDay;
}

/** "1 plan", "3 plans". */
export function planCountText(count: number): string {
  return count === 1 ? "1 plan" : `${count} plans`;
}

/**
 * The browser's side of calendar days: how the screens name and show a day, the local Date at
 * noon that date pickers and date-fns take, a day read from a query, and today in the profile's
 * zone. A day is a `yyyy-MM-dd` string, the same the server answers in `date`; times are read and
 * written in the zone of the user's profile, the zone the server reads "today" and every day
 * range in, so a list's day and the times on it always agree (docs/decisions/009). Day
 * arithmetic and an instant's day and time are shared days.ts's.
 */
import { type Day, dayIn, daysBetween, timeIn } from "@circleplan/shared/days";
import { WEEKDAYS, type Weekday, type WeekStart } from "@circleplan/shared/limits";
import { format } from "date-fns";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The day as a local Date at noon (spec section 2: dates opened from a query are taken at noon
 * local time), so date-fns' local arithmetic and formatting never slip to a neighbouring day
 * around a DST change.
 */
export function noonOf(day: string): Date {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new Date(Number(y), Number(m) - 1, Number(d), 12);
}

/** The first day of the week as date pickers (react-day-picker, date-fns) number it. */
export function weekStartsOn(weekStart: WeekStart): 0 | 1 {
  return weekStart === "monday" ? 1 : 0;
}

/** The days of the week in the order a user whose weeks start on `weekStart` reads them. */
export function weekdaysFrom(weekStart: WeekStart): Weekday[] {
  const first = weekStartsOn(weekStart);
  return [...WEEKDAYS.slice(first), ...WEEKDAYS.slice(0, first)];
}

/** The local calendar day of `date`, `yyyy-MM-dd` (by hand: a month grid asks 84 times a render). */
export function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${month}-${day}`;
}

/** A `yyyy-MM-dd` that names a real day, or null (a query parameter may hold anything). */
export function parseDay(raw: string | null | undefined): string | null {
  if (!raw || !DAY.test(raw)) return null;
  return dayOf(noonOf(raw)) === raw ? raw : null;
}

/** Today in `zone`; the browser's own day when the zone is unknown to it. */
export function todayIn(zone: string, now: Date = new Date()): Day {
  try {
    return dayIn(now, zone);
  } catch {
    return dayOf(now);
  }
}

/** "Sunday, November 22". */
export function longDay(day: string): string {
  return format(noonOf(day), "EEEE, MMMM d");
}

/**
 * "Sunday, November\u00a022": longDay for a heading a phone may wrap. The month and its day are
 * held together, so a narrow one breaks after the weekday, never between "November" and "22".
 */
export function longDayHeading(day: string): string {
  return format(noonOf(day), "EEEE, MMMM\u00a0d");
}

/** "Sunday, November 22, 2026": a day in words, as a plan's details give it. */
export function fullDay(day: string): string {
  return format(noonOf(day), "EEEE, MMMM d, yyyy");
}

/** "Sun, Nov 22". */
export function shortDay(day: string): string {
  return format(noonOf(day), "EEE, MMM d");
}

/** "November 22", the summary's form of a day that is not today. */
export function monthDay(day: string): string {
  return format(noonOf(day), "MMMM d");
}

/** Day headings of the upcoming lists: "Today (Sun, Nov 22)", "Tomorrow (…)", or "Tue, Nov 24". */
export function relativeDayHeading(day: string, today: string): string {
  const offset = daysBetween(today, day);
  if (offset === 0) return `Today (${shortDay(day)})`;
  if (offset === 1) return `Tomorrow (${shortDay(day)})`;
  return shortDay(day);
}

/** Minutes from midnight of `instant` on a clock in `zone`. */
export function wallMinutes(instant: Date, zone: string): number {
  const [hours = 0, minutes = 0] = timeIn(instant, zone).split(":").map(Number);
  return hours * 60 + minutes;
}

const two = (value: number) => String(value).padStart(2, "0");

/** "HH:mm" of minutes from midnight. */
export function clockOf(minutes: number): string {
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

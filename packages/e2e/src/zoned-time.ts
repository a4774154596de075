/**
 * The browser tests' oracle for calendar days and instants in a time zone: which day it is for
 * someone, which instant a time on their clock is, how a day is written. Built on `Intl` alone
 * and never on @circleplan/shared: an oracle that reused the product's date code would agree
 * with it when both are wrong.
 *
 * A day is "YYYY-MM-DD", a month "YYYY-MM", a time "HH:mm" (24-hour). Days carry no zone: the
 * arithmetic on them runs on UTC midnights, where every day is 24 hours long.
 */

const DAY_MS = 86_400_000;

/** UTC midnight starting `day`, the one place a day string becomes a Date. */
function utcMidnight(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** The day and time a clock in `zone` shows at `instant` (seconds dropped). */
export function wallClock(instant: Date, zone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return new Date(utcMidnight(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day in `zone` `offsetDays` days from today (or from `now`). */
export function dayInZone(zone: string, offsetDays = 0, now: Date = new Date()): string {
  return addDays(wallClock(now, zone).day, offsetDays);
}

/** The weekday of `day`: 0 for Sunday to 6 for Saturday, as `Date#getUTCDay` counts. */
export function weekdayOf(day: string): number {
  return utcMidnight(day).getUTCDay();
}

/** Every day of `month`, in order. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month after `month`. */
export function nextMonth(month: string): string {
  // The 28th plus a week lands in the next month, whatever the month's length.
  return addDays(`${month}-28`, 7).slice(0, 7);
}

/** How far `zone`'s clocks are ahead of UTC at `instant`, in ms (negative west of Greenwich). */
function zoneOffsetMs(instant: number, zone: string): number {
  const { day, time } = wallClock(new Date(instant), zone);
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const shown = utcMidnight(day).getTime() + (hours * 60 + minutes) * 60_000;
  return shown - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a clock in `zone` shows `time` on `day`. The offset is read at that instant,
 * not at noon or now, so a day on which the clocks change gets its own side's offset. A time
 * the clocks skip throws; one they repeat gives one of its two instants.
 */
export function instantInZone(day: string, time: string, zone: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) {
    throw new Error(`expected a "YYYY-MM-DD" day and an "HH:mm" time, got ${day} and ${time}`);
  }
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const asIfUtc = utcMidnight(day).getTime() + (hours * 60 + minutes) * 60_000;
  // The offset at the wall time read as UTC is off by at most one change of the clocks; the
  // offset at the first guess is the one in force at the answer.
  const guess = asIfUtc - zoneOffsetMs(asIfUtc, zone);
  const instant = new Date(asIfUtc - zoneOffsetMs(guess, zone));
  const shown = wallClock(instant, zone);
  if (shown.day !== day || shown.time !== time) {
    throw new Error(`${zone}'s clocks never show ${time} on ${day}`);
  }
  return instant;
}

/**
 * `day` in words, as `Intl` writes it in `locale` with `options` (for example
 * `{ weekday: "long", month: "long", day: "numeric", year: "numeric" }`, "Monday, November 30,
 * 2026"). The day is written as it is, whatever zone the test runs in.
 */
export function dayInWords(
  day: string,
  options: Intl.DateTimeFormatOptions,
  locale = "en-US",
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(utcMidnight(day));
}

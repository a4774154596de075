/**
 * Calendar days and wall-clock time, the one home of both for the server and the browser
 * (docs/decisions/009: days are read in the user's zone, a series repeats in its own).
 *
 * A `Day` is a `yyyy-MM-dd` string, the form the API answers in `date` and takes in `date`,
 * `from` and `to`. Day arithmetic is done on the calendar (UTC dates), so it never slips across
 * a DST change; the zone work is Intl's, which both Node and every browser carry, so this module
 * needs no date library and costs the web bundle nothing.
 *
 * A wall-clock time that a zone skips (the spring change) moves forward by the gap, a repeated
 * one (the autumn change) is the earlier instant: RFC 5545's and Temporal's "compatible" reading.
 */
import { type TimeFormat, WEEKDAYS, type Weekday } from "./limits";

/** A calendar day, `yyyy-MM-dd`. */
export type Day = string;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Formatters by zone, kept: `dayIn` runs once per answered row, and a formatter costs far more
 * to build than to use (a Temporal conversion per row costs several times more again).
 */
const wallFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string, withTime: boolean): Intl.DateTimeFormat {
  const formats = withTime ? wallFormats : dayFormats;
  let format = formats.get(zone);
  if (!format) {
    const time: Intl.DateTimeFormatOptions = {
      hourCycle: "h23",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    };
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      calendar: "iso8601",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      ...(withTime ? time : {}),
    });
    formats.set(zone, format);
  }
  return format;
}

/** What a clock in `zone` shows at `instant` (milliseconds since the epoch). */
function wallClockAt(instant: number, zone: string, withTime = true): WallClock {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatFor(zone, withTime).formatToParts(instant)) {
    if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  return wall;
}

/** The wall clock's fields read as if they were UTC, in milliseconds. */
function asUtc(wall: WallClock, millisecond = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, millisecond);
  return date.getTime();
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallClockAt(whole, zone)) - whole;
}

/**
 * The instant a clock in `zone` shows `local` (wall-clock fields as UTC milliseconds): the earlier
 * of a repeated time; for a skipped time, `gap` decides.
 */
function instantOfWallClock(local: number, zone: string, gap: "forward" | "firstOfDay"): number {
  const before = offsetAt(local - DAY_MS, zone);
  const after = offsetAt(local + DAY_MS, zone);
  const fits = [before, after]
    .filter((offset) => offsetAt(local - offset, zone) === offset)
    .map((offset) => local - offset);
  if (fits.length > 0) return Math.min(...fits);
  if (gap === "forward") return local - before;
  // The first instant that exists is the change itself: between the two readings of `local`.
  let earlier = Math.floor((local - after) / 1000);
  let later = Math.ceil((local - before) / 1000);
  while (later - earlier > 1) {
    const middle = Math.floor((earlier + later) / 2);
    if (offsetAt(middle * 1000, zone) === before) earlier = middle;
    else later = middle;
  }
  return later * 1000;
}

function dayParts(day: Day): WallClock {
  const [, year, month, date] = DAY.exec(day) ?? [];
  return {
    year: Number(year),
    month: Number(month),
    day: Number(date),
    hour: 0,
    minute: 0,
    second: 0,
  };
}

function dayOfUtc(ms: number): Day {
  const date = new Date(ms);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

const two = (value: number) => String(value).padStart(2, "0");

/** The day `instant` falls on in `zone`. */
export function dayIn(instant: Date, zone: string): Day {
  const wall = wallClockAt(instant.getTime(), zone, false);
  return `${String(wall.year).padStart(4, "0")}-${two(wall.month)}-${two(wall.day)}`;
}

/** "HH:mm" of `instant` in `zone`. */
export function timeIn(instant: Date, zone: string): string {
  const wall = wallClockAt(instant.getTime(), zone);
  return `${two(wall.hour)}:${two(wall.minute)}`;
}

/**
 * A wall-clock "HH:mm" as the reader reads times (issue 21): as it is on a 24-hour clock, the
 * spec's, or "5:00 PM" on a 12-hour one.
 */
export function clockText(time: string, format: TimeFormat = "24h"): string {
  if (format === "24h") return time;
  const [hours = "0", minutes = "00"] = time.split(":");
  const hour = Number(hours);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minutes} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * The clock of a screen, or of a text of ours (change push, the digest), for a person whose
 * choice is `chosen` (null: not chosen): the spec's screens say HH:mm, so 24-hour until they
 * choose (docs/decisions/023, "The spec's defaults until a person chooses").
 */
export function screenClock(chosen: TimeFormat | null | undefined): TimeFormat {
  return chosen ?? "24h";
}

/**
 * The clock of a reminder's notification, push and mail for a person whose choice is `chosen`:
 * the spec wrote them 'Starting {h:mm a}', so 12-hour until they choose.
 */
export function reminderClock(chosen: TimeFormat | null | undefined): TimeFormat {
  return chosen ?? "12h";
}

/** The first instant of `day` in `zone`: midnight, or the first that exists where DST skips it. */
export function startOfDay(day: Day, zone: string): Date {
  return new Date(instantOfWallClock(asUtc(dayParts(day)), zone, "firstOfDay"));
}

/**
 * startOfDay of each day from `first` to `last` (both included) in `zone`, for a month's grid a
 * quarter as dear: each day's midnight is taken at the day before's offset and checked once,
 * and only a day whose offset changed is worked out as startOfDay works it out.
 */
export function startsOfDays(first: Day, last: Day, zone: string): Date[] {
  const starts: Date[] = [];
  let offset: number | undefined;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const midnight = asUtc(dayParts(day));
    if (offset !== undefined && offsetAt(midnight - offset, zone) === offset) {
      starts.push(new Date(midnight - offset));
      continue;
    }
    const start = instantOfWallClock(midnight, zone, "firstOfDay");
    offset = offsetAt(start, zone);
    starts.push(new Date(start));
  }
  return starts;
}

/**
 * The instant of `day` at `time` ("HH:mm", seconds optional) in `zone`. A time the clocks skip
 * moves forward by the gap; a repeated one is the first.
 */
export function instantAt(day: Day, time: string, zone: string): Date {
  const [, hour, minute, second, fraction] = TIME.exec(time) ?? [];
  const wall = {
    ...dayParts(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
  };
  const millisecond = Math.floor(Number(`0.${fraction ?? "0"}`) * 1000);
  return new Date(instantOfWallClock(asUtc(wall, millisecond), zone, "forward"));
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: Day, days: number): Day {
  return dayOfUtc(asUtc(dayParts(day)) + days * DAY_MS);
}

/** `count` days from `first` on, `first` included. */
export function daySpan(first: Day, count: number): Day[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((asUtc(dayParts(to)) - asUtc(dayParts(from))) / DAY_MS);
}

/** The same day of the month `months` later (negative: back), or that month's last day where it has fewer. */
export function addMonthsToDay(day: Day, months: number): Day {
  const { year, month, day: date } = dayParts(day);
  const index = year * 12 + (month - 1) + months;
  const first = `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
  return addDays(first, Math.min(date, daysInMonth(first)) - 1);
}

/** The day of the week: 0 Sunday to 6 Saturday, as `WEEKDAYS` and JavaScript's getDay() count. */
export function weekdayNumber(day: Day): number {
  return new Date(asUtc(dayParts(day))).getUTCDay();
}

/** Saturday and Sunday (plans spec, section 9). */
export function isWeekendDay(day: Day): boolean {
  const weekday = weekdayNumber(day);
  return weekday === 0 || weekday === 6;
}

export function weekdayOf(day: Day): Weekday {
  return WEEKDAYS[weekdayNumber(day)] as Weekday;
}

/** Which of its month's weekdays the day is, counted from the first: 1-5. */
export function weekOfMonth(day: Day): number {
  return Math.ceil(dayParts(day).day / 7);
}

function daysInMonth(day: Day): number {
  const { year, month } = dayParts(day);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}

/** Whether the day is its weekday's last in the month (no same weekday a week later). */
export function isLastWeekOfMonth(day: Day): boolean {
  return dayParts(day).day + 7 > daysInMonth(day);
}

/**
 * The day's weekday as a monthly rule names it: the first to fourth (1-4), or the last (-1).
 * A fifth is always the last, so there is no "fifth Tuesday" rule.
 */
export function nthWeekdayOfMonth(day: Day): number {
  const nth = weekOfMonth(day);
  return nth > 4 ? -1 : nth;
}

/**
 * Now rounded to the nearest half hour on the wall clock of `zone` (a quarter past goes up),
 * the voice rules' time when none is said. Rounded on the wall clock, not in UTC, so a zone
 * 45 minutes off the hour (Asia/Kathmandu) gets :00 and :30 as well.
 */
export function nowToHalfHour(now: Date, zone: string): { day: Day; time: string } {
  const wall = wallClockAt(now.getTime(), zone);
  const today = `${String(wall.year).padStart(4, "0")}-${two(wall.month)}-${two(wall.day)}`;
  const minutes = wall.hour * 60 + wall.minute + wall.second / 60;
  const rounded = Math.round(minutes / 30) * 30;
  if (rounded >= 24 * 60) return { day: addDays(today, 1), time: "00:00" };
  return { day: today, time: `${two(Math.floor(rounded / 60))}:${two(rounded % 60)}` };
}

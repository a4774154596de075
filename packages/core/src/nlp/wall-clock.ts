/**
 * Dates and times as the user's wall clock shows them. Everything the reader decides ("today",
 * "Tuesday", "5 pm") is a calendar date and a time of day in the user's zone; only the answer
 * becomes an instant, here, so a DST change between now and the plan costs nothing.
 */
import {
  instantAt as instantOfDay,
  nowToHalfHour as wallClockHalfHour,
} from "@circleplan/shared/days";
import { WEEKDAYS, type Weekday } from "@circleplan/shared/limits";
import { Temporal } from "temporal-polyfill";

export type Day = Temporal.PlainDate;
export type TimeOfDay = Temporal.PlainTime;

export interface Clock {
  zone: string;
  /** Now, on the user's wall clock. */
  now: Temporal.ZonedDateTime;
  today: Day;
}

export function clockAt(now: Date, zone: string): Clock {
  const zoned = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone);
  return { zone, now: zoned, today: zoned.toPlainDate() };
}

/** The instant of a wall-clock time (shared days.ts's reading of a skipped or repeated one). */
export function instantAt(day: Day, time: TimeOfDay, zone: string): Date {
  return instantOfDay(day.toString(), time.toString(), zone);
}

/** Now rounded to the half hour on the wall clock (the rule is shared days.ts's). */
export function nowToHalfHour(clock: Clock): { day: Day; time: TimeOfDay } {
  const rounded = wallClockHalfHour(new Date(clock.now.epochMilliseconds), clock.zone);
  return { day: Temporal.PlainDate.from(rounded.day), time: Temporal.PlainTime.from(rounded.time) };
}

export function time(hour: number, minute = 0): TimeOfDay {
  return new Temporal.PlainTime(hour, minute);
}

/** ISO weekday number (Monday 1 … Sunday 7) of a lowercase day name. */
export function isoWeekday(day: Weekday): number {
  const index = WEEKDAYS.indexOf(day);
  return index === 0 ? 7 : index;
}

/** The first day on or after `from` that is the given weekday. */
export function onOrAfter(from: Day, weekday: number): Day {
  return from.add({ days: (weekday - from.dayOfWeek + 7) % 7 });
}

export function isoDate(day: Day): string {
  return day.toString();
}

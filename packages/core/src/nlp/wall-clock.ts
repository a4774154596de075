/**
 * Dates and times as the user's wall clock shows them. Everything the reader decides ("today",
 * "Tuesday", "5 pm") is a calendar date and a time of day in the user's zone; only the answer
 * becomes an instant, here, so a DST change between now and the plan costs nothing.
 */
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

/** The instant of a wall-clock time; a time the clocks skip moves forward, a repeated one is the first. */
export function instantAt(day: Day, time: TimeOfDay, zone: string): Date {
  const zoned = day.toPlainDateTime(time).toZonedDateTime(zone, { disambiguation: "compatible" });
  return new Date(zoned.epochMilliseconds);
}

/** Midnight at the start of a day in the zone (an all-day plan's start). */
export function startOfDay(day: Day, zone: string): Date {
  return new Date(day.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
}

/** Now rounded to the nearest half hour on the wall clock (a quarter past goes up). */
export function nowToHalfHour(clock: Clock): { day: Day; time: TimeOfDay } {
  const { now } = clock;
  const minutes = now.hour * 60 + now.minute + now.second / 60;
  const rounded = Math.round(minutes / 30) * 30;
  if (rounded >= 24 * 60) return { day: clock.today.add({ days: 1 }), time: time(0, 0) };
  return { day: clock.today, time: time(Math.floor(rounded / 60), rounded % 60) };
}

export function time(hour: number, minute = 0): TimeOfDay {
  return new Temporal.PlainTime(hour, minute);
}

/** ISO weekday number (Monday 1 … Sunday 7) of a lowercase day name. */
export function isoWeekday(day: Weekday): number {
  const index = WEEKDAYS.indexOf(day);
  return index === 0 ? 7 : index;
}

export function weekdayName(day: Day): Weekday {
  return WEEKDAYS[day.dayOfWeek % 7] as Weekday;
}

/** The first day on or after `from` that is the given weekday. */
export function onOrAfter(from: Day, weekday: number): Day {
  return from.add({ days: (weekday - from.dayOfWeek + 7) % 7 });
}

/** Which of its month's weekdays a date is: 1-5 from the start. */
export function weekOfMonth(day: Day): number {
  return Math.ceil(day.day / 7);
}

export function isLastWeekdayOfMonth(day: Day): boolean {
  return day.day + 7 > day.daysInMonth;
}

export function isoDate(day: Day): string {
  return day.toString();
}

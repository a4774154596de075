/**
 * Calendar days of plans: which day an instant falls on in a zone, a day's first instant, and
 * day and month arithmetic. Kept together, unchanged, so a shared module of days can replace
 * them in one move.
 */
import { Temporal } from "temporal-polyfill";

export const dayToUtc = (day: string) => new Date(`${day}T00:00:00Z`);

export function addMonths(instant: Date, months: number): Date {
  return new Date(
    Temporal.Instant.fromEpochMilliseconds(instant.getTime())
      .toZonedDateTimeISO("UTC")
      .add({ months })
      .toInstant().epochMilliseconds,
  );
}

export function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(to, { largestUnit: "days" }).days;
}

/**
 * A zone's `yyyy-MM-dd` for an instant. Runs once per answered row, so it keeps one Intl
 * formatter per zone (a Temporal conversion per row costs several times more).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "iso8601",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of format.formatToParts(instant)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** The first instant of `day` in `timeZone`: midnight, or the first that exists where DST skips it. */
export function startOfDay(day: string, timeZone: string): Date {
  return new Date(
    Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).toInstant().epochMilliseconds,
  );
}

/**
 * The two pieces of day math only the plan store needs: a day as the UTC midnight it is stored
 * at (all-day plans' `date` columns), and a UTC month step for the series horizon. Every other
 * calendar-day rule (the day an instant falls on in a zone, a day's first instant, day
 * arithmetic) is shared with the web app in packages/shared/src/days.ts.
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

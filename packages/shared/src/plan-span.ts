/**
 * The days a plan covers in a viewer's zone (docs/decisions/023, "Plans over several days"): the
 * one rule the server's month grid and the web's day lists both apply, so a holiday or a
 * sleepover sits on the same days on every screen and in a subscribed calendar app.
 */
import { addDays, type Day, dayIn } from "./days";
import type { Plan } from "./plan-outputs";

/** The first and last day a plan covers, both included. */
export interface DaySpan {
  first: Day;
  last: Day;
}

/**
 * The last day a timed plan covers: its end's day, except that an end at midnight (or a plan
 * without an end, or one ending at its start) stays on the day before.
 */
export function lastTimedDay(start: Date, end: Date | null, zone: string): Day {
  const first = dayIn(start, zone);
  if (!end || end.getTime() <= start.getTime()) return first;
  return dayIn(new Date(end.getTime() - 1), zone);
}

/**
 * A plan's days as a list answers it: an all-day plan's `date` to its `endTime`'s day (which the
 * API gives as the last day's midnight), a timed one's `date` to lastTimedDay; never fewer than
 * its `date` (the day the answer names stays, whatever `zone` says).
 */
export function planSpan(
  plan: Pick<Plan, "allDay" | "date" | "startTime" | "endTime">,
  zone: string,
): DaySpan {
  const last = plan.allDay
    ? plan.endTime
      ? dayIn(plan.endTime, zone)
      : plan.date
    : lastTimedDay(plan.startTime, plan.endTime, zone);
  if (last <= plan.date) return { first: plan.date, last: plan.date };
  return { first: plan.date, last };
}

/** The days of `span` from `from` to `to` (both included): at most as many as that range holds. */
export function spanDaysWithin(span: DaySpan, from: Day, to: Day): Day[] {
  const days: Day[] = [];
  const last = span.last < to ? span.last : to;
  for (let day = span.first > from ? span.first : from; day <= last; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

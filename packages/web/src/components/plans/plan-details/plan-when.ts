/**
 * When a plan takes place, in words, for its details: the day (or days) and the time, read in
 * the viewer's zone (the profile's, as every plan screen), in the product's formats: days
 * spelled out, times as HH:mm (plans spec, section 9) or on the viewer's 12-hour clock.
 */
import { clockText, dayIn, timeIn } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { fullDay, longDay } from "../../../lib/days";

export interface PlanWhen {
  /** "Sunday, November 22, 2026", or "Sunday, November 22 to Tuesday, November 24, 2026". */
  day: string;
  /** "18:00 to 19:30", "18:00", "All day", or "22:00 to 02:00 on Monday, November 23, 2026". */
  time: string;
}

export function planWhen(
  plan: Pick<Plan, "allDay" | "date" | "startTime" | "endTime">,
  zone: string,
  timeFormat: TimeFormat,
): PlanWhen {
  const endDay = plan.endTime ? dayIn(plan.endTime, zone) : plan.date;
  if (plan.allDay) {
    return { day: dayRange(plan.date, endDay), time: "All day" };
  }
  const start = clockText(timeIn(plan.startTime, zone), timeFormat);
  if (!plan.endTime) return { day: fullDay(plan.date), time: start };
  const end = clockText(timeIn(plan.endTime, zone), timeFormat);
  return {
    day: fullDay(plan.date),
    time: endDay === plan.date ? `${start} to ${end}` : `${start} to ${end} on ${fullDay(endDay)}`,
  };
}

/** One day, or the first and last of several; the year once when both share it. */
function dayRange(first: string, last: string): string {
  if (last <= first) return fullDay(first);
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${sameYear ? longDay(first) : fullDay(first)} to ${fullDay(last)}`;
}

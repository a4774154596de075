/**
 * When a plan is, on one line of a list (issue 21, "End time"; docs/decisions/023, "End times"):
 * "17:00–18:30", "17:00" without an end (the spec's behaviour), "All day"; on a 12-hour clock
 * "5:00 PM–6:30 PM". Times are in the profile's zone and clock, as every plan screen reads them;
 * an end on a later day names that day.
 */
import { clockText, dayIn, timeIn } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { format } from "date-fns";
import { noonOf } from "./days";

export function planTimes(
  plan: Pick<Plan, "startTime" | "endTime" | "allDay">,
  zone: string,
  timeFormat: TimeFormat,
): string {
  if (plan.allDay) return "All day";
  const start = clockText(timeIn(plan.startTime, zone), timeFormat);
  // An end at the start is a plan without length: nothing to add.
  if (!plan.endTime || plan.endTime.getTime() <= plan.startTime.getTime()) return start;
  const end = clockText(timeIn(plan.endTime, zone), timeFormat);
  const endDay = dayIn(plan.endTime, zone);
  if (endDay === dayIn(plan.startTime, zone)) return `${start}–${end}`;
  return `${start}–${format(noonOf(endDay), "EEE")} ${end}`;
}

/**
 * When a plan is, on one line of a list (issue 21, "End time"; docs/decisions/023, "End times"):
 * "17:00–18:30", "17:00" without an end (the spec's behaviour), "All day". Times are HH:mm in
 * the profile's zone, as every plan screen reads them; an end on a later day names that day.
 */
import { dayIn, timeIn } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { format } from "date-fns";
import { noonOf } from "./days";

export function planTimes(
  plan: Pick<Plan, "startTime" | "endTime" | "allDay">,
  zone: string,
): string {
  if (plan.allDay) return "All day";
  const start = timeIn(plan.startTime, zone);
  // An end at the start is a plan without length: nothing to add.
  if (!plan.endTime || plan.endTime.getTime() <= plan.startTime.getTime()) return start;
  const end = timeIn(plan.endTime, zone);
  const endDay = dayIn(plan.endTime, zone);
  if (endDay === dayIn(plan.startTime, zone)) return `${start}–${end}`;
  return `${start}–${format(noonOf(endDay), "EEE")} ${end}`;
}

/** How long a timed plan lasts, in minutes; null without an end (or for an all-day plan). */
export function planMinutes(plan: Pick<Plan, "startTime" | "endTime" | "allDay">): number | null {
  if (plan.allDay || !plan.endTime) return null;
  const minutes = (plan.endTime.getTime() - plan.startTime.getTime()) / 60_000;
  return minutes > 0 ? minutes : null;
}

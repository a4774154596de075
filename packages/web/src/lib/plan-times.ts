/**
 * When a plan is, on one line of a list (issue 21, "End time"; docs/decisions/023, "End times"):
 * "17:00–18:30", "17:00" without an end (the spec's behaviour), "All day"; on a 12-hour clock
 * "5:00 PM–6:30 PM". Times are in the profile's zone and clock, as every plan screen reads them;
 * an end on a later day names that day. Under a later day of a plan over several days, the line
 * says until when instead of a start.
 */
import { clockText, type Day, dayIn, timeIn } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { planSpan } from "@circleplan/shared/plan-span";
import { format } from "date-fns";
import { noonOf, shortDay } from "./days";

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

/**
 * planTimes for a line under `shownOn` (a day list): on a day after the plan's first (docs/
 * decisions/023, "Plans over several days") it says until when rather than a start: "until Fri,
 * Jan 1" all day, "until 10:00" when it ends that day, "until Sat, Jul 4, 10:00" when later.
 */
export function planTimesOn(
  plan: Pick<Plan, "startTime" | "endTime" | "allDay" | "date">,
  zone: string,
  timeFormat: TimeFormat,
  shownOn: Day | undefined,
): string {
  if (shownOn === undefined || shownOn <= plan.date) return planTimes(plan, zone, timeFormat);
  const { last } = planSpan(plan, zone);
  if (plan.allDay) return `until ${shortDay(last)}`;
  if (!plan.endTime) return "continues";
  const end = clockText(timeIn(plan.endTime, zone), timeFormat);
  return last === shownOn ? `until ${end}` : `until ${shortDay(last)}, ${end}`;
}

import type { PlanType } from "@circleplan/shared/limits";

/** The Upcoming page's ranges in days (spec section 9: 7, 14, 30; default 7). */
export type RangeDays = 7 | 14 | 30;

export const RANGES: readonly { days: RangeDays; label: string }[] = [
  { days: 7, label: "1 Week" },
  { days: 14, label: "2 Weeks" },
  { days: 30, label: "1 Month" },
];

/** What Show More Plans widens to: 1 week to 2 weeks to 1 month, then nothing wider. */
export function nextRange(range: RangeDays): RangeDays | null {
  const index = RANGES.findIndex((choice) => choice.days === range);
  return RANGES[index + 1]?.days ?? null;
}

export type TypeFilter = "all" | PlanType;

export const TYPE_FILTERS: readonly { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "event", label: "Events" },
  { value: "task", label: "Tasks" },
  { value: "todo", label: "To-do" },
];

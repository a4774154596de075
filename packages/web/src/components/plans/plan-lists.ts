/** How plan lists order and group the plans a list query answers. */
import type { Plan } from "@circleplan/shared/plan-outputs";

type Sortable = Pick<Plan, "allDay" | "startTime" | "title" | "date">;

/** Day by day; within a day all-day plans first, then by start, then by title. */
export function sortPlans<T extends Sortable>(plans: readonly T[]): T[] {
  return [...plans].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      Number(b.allDay) - Number(a.allDay) ||
      a.startTime.getTime() - b.startTime.getTime() ||
      a.title.localeCompare(b.title),
  );
}

/** Each of `days` with its plans (sorted), empty days included. */
export function groupByDay<T extends Sortable>(
  plans: readonly T[],
  days: readonly string[],
): { day: string; plans: T[] }[] {
  const sorted = sortPlans(plans);
  return days.map((day) => ({ day, plans: sorted.filter((plan) => plan.date === day) }));
}

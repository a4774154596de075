/** How plan lists order and group the plans a list query answers. */
import type { Day } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { planSpan, spanDaysWithin } from "@circleplan/shared/plan-span";

type Sortable = Pick<Plan, "allDay" | "startTime" | "title" | "date">;
type Groupable = Sortable & Pick<Plan, "endTime">;

/** Within a day: all-day plans first, then by start, then by title. */
const withinDay = (a: Sortable, b: Sortable) =>
  Number(b.allDay) - Number(a.allDay) ||
  a.startTime.getTime() - b.startTime.getTime() ||
  a.title.localeCompare(b.title);

/** Day by day; within a day all-day plans first, then by start, then by title. */
export function sortPlans<T extends Sortable>(plans: readonly T[]): T[] {
  return [...plans].sort((a, b) => a.date.localeCompare(b.date) || withinDay(a, b));
}

/**
 * Each of `days` with its plans (sorted), empty days included. A plan over several days is under
 * each of them it covers in `zone` (shared plan-span.ts, the server's month grid's rule too), a
 * plan that began earlier sorting first; a list line says it continues (planTimesOn).
 */
export function groupByDay<T extends Groupable>(
  plans: readonly T[],
  days: readonly Day[],
  zone: string,
): { day: Day; plans: T[] }[] {
  const first = days[0];
  const last = days.at(-1);
  const byDay = new Map<Day, T[]>(days.map((day) => [day, []]));
  if (first !== undefined && last !== undefined) {
    for (const plan of plans) {
      for (const day of spanDaysWithin(planSpan(plan, zone), first, last))
        byDay.get(day)?.push(plan);
    }
  }
  return days.map((day) => ({ day, plans: (byDay.get(day) ?? []).sort(withinDay) }));
}

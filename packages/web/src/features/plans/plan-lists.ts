/** How the plan screens order, group and pick the plans a list query answers. */
import type { PlanEvent } from "@circleplan/shared/plan-outputs";

type Sortable = Pick<PlanEvent, "allDay" | "startTime" | "title" | "date">;

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

/**
 * The to-do list: my to-dos and the tasks assigned to me that I have not declined, open or
 * done. A repeating one shows its overdue occurrences and only its next one ahead, so a daily
 * to-do is one line, not sixty.
 */
export function todoItems(
  plans: readonly PlanEvent[],
  userId: number,
  today: string,
): { open: PlanEvent[]; done: PlanEvent[] } {
  const mine = sortPlans(
    plans.filter((plan) =>
      plan.type === "todo"
        ? plan.creatorId === userId || plan.assignedTo === userId
        : plan.type === "task" &&
          plan.assignedTo === userId &&
          plan.assignmentAccepted !== false &&
          plan.status !== "cancelled",
    ),
  );
  const aheadSeen = new Set<number>();
  const open = mine.filter((plan) => {
    if (plan.isCompleted) return false;
    if (!plan.isRecurring || plan.date < today) return true;
    if (aheadSeen.has(plan.id)) return false;
    aheadSeen.add(plan.id);
    return true;
  });
  const done = mine.filter((plan) => plan.isCompleted).reverse();
  return { open, done };
}

import type { Plan } from "@circleplan/shared/plan-outputs";
import { sortPlans } from "../../components/plans/plan-lists";

/**
 * The to-do list: my to-dos and the tasks assigned to me that I have not declined, open or
 * done. A repeating one shows its overdue occurrences and only its next one ahead, so a daily
 * to-do is one line, not sixty.
 */
export function todoItems(
  plans: readonly Plan[],
  userId: number,
  today: string,
): { open: Plan[]; done: Plan[] } {
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

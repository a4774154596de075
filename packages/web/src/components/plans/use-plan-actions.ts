import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { type OccurrenceScope, occurrenceRef, scopeOf } from "./occurrence-ref";
import { usePlanInvalidation } from "./plan-cache";
import { planNoun } from "./plan-permissions";
import { planFailureToast } from "./plan-toasts";

/**
 * Delete and complete, with the spec's toasts (section 8) and every plan list refreshed after
 * (section 4). Each returns whether it worked, so a dialog knows to close.
 */
export function usePlanActions() {
  const remove = trpc.plans.delete.useMutation();
  const complete = trpc.plans.complete.useMutation();
  const invalidate = usePlanInvalidation();

  return {
    deleting: remove.isPending,
    completing: complete.isPending,

    async deletePlan(plan: Plan, scope?: OccurrenceScope): Promise<boolean> {
      const noun = planNoun(plan);
      try {
        await remove.mutateAsync({ id: plan.id, ...scopeOf(plan, scope) });
        toast.success(noun === "task" ? messages.taskDeleted : messages.eventDeleted);
        await invalidate();
        return true;
      } catch (error) {
        planFailureToast(
          error,
          noun === "task" ? "Failed to delete task" : "Failed to delete event",
        );
        return false;
      }
    },

    /** Completes or reopens this one occurrence (or the plan, when it does not repeat). */
    async setCompleted(plan: Plan, isCompleted: boolean): Promise<boolean> {
      try {
        await complete.mutateAsync({ id: plan.id, isCompleted, ...occurrenceRef(plan) });
        toast.success(isCompleted ? "Task completed!" : "Task reopened");
        await invalidate();
        return true;
      } catch (error) {
        planFailureToast(error, "Failed to mark task as completed");
        return false;
      }
    },
  };
}

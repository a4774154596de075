import { messages } from "@circleplan/shared/messages";
import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import { toast } from "sonner";
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
  const remove = trpc.events.delete.useMutation();
  const complete = trpc.events.complete.useMutation();
  const invalidate = usePlanInvalidation();

  return {
    deleting: remove.isPending,
    completing: complete.isPending,

    async deletePlan(event: PlanEvent, scope?: OccurrenceScope): Promise<boolean> {
      const noun = planNoun(event);
      try {
        await remove.mutateAsync({ id: event.id, ...scopeOf(event, scope) });
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
    async setCompleted(event: PlanEvent, isCompleted: boolean): Promise<boolean> {
      try {
        await complete.mutateAsync({ id: event.id, isCompleted, ...occurrenceRef(event) });
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

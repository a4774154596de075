import type { Plan } from "@circleplan/shared/plan-outputs";
import { type ReactNode, useRef, useState } from "react";
import { shortDay } from "@/lib/days";
import { planTimes } from "@/lib/plan-times";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { isSeriesOccurrence, type OccurrenceScope } from "./occurrence-ref";
import { EditScopeDialog } from "./occurrence-scope";
import { usePlanInvalidation } from "./plan-cache";
import { moveInput, type PlanMoveTarget, targetOf } from "./plan-move";
import { planFailureToast } from "./plan-toasts";
import { usePlanViewer } from "./use-plan-viewer";

/**
 * Moving a plan by dragging or by the Move keys (docs/decisions/023, "The week as a time grid,
 * and moving plans"): an occurrence of a series first asks which occurrences move, in the edit
 * form's own scope dialog; the move is saved through `plans.update`, the lists refreshed, and a
 * "Plan moved" toast offers Undo, which puts the plan back with the same scope. `dialogs` is
 * rendered by the screen. `onSaved` hears the plan as the server answered each change (a sheet
 * showing it keeps up); `move` answers it too, or null when nothing moved. One move at a time:
 * the next is based on the version the last answered.
 */
export function usePlanMove({ onSaved }: { onSaved?: (plan: Plan) => void } = {}): {
  move(plan: Plan, target: PlanMoveTarget): Promise<Plan | null>;
  dialogs: ReactNode;
} {
  const update = trpc.plans.update.useMutation();
  const invalidate = usePlanInvalidation();
  const { zone, timeFormat } = usePlanViewer();
  const [asked, setAsked] = useState<{
    plan: Plan;
    target: PlanMoveTarget;
    answer: (moved: Plan | null) => void;
  } | null>(null);
  // Set at once, not on the next render: a key held down must not send two moves of one version.
  const busy = useRef(false);

  async function save(plan: Plan, target: PlanMoveTarget, scope?: OccurrenceScope) {
    if (busy.current) return null;
    busy.current = true;
    try {
      const saved = await update.mutateAsync(moveInput(plan, target, scope));
      onSaved?.(saved);
      await invalidate();
      return saved;
    } catch (error) {
      planFailureToast(error, "Failed to move plan");
      return null;
    } finally {
      busy.current = false;
    }
  }

  async function moveWithScope(plan: Plan, target: PlanMoveTarget, scope?: OccurrenceScope) {
    const saved = await save(plan, target, scope);
    if (!saved) return null;
    toast.success("Plan moved", {
      description: `${saved.title}: ${shortDay(saved.date)}, ${planTimes(saved, zone, timeFormat)}`,
      action: {
        label: "Undo",
        // The answered plan names the occurrence where it is now (a split series' new id), so
        // the same scope puts back what the move changed.
        onClick: () => {
          void save(saved, targetOf(plan), scope).then((restored) => {
            if (restored) toast.success("Move undone");
          });
        },
      },
    });
    return saved;
  }

  return {
    async move(plan, target) {
      if (busy.current) return null;
      if (!isSeriesOccurrence(plan)) return moveWithScope(plan, target);
      return new Promise<Plan | null>((answer) => setAsked({ plan, target, answer }));
    },
    dialogs: (
      <EditScopeDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (open) return;
          asked?.answer(null);
          setAsked(null);
        }}
        allowOccurrence
        onChoose={(scope) => {
          setAsked(null);
          if (asked) void moveWithScope(asked.plan, asked.target, scope).then(asked.answer);
        }}
      />
    ),
  };
}

import type { Plan } from "@circleplan/shared/plan-outputs";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { isSeriesOccurrence, type OccurrenceScope } from "./occurrence-ref";
import { ScopeChoice } from "./occurrence-scope";
import { planNoun } from "./plan-permissions";
import { usePlanActions } from "./use-plan-actions";

/**
 * Asks before deleting (spec section 5: 'Are you sure you want to delete this event?' or
 * '...this task?'); for an occurrence of a series, also which occurrences go. It stays open
 * until the server has answered, so a failure is seen where it happened.
 */
export function DeletePlanDialog({
  plan,
  open,
  onOpenChange,
  onDeleted,
}: {
  plan: Plan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server deleted it (a sheet showing the plan closes too). */
  onDeleted?: () => void;
}) {
  const actions = usePlanActions();
  const series = isSeriesOccurrence(plan);
  const [scope, setScope] = useState<OccurrenceScope>("occurrence");
  const noun = planNoun(plan);

  async function confirm() {
    if (!(await actions.deletePlan(plan, series ? scope : undefined))) return;
    onOpenChange(false);
    onDeleted?.();
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setScope("occurrence");
        onOpenChange(next);
      }}
      title={noun === "task" ? "Delete Task" : "Delete Event"}
      description={`Are you sure you want to delete this ${noun}?`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={actions.deleting}
      onConfirm={() => void confirm()}
    >
      {series ? (
        <ScopeChoice value={scope} onChange={setScope} disabled={actions.deleting} />
      ) : null}
    </ConfirmDialog>
  );
}

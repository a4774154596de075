import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { ScopeChoice } from "./occurrence-scope";
import { isSeriesOccurrence, type OccurrenceScope } from "./plan-edit";
import { planNoun } from "./plan-permissions";
import { usePlanActions } from "./use-plan-actions";

/**
 * Asks before deleting (spec section 5: 'Are you sure you want to delete this event?' or
 * '...this task?'); for an occurrence of a series, also which occurrences go. It stays open
 * until the server has answered, so a failure is seen where it happened.
 */
export function DeletePlanDialog({
  event,
  open,
  onOpenChange,
}: {
  event: PlanEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const actions = usePlanActions();
  const series = isSeriesOccurrence(event);
  const [scope, setScope] = useState<OccurrenceScope>("occurrence");
  const noun = planNoun(event);

  async function confirm() {
    if (await actions.deletePlan(event, series ? scope : undefined)) onOpenChange(false);
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setScope("occurrence");
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{noun === "task" ? "Delete Task" : "Delete Event"}</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this {noun}?
          </AlertDialogDescription>
        </AlertDialogHeader>
        {series ? (
          <ScopeChoice value={scope} onChange={setScope} disabled={actions.deleting} />
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={actions.deleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={actions.deleting}
            onClick={(click) => {
              click.preventDefault();
              void confirm();
            }}
          >
            {actions.deleting ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

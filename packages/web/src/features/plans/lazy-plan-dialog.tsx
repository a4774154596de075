import { lazy, Suspense } from "react";
import type { PlanDialogProps } from "@/components/plans/plan-dialogs";

/** The form, its date picker and its validation: loaded the first time a plan is added or edited. */
export const loadPlanDialog = () => import("./plan-dialog");

// Not with the lists that show plans.
const PlanDialog = lazy(() => loadPlanDialog().then((m) => ({ default: m.PlanDialog })));

/** PlanDialog, downloaded when first opened. */
export function LazyPlanDialog(props: PlanDialogProps) {
  return (
    <Suspense fallback={null}>
      <PlanDialog {...props} />
    </Suspense>
  );
}

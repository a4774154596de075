import { lazy, Suspense } from "react";
import type { PlanDialogProps } from "./plan-dialog";

// The form, its date picker and its validation load the first time a plan is added or edited,
// not with the lists that show plans.
const PlanDialog = lazy(() => import("./plan-dialog").then((m) => ({ default: m.PlanDialog })));

/** PlanDialog, downloaded when first opened. */
export function LazyPlanDialog(props: PlanDialogProps) {
  return (
    <Suspense fallback={null}>
      <PlanDialog {...props} />
    </Suspense>
  );
}

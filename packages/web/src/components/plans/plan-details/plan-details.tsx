/**
 * Opening a plan's details sheet (plan-details-sheet.tsx) from any screen that shows plans. The
 * sheet is downloaded the first time one opens, as the plan form is: the lists that show plans do
 * not carry it.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { lazy, type ReactNode, Suspense, useState } from "react";

/** A plan known only by its id (and which occurrence of a series), read when the sheet opens. */
export interface PlanRef {
  id: number;
  occurrenceStart?: Date;
  occurrenceDate?: string;
  /** Shown as the sheet's title while the plan loads. */
  title?: string;
}

/** The plan to show: as a list already holds it (no request), or by reference. */
export type PlanShown = { plan: Plan; planRef?: never } | { planRef: PlanRef; plan?: never };

export type PlanDetailsSheetProps = PlanShown & {
  open: boolean;
  onOpenChange(open: boolean): void;
};

export const loadPlanDetailsSheet = () => import("./plan-details-sheet");

const Sheet = lazy(() => loadPlanDetailsSheet().then((m) => ({ default: m.PlanDetailsSheet })));

/** The details sheet, downloaded when first opened. */
export function PlanDetailsSheet(props: PlanDetailsSheetProps) {
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}

/**
 * A details sheet for a screen: `show` opens it on a plan, `sheet` is what the screen renders
 * (nothing until the first opening). One sheet at a time; showing another plan starts it afresh.
 */
export function usePlanDetails(): { show(shown: PlanShown): void; sheet: ReactNode } {
  const [shown, setShown] = useState<PlanShown | null>(null);
  const [open, setOpen] = useState(false);
  return {
    show(next) {
      setShown(next);
      setOpen(true);
    },
    sheet: shown ? (
      <PlanDetailsSheet key={keyOf(shown)} {...shown} open={open} onOpenChange={setOpen} />
    ) : null,
  };
}

function keyOf(shown: PlanShown): string {
  if (shown.plan) return `${shown.plan.id}-${shown.plan.date}`;
  const ref = shown.planRef;
  return `${ref.id}-${ref.occurrenceStart?.getTime() ?? ref.occurrenceDate ?? ""}`;
}

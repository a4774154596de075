import type { Plan } from "@circleplan/shared/plan-outputs";
import { PlanCard, planCardId } from "./plan-card";

/** Plans as a list of cards; `highlightedId` draws one out (a link pointed at it). */
export function PlanList({
  plans,
  showDate = false,
  highlightedId = null,
  label,
}: {
  plans: readonly Plan[];
  showDate?: boolean;
  highlightedId?: number | null;
  label?: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {plans.map((plan) => (
        <li key={planCardId(plan)}>
          <PlanCard plan={plan} showDate={showDate} highlighted={plan.id === highlightedId} />
        </li>
      ))}
    </ul>
  );
}

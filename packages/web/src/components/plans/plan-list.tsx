import type { Day } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { PlanCard, planCardId } from "./plan-card";

/**
 * Plans as a list of cards; `highlightedId` draws one out (a link pointed at it), on its first
 * day. `day`: the day list's day the cards are under (a plan that began earlier says until when).
 */
export function PlanList({
  plans,
  showDate = false,
  highlightedId = null,
  label,
  day,
}: {
  plans: readonly Plan[];
  day?: Day;
  showDate?: boolean;
  highlightedId?: number | null;
  label?: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {plans.map((plan) => (
        <li key={planCardId(plan, day)}>
          <PlanCard
            plan={plan}
            showDate={showDate}
            highlighted={plan.id === highlightedId}
            shownOn={day}
          />
        </li>
      ))}
    </ul>
  );
}

import { circlePlanAddress } from "@circleplan/shared/plan-address";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { paths } from "@/app/paths";

/** The search screen's address for what was typed (trimmed; nothing typed: the bare screen). */
export function searchAddress(text: string): string {
  const q = text.trim();
  return q === "" ? paths.search : `${paths.search}?${new URLSearchParams({ q })}`;
}

/**
 * Where a result opens: its circle's page on the day of the occurrence found, the plan marked,
 * as an inbox entry opens its plan.
 */
export function resultAddress(plan: Plan): string {
  return circlePlanAddress(plan.circleId, plan.date, plan.id);
}

/**
 * Which occurrence of a series a change is about, and how far it reaches: what an edit, delete,
 * completion or reminder sends to name it (api-conventions, "Plans and tasks").
 */
import type { Plan } from "@circleplan/shared/plan-outputs";

/** "This event", "This and following events", "All events". */
export type OccurrenceScope = "occurrence" | "following" | "all";

/** One occurrence of a series, as the lists answer it (it names its original start). */
export function isSeriesOccurrence(plan: Plan): boolean {
  return plan.isRecurring && (plan.originalStartTime !== null || plan.originalDate !== null);
}

/** How an edit, delete or completion names the occurrence it is about. */
export function occurrenceRef(plan: Plan): {
  occurrenceStart?: Date;
  occurrenceDate?: string;
} {
  if (plan.allDay && plan.originalDate) return { occurrenceDate: plan.originalDate };
  if (plan.originalStartTime) return { occurrenceStart: plan.originalStartTime };
  if (plan.originalDate) return { occurrenceDate: plan.originalDate };
  return {};
}

/** The occurrence an edit, delete or completion is about, and which of the series it reaches. */
export function scopeOf(
  plan: Plan,
  scope: OccurrenceScope | undefined,
): { scope?: OccurrenceScope; occurrenceStart?: Date; occurrenceDate?: string } {
  if (!isSeriesOccurrence(plan)) return {};
  return { ...(scope ? { scope } : {}), ...occurrenceRef(plan) };
}

/**
 * Which occurrence of a series a change is about, and how far it reaches: what an edit, delete,
 * completion or reminder sends to name it (api-conventions, "Plans and tasks").
 */
import type { PlanEvent } from "@circleplan/shared/plan-outputs";

/** "This event", "This and following events", "All events". */
export type OccurrenceScope = "occurrence" | "following" | "all";

/** One occurrence of a series, as the lists answer it (it names its original start). */
export function isSeriesOccurrence(event: PlanEvent): boolean {
  return event.isRecurring && (event.originalStartTime !== null || event.originalDate !== null);
}

/** How an edit, delete or completion names the occurrence it is about. */
export function occurrenceRef(event: PlanEvent): {
  occurrenceStart?: Date;
  occurrenceDate?: string;
} {
  if (event.allDay && event.originalDate) return { occurrenceDate: event.originalDate };
  if (event.originalStartTime) return { occurrenceStart: event.originalStartTime };
  if (event.originalDate) return { occurrenceDate: event.originalDate };
  return {};
}

/** The occurrence an edit, delete or completion is about, and which of the series it reaches. */
export function scopeOf(
  event: PlanEvent,
  scope: OccurrenceScope | undefined,
): { scope?: OccurrenceScope; occurrenceStart?: Date; occurrenceDate?: string } {
  if (!isSeriesOccurrence(event)) return {};
  return { ...(scope ? { scope } : {}), ...occurrenceRef(event) };
}

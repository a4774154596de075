import type { ActivityValues } from "@circleplan/shared/activity-outputs";
import { type Day, dayIn } from "@circleplan/shared/days";
import { circlePlanAddress } from "@circleplan/shared/plan-address";

/** What an entry's destination is read from: the feed's and the inbox's entries both have it. */
export interface OpenableEntry {
  kind: string;
  circleId: number;
  planId: number | null;
  occurrenceStart?: Date | null;
  occurrenceDate?: string | null;
  before?: ActivityValues | null;
  after?: ActivityValues | null;
}

/** Entries whose plan is no longer in their circle: nothing there to open. */
const GONE: ReadonlySet<string> = new Set(["plan_deleted", "plan_transferred_out"]);

/** A stored start: a day for an all-day plan, else an instant read in the reader's zone. */
const dayOfStart = (start: string, zone: string): Day =>
  /^\d{4}-\d{2}-\d{2}$/.test(start) ? start : dayIn(new Date(start), zone);

/**
 * The day an entry opens its plan on: where the plan is now (a moved plan's new day), else the
 * occurrence it was about; null for entries that name no plan still in the circle.
 */
export function entryDay(entry: OpenableEntry, zone: string): Day | null {
  if (entry.planId === null || GONE.has(entry.kind)) return null;
  if (entry.after?.start) return dayOfStart(entry.after.start, zone);
  if (entry.occurrenceDate) return entry.occurrenceDate;
  if (entry.occurrenceStart) return dayIn(entry.occurrenceStart, zone);
  if (entry.before?.start) return dayOfStart(entry.before.start, zone);
  return null;
}

/** The circle page showing an entry's plan on its day (it marks the plan there). */
export function entryAddress(entry: OpenableEntry, zone: string): string | null {
  const day = entryDay(entry, zone);
  if (day === null || entry.planId === null) return null;
  return circlePlanAddress(entry.circleId, day, entry.planId);
}

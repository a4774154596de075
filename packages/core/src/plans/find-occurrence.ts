/**
 * One occurrence of one plan, by the name a request gives it (its original start or date).
 */
import type { Executor } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, asc, eq } from "drizzle-orm";
import { AppError } from "../errors";
import { dayToUtc } from "./plan-days";
import {
  anchorInstant,
  type OccurrenceRow,
  occurrenceSelect,
  type PlanRow,
  seriesStartOf,
  toOccurrenceRow,
} from "./plan-rows";
import { extendOccurrences } from "./write-occurrences";

/** Names one occurrence: by original start (timed series) or original date (all-day series). */
export interface OccurrenceName {
  occurrenceStart?: Date | undefined;
  occurrenceDate?: string | undefined;
}

/**
 * One plan's occurrence row: the one named, or for a series named by nothing its first
 * occurrence (a one-off plan has only one). Null when the name is not one of the plan's
 * occurrences (or names a cancelled one). A series named past its horizon is extended first.
 */
export async function findOccurrence(
  db: Executor,
  planId: number,
  name: OccurrenceName,
): Promise<OccurrenceRow | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const where = [eq(planOccurrences.planId, planId), eq(planOccurrences.isCancelled, false)];
  // A one-off plan's one occurrence is the plan, whatever a client names.
  if (plan.recurrence !== null) {
    if (name.occurrenceStart) where.push(eq(planOccurrences.originalStart, name.occurrenceStart));
    else if (name.occurrenceDate) where.push(eq(planOccurrences.originalDate, name.occurrenceDate));
    const at =
      name.occurrenceStart ??
      (name.occurrenceDate ? dayToUtc(name.occurrenceDate) : anchorInstant(seriesStartOf(plan)));
    if (plan.expandedUntil && plan.expandedUntil <= at) {
      await db.transaction((tx) => extendOccurrences(tx, planId, new Date(at.getTime() + 1)));
    }
  }
  const [row] = await occurrenceSelect(db)
    .where(and(...where))
    .orderBy(asc(planOccurrences.originalStart), asc(planOccurrences.originalDate))
    .limit(1);
  return row ? toOccurrenceRow(row) : null;
}

/** Which occurrences of a series a change applies to. */
export interface OccurrenceScope {
  occurrenceStart?: Date;
  occurrenceDate?: string;
  scope?: "occurrence" | "following" | "all";
}

/**
 * A series' occurrence named by the input (404 when the series has none such); null for a
 * one-off plan or a series named by nothing.
 */
export async function namedOccurrence(
  db: Executor,
  plan: PlanRow,
  name: OccurrenceName,
): Promise<OccurrenceRow | null> {
  if (plan.recurrence === null) return null;
  if (name.occurrenceStart === undefined && name.occurrenceDate === undefined) return null;
  const row = await findOccurrence(db, plan.id, name);
  if (!row) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
  return row;
}

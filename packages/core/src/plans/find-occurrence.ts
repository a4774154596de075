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
async function namedOccurrence(
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

/**
 * The occurrences a change applies to: a one-off plan's are all of them; a series' the named one
 * by default when one is named, else all. A scope short of all needs a named occurrence (404).
 */
export type ScopedChange =
  | { scope: "all"; named: OccurrenceRow | null }
  | { scope: "occurrence" | "following"; named: OccurrenceRow };

/** The scope of a change to `plan` as the input names it (see ScopedChange). */
export async function scopedChange(
  db: Executor,
  plan: PlanRow,
  input: OccurrenceScope,
): Promise<ScopedChange> {
  const named = await namedOccurrence(db, plan, input);
  const scope = plan.recurrence === null ? "all" : (input.scope ?? (named ? "occurrence" : "all"));
  if (scope === "all") return { scope, named };
  if (!named) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
  return { scope, named };
}

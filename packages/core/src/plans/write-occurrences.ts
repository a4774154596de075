/**
 * Writing a plan's occurrences ahead: the one place that writes the rows every read of plans
 * reads (docs/decisions/009).
 *
 * Expanding a rule costs time, so no read expands one. Every plan's occurrences are rows of
 * `plan_occurrences`, written when the plan is written: one row for a one-off plan, one per
 * occurrence for a series, up to a horizon (`SERIES_HORIZON_MONTHS` ahead,
 * `plans.expanded_until`). A read reaching past a series' horizon first extends it
 * (list-occurrences.ts, find-occurrence.ts; rare: a year and a half ahead), and so does the
 * scheduled job.
 *
 * Exceptions (an occurrence moved, edited, deleted or completed on its own) are the same rows
 * with their own state, keyed by the original start. Rewriting a series keeps the exceptions
 * whose original start the new rule still has and drops the others.
 */

import type { Executor, Tx } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { addDays, daysBetween } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import { and, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "../errors";
import { hasOwnState } from "./occurrence-sql";
import { addMonths, dayToUtc } from "./plan-days";
import { anchorInstant, type PlanRow, seriesStartOf } from "./plan-rows";
import {
  loadRecurrenceLibrary,
  type OriginalStart,
  occurrencesBetween,
  type RecurrenceRule,
  type SeriesStart,
  storedRule,
} from "./recurrence";

/** How far ahead a series' occurrences are written when it is written. */
export const SERIES_HORIZON_MONTHS = 18;
/** How far past the requested range a lazy extension writes, so the next reads need none. */
const EXTENSION_MONTHS = 12;
/** Rows per insert statement (Postgres allows 65,535 parameters per statement). */
const INSERT_BATCH = 1000;

/** The row an occurrence of `plan` has when nothing about it was changed on its own. */
export function generatedRow(plan: PlanRow, original: OriginalStart) {
  if (original.allDay) {
    const length =
      plan.startDate && plan.endDate ? daysBetween(plan.startDate, plan.endDate) : null;
    return {
      planId: plan.id,
      circleId: plan.circleId,
      originalStart: null,
      originalDate: original.date,
      startsAt: null,
      endsAt: null,
      startDate: original.date,
      endDate: length === null ? null : addDays(original.date, length),
    };
  }
  const duration =
    plan.startsAt && plan.endsAt ? plan.endsAt.getTime() - plan.startsAt.getTime() : null;
  return {
    planId: plan.id,
    circleId: plan.circleId,
    originalStart: original.start,
    originalDate: null,
    startsAt: original.start,
    endsAt: duration === null ? null : new Date(original.start.getTime() + duration),
    startDate: null,
    endDate: null,
  };
}

/** The original start a row is keyed by, as a comparable string. */
function keyOf(row: { originalStart: Date | null; originalDate: string | null }): string {
  return row.originalDate ?? row.originalStart?.toISOString() ?? "";
}
function keyOfOriginal(original: OriginalStart): string {
  return original.allDay ? original.date : original.start.toISOString();
}

/**
 * How far a series is written when it is written up to `target`: every occurrence when it ends
 * by then (a count ends within 500 occurrences; an end date before the target), else up to the
 * target. Null means every occurrence is written.
 */
function boundFor(rule: RecurrenceRule, target: Date): Date | null {
  if (rule.count !== null) return null;
  if (rule.until !== null && dayToUtc(addDays(rule.until, 2)) <= target) return null;
  return target;
}

/** A series' horizon when it is (re)written: ahead of now or of its start, never nearer than before. */
function horizonFor(start: SeriesStart, now: Date, already: Date | null): Date {
  const from = anchorInstant(start);
  const horizon = addMonths(from > now ? from : now, SERIES_HORIZON_MONTHS);
  return already && already > horizon ? already : horizon;
}

async function insertRows(
  tx: Executor,
  rows: ReturnType<typeof generatedRow>[],
  allDay: boolean,
  onConflict: "update" | "skip",
) {
  const target = allDay
    ? [planOccurrences.planId, planOccurrences.originalDate]
    : [planOccurrences.planId, planOccurrences.originalStart];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = tx.insert(planOccurrences).values(rows.slice(i, i + INSERT_BATCH));
    if (onConflict === "skip") {
      await batch.onConflictDoNothing({ target });
    } else {
      // A row kept for its own state (completed, cancelled) follows the series' times; a moved
      // one keeps its own.
      await batch.onConflictDoUpdate({
        target,
        set: {
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          startDate: sql`excluded.start_date`,
          endDate: sql`excluded.end_date`,
          circleId: sql`excluded.circle_id`,
        },
        setWhere: sql`${planOccurrences.isException} = false`,
      });
    }
  }
}

/**
 * (Re)writes a plan's occurrences after the plan row was written: call it in the same
 * transaction, after every change to start, end, all-day, zone, circle or rule. A one-off plan
 * gets its one row; a series its occurrences up to its horizon, keeping the exceptions whose
 * original start it still has. Sets `plans.expanded_until`.
 */
export async function writeOccurrences(tx: Tx, plan: PlanRow, now: Date): Promise<void> {
  const rule = storedRule(plan.recurrence);
  await tx
    .delete(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), rule ? sql`not (${hasOwnState})` : sql`true`));
  if (!rule) {
    await tx.insert(planOccurrences).values({
      planId: plan.id,
      circleId: plan.circleId,
      startsAt: plan.allDay ? null : plan.startsAt,
      endsAt: plan.allDay ? null : plan.endsAt,
      startDate: plan.allDay ? plan.startDate : null,
      endDate: plan.allDay ? plan.endDate : null,
    });
    if (plan.expandedUntil !== null) {
      await tx.update(plans).set({ expandedUntil: null }).where(eq(plans.id, plan.id));
    }
    return;
  }

  const start = seriesStartOf(plan);
  const bound = boundFor(rule, horizonFor(start, now, plan.expandedUntil));
  await loadRecurrenceLibrary();
  const originals = occurrencesBetween(rule, start, anchorInstant(start), bound);
  await insertRows(
    tx,
    originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "update",
  );
  // The exceptions whose occurrence the rule no longer has go with it.
  const wanted = new Set(originals.map(keyOfOriginal));
  const kept = await tx
    .select({
      id: planOccurrences.id,
      originalStart: planOccurrences.originalStart,
      originalDate: planOccurrences.originalDate,
    })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), hasOwnState));
  const orphans = kept.filter((row) => !wanted.has(keyOf(row))).map((row) => row.id);
  if (orphans.length > 0) {
    await tx.delete(planOccurrences).where(inArray(planOccurrences.id, orphans));
  }
  await tx.update(plans).set({ expandedUntil: bound }).where(eq(plans.id, plan.id));
}

/**
 * Writes a series' occurrences past its horizon up to `through` (and a year beyond, so the next
 * reads need nothing). The plan row is locked: two readers extending at once write each row once.
 */
export async function extendOccurrences(tx: Tx, planId: number, through: Date): Promise<void> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
  if (!plan?.expandedUntil || plan.expandedUntil >= through) return;
  const rule = storedRule(plan.recurrence);
  if (!rule) return;
  const start = seriesStartOf(plan);
  const bound = boundFor(rule, addMonths(through, EXTENSION_MONTHS));
  await loadRecurrenceLibrary();
  const originals = occurrencesBetween(rule, start, plan.expandedUntil, bound);
  await insertRows(
    tx,
    originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "skip",
  );
  await tx.update(plans).set({ expandedUntil: bound }).where(eq(plans.id, plan.id));
}

/** A new series with no occurrence at all (an end before its first matching day) is refused. */
export async function assertHasOccurrences(tx: Tx, planId: number) {
  const [row] = await tx
    .select({ id: planOccurrences.id })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, planId), eq(planOccurrences.isCancelled, false)))
    .limit(1);
  if (!row) throw new AppError("BAD_REQUEST", messages.recurrenceEndBeforeStart);
}

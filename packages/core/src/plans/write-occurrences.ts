/**
 * Writing a plan's occurrences: the one place that writes the rows every read of plans reads
 * (docs/decisions/009, and 016 for the window).
 *
 * Expanding a rule costs time, so reads of the days around now expand none. Every plan's
 * occurrences are rows of `plan_occurrences`, written when the plan is written: one row for a
 * one-off plan; for a series, one per occurrence in its written window around now
 * (series-window.ts), or every occurrence of a series that ends after a count. However early a
 * series starts or however long it runs, writing it costs at most a window's rows. The
 * scheduled job moves the window forward with time (moveSeriesWindow); reads never write.
 *
 * Exceptions (an occurrence moved, edited, deleted or completed on its own) are the same rows
 * with their own state, keyed by the original start, wherever they lie. Rewriting a series keeps
 * the exceptions whose original start the new rule still has and drops the others.
 */

import type { Executor, Tx } from "@circleplan/db/client";
import { type OccurrenceOverrides, planOccurrences, plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, inArray, not, or, sql } from "drizzle-orm";
import { AppError } from "../errors";
import { byOriginal, hasOwnState } from "./occurrence-sql";
import { anchorInstant, type OccurrenceRecord, type PlanRow, seriesStartOf } from "./plan-rows";
import {
  isOccurrence,
  loadRecurrenceLibrary,
  type OriginalStart,
  occurrenceFrom,
  occurrencesBetween,
  type RecurrenceRule,
  storedRule,
} from "./recurrence";
import {
  generatedRow,
  instantOf,
  isWritten,
  keyOf,
  keyOfOriginal,
  ruleEndBound,
  windowAround,
} from "./series-window";

/** Rows per insert statement (Postgres allows 65,535 parameters per statement). */
const INSERT_BATCH = 1000;

/** The key an occurrence row is found by: its plan and its original date or start. */
const originalKey = (allDay: boolean) =>
  allDay
    ? [planOccurrences.planId, planOccurrences.originalDate]
    : [planOccurrences.planId, planOccurrences.originalStart];

/** An upsert's times, taken from the row offered. */
const offeredTimes = {
  startsAt: sql`excluded.starts_at`,
  endsAt: sql`excluded.ends_at`,
  startDate: sql`excluded.start_date`,
  endDate: sql`excluded.end_date`,
};

async function insertRows(
  tx: Executor,
  rows: ReturnType<typeof generatedRow>[],
  allDay: boolean,
  onConflict: "update" | "skip",
) {
  const target = originalKey(allDay);
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = tx.insert(planOccurrences).values(rows.slice(i, i + INSERT_BATCH));
    if (onConflict === "skip") {
      await batch.onConflictDoNothing({ target });
    } else {
      // A row kept for its own state (completed, cancelled) follows the series' times; a moved
      // one keeps its own.
      await batch.onConflictDoUpdate({
        target,
        set: { ...offeredTimes, circleId: sql`excluded.circle_id` },
        setWhere: sql`${planOccurrences.isException} = false`,
      });
    }
  }
}

/** Where a series' rows are complete, and the occurrences that fill that span. */
interface WrittenSpan {
  expandedFrom: Date | null;
  expandedUntil: Date | null;
  originals: OriginalStart[];
}

/**
 * The span a series is written over at `now`: every occurrence of a series that ends after a
 * count (at most RECURRENCE_COUNT_MAX), else those in the window around now that the rule has.
 * `after` (the job's move) starts the writing there instead, where the rows already stop.
 */
function writtenSpan(plan: PlanRow, rule: RecurrenceRule, now: Date, after?: Date): WrittenSpan {
  const start = seriesStartOf(plan);
  const first = anchorInstant(start);
  if (rule.count !== null) {
    return {
      expandedFrom: null,
      expandedUntil: null,
      originals: occurrencesBetween(rule, start, first, null),
    };
  }
  const window = windowAround(now);
  const end = ruleEndBound(rule);
  const expandedFrom = first < window.from ? window.from : null;
  const expandedUntil = end !== null && end <= window.to ? null : window.to;
  let from = expandedFrom ?? first;
  if (after && after > from) from = after;
  const to = expandedUntil ?? (end as Date);
  return {
    expandedFrom,
    expandedUntil,
    originals: from < to ? occurrencesBetween(rule, start, from, to) : [],
  };
}

/**
 * (Re)writes a plan's occurrences after the plan row was written: call it in the same
 * transaction, after every change to start, end, all-day, zone, circle or rule. A one-off plan
 * gets its one row; a series its window (writtenSpan), keeping the exceptions whose original
 * start it still has. Sets the written window.
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
    if (plan.expandedUntil !== null || plan.expandedFrom !== null) {
      await tx
        .update(plans)
        .set({ expandedFrom: null, expandedUntil: null })
        .where(eq(plans.id, plan.id));
    }
    return;
  }

  await loadRecurrenceLibrary();
  const span = writtenSpan(plan, rule, now);
  await insertRows(
    tx,
    span.originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "update",
  );
  await dropOrphans(tx, plan, rule, span);
  await tx
    .update(plans)
    .set({ expandedFrom: span.expandedFrom, expandedUntil: span.expandedUntil })
    .where(eq(plans.id, plan.id));
}

/**
 * The exceptions whose occurrence the rule no longer has go with it: inside the new window the
 * rule's occurrences say which; outside it each exception is asked of the rule on its own (one
 * per change a user made there).
 */
async function dropOrphans(tx: Tx, plan: PlanRow, rule: RecurrenceRule, span: WrittenSpan) {
  const wanted = new Set(span.originals.map(keyOfOriginal));
  const window = { expandedFrom: span.expandedFrom, expandedUntil: span.expandedUntil };
  const start = seriesStartOf(plan);
  const kept = await tx
    .select({
      id: planOccurrences.id,
      originalStart: planOccurrences.originalStart,
      originalDate: planOccurrences.originalDate,
    })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), hasOwnState));
  const orphans = kept
    .filter((row) => {
      const original = originalOfRow(row);
      if (!original) return true;
      return isWritten(window, instantOf(original))
        ? !wanted.has(keyOf(row))
        : !isOccurrence(rule, start, original);
    })
    .map((row) => row.id);
  if (orphans.length > 0) {
    await tx.delete(planOccurrences).where(inArray(planOccurrences.id, orphans));
  }
}

function originalOfRow(row: {
  originalStart: Date | null;
  originalDate: string | null;
}): OriginalStart | null {
  if (row.originalDate !== null) return { allDay: true, date: row.originalDate };
  if (row.originalStart !== null) return { allDay: false, start: row.originalStart };
  return null;
}

/**
 * The scheduled job's step for one series (housekeeping.ts): moves its written window to the
 * one around `now`. Rows behind the new window that carry no state of their own are deleted,
 * and the occurrences from where the rows stop up to the new horizon are written, so a series
 * keeps about a window's rows whatever its age. The plan row is locked: a change to the plan
 * and the move take turns.
 */
export async function moveSeriesWindow(tx: Tx, planId: number, now: Date): Promise<void> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
  const rule = storedRule(plan?.recurrence ?? null);
  if (!plan?.expandedUntil || !rule) return;
  const window = windowAround(now);
  await tx
    .delete(planOccurrences)
    .where(
      and(
        eq(planOccurrences.planId, plan.id),
        not(hasOwnState),
        or(
          sql`${planOccurrences.originalStart} < ${window.from.toISOString()}::timestamptz`,
          sql`(${planOccurrences.originalDate}::timestamp at time zone 'UTC') < ${window.from.toISOString()}::timestamptz`,
        ),
      ),
    );
  await loadRecurrenceLibrary();
  const span = writtenSpan(plan, rule, now, plan.expandedUntil);
  await insertRows(
    tx,
    span.originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "skip",
  );
  await tx
    .update(plans)
    .set({ expandedFrom: span.expandedFrom, expandedUntil: span.expandedUntil })
    .where(eq(plans.id, plan.id));
}

/** The state of its own an occurrence is given in bulk (an import's EXDATEs and moved ones). */
export interface OccurrenceState {
  plan: PlanRow;
  original: OriginalStart;
  cancelled: boolean;
  overrides: OccurrenceOverrides | null;
  /** Where a moved occurrence now is; null where it stays as the rule makes it. */
  moved: Pick<OccurrenceRecord, "startsAt" | "endsAt" | "startDate" | "endDate"> | null;
}

/**
 * Gives many occurrences of freshly written series their own state in multi-row upserts, not
 * statements per occurrence: a row the window holds takes the state; one outside it is written
 * with it, as the rule makes it. Originals are distinct per plan (a second state for one
 * occurrence would make Postgres refuse the statement).
 */
export async function writeOccurrenceStates(tx: Tx, states: OccurrenceState[]): Promise<void> {
  const rows = states.map(({ plan, original, cancelled, overrides, moved }) => ({
    ...generatedRow(plan, original),
    ...(moved ?? {}),
    isCancelled: cancelled,
    isException: !cancelled,
    overrides: cancelled ? null : overrides,
  }));
  for (const allDay of [true, false]) {
    const ofKind = rows.filter((row) => (row.originalDate !== null) === allDay);
    for (let i = 0; i < ofKind.length; i += INSERT_BATCH) {
      await tx
        .insert(planOccurrences)
        .values(ofKind.slice(i, i + INSERT_BATCH))
        .onConflictDoUpdate({
          target: originalKey(allDay),
          set: {
            ...offeredTimes,
            isCancelled: sql`excluded.is_cancelled`,
            isException: sql`excluded.is_exception`,
            overrides: sql`excluded.overrides`,
          },
        });
    }
  }
}

/**
 * The row of an occurrence a change is about to give state of its own. A read may answer an
 * occurrence outside the written window, which no row holds (id 0): its row is written here,
 * in the change's transaction, as the rule generates it.
 */
export async function occurrenceRowFor(
  tx: Tx,
  plan: PlanRow,
  occurrence: OccurrenceRecord,
): Promise<OccurrenceRecord> {
  if (occurrence.id !== 0) return occurrence;
  const original = originalOfRow(occurrence);
  if (!original) throw new Error("an unwritten occurrence has no original start");
  await insertRows(tx, [generatedRow(plan, original)], plan.allDay, "skip");
  const [row] = await tx
    .select()
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), byOriginal(eq, occurrence)));
  if (!row) throw new Error("an occurrence row written was not found");
  return row;
}

/**
 * A new series with no occurrence at all (an end before its first matching day) is refused.
 * Its rows answer when they hold one; a series written only in part (a window around now that
 * misses its occurrences: it starts decades ahead, or ended long ago) asks its rule for the
 * first occurrence outside the rows and the first after them.
 */
export async function assertHasOccurrences(tx: Tx, planId: number) {
  const [row] = await tx
    .select({ id: planOccurrences.id })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, planId), eq(planOccurrences.isCancelled, false)))
    .limit(1);
  if (row) return;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  const rule = storedRule(plan?.recurrence ?? null);
  if (plan && rule && (plan.expandedFrom !== null || plan.expandedUntil !== null)) {
    await loadRecurrenceLibrary();
    const start = seriesStartOf(plan);
    const probes = [anchorInstant(start), plan.expandedUntil].filter((at) => at !== null);
    for (const at of probes) {
      const found = occurrenceFrom(rule, start, at, "next");
      if (found && !isWritten(plan, instantOf(found))) return;
    }
  }
  throw new AppError("BAD_REQUEST", messages.recurrenceEndBeforeStart);
}

/**
 * One occurrence of one plan, by the name a request gives it (its original start or date).
 * Inside a series' written window that is its row; outside it, an occurrence no row holds is
 * answered from the rule (id 0, docs/decisions/016), and a change that gives it state writes its
 * row first (scopedChange here, completion.ts).
 */
import type { Executor, Tx } from "@circleplan/db/client";
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
import { isOccurrence, loadRecurrenceLibrary, type OriginalStart, storedRule } from "./recurrence";
import { isWritten, unwrittenRecord } from "./series-window";
import {
  answerRowFor,
  isPartlyWritten,
  keysOutsideWindow,
  unwrittenOccurrenceFrom,
} from "./unwritten-occurrences";
import { occurrenceRowFor } from "./write-occurrences";

/** Names one occurrence: by original start (timed series) or original date (all-day series). */
export interface OccurrenceName {
  occurrenceStart?: Date | undefined;
  occurrenceDate?: string | undefined;
}

/**
 * One plan's occurrence: the one named, or for a series named by nothing its first occurrence
 * (a one-off plan has only one). Null when the name is not one of the plan's occurrences (or
 * names a cancelled one). Reads only: an occurrence outside the written window comes back with
 * id 0.
 */
export async function findOccurrence(
  db: Executor,
  planId: number,
  name: OccurrenceName,
): Promise<OccurrenceRow | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const where = [eq(planOccurrences.planId, planId), eq(planOccurrences.isCancelled, false)];
  const isNamed = plan.recurrence !== null && (!!name.occurrenceStart || !!name.occurrenceDate);
  // A one-off plan's one occurrence is the plan, whatever a client names.
  if (isNamed) {
    if (name.occurrenceStart) where.push(eq(planOccurrences.originalStart, name.occurrenceStart));
    else if (name.occurrenceDate) where.push(eq(planOccurrences.originalDate, name.occurrenceDate));
  }
  const [row] = await occurrenceSelect(db)
    .where(and(...where))
    .orderBy(asc(planOccurrences.originalStart), asc(planOccurrences.originalDate))
    .limit(1);
  const found = row ? toOccurrenceRow(row) : null;
  if (found || !isPartlyWritten(plan)) {
    return isNamed || !isPartlyWritten(plan) ? found : firstOccurrence(db, plan, found);
  }
  if (!isNamed) return firstOccurrence(db, plan, null);
  const named = originalNamed(plan, name);
  return named ? unwrittenNamed(db, plan, named) : null;
}

/** The original start a name gives, in the series' kind (a timed series by instant). */
function originalNamed(plan: PlanRow, name: OccurrenceName): OriginalStart | null {
  if (plan.allDay) {
    return !name.occurrenceStart && name.occurrenceDate
      ? { allDay: true, date: name.occurrenceDate }
      : null;
  }
  return name.occurrenceStart ? { allDay: false, start: name.occurrenceStart } : null;
}

/** A named occurrence outside the rows: the rule's, unless it lies where rows would hold it. */
async function unwrittenNamed(
  db: Executor,
  plan: PlanRow,
  named: OriginalStart,
): Promise<OccurrenceRow | null> {
  const at = named.allDay ? dayToUtc(named.date) : named.start;
  const rule = storedRule(plan.recurrence);
  if (!rule || isWritten(plan, at)) return null;
  // A row that holds it (cancelled: the read above leaves those out) says it is not there.
  const [own] = await db
    .select({ id: planOccurrences.id })
    .from(planOccurrences)
    .where(
      and(
        eq(planOccurrences.planId, plan.id),
        named.allDay
          ? eq(planOccurrences.originalDate, named.date)
          : eq(planOccurrences.originalStart, named.start),
      ),
    );
  if (own) return null;
  await loadRecurrenceLibrary();
  if (!isOccurrence(rule, seriesStartOf(plan), named)) return null;
  return answerRowFor(db, plan, unwrittenRecord(plan, named), null);
}

/**
 * A partly written series' first occurrence: the first of its rows (`firstRow`), unless the
 * rule has an earlier one no row holds, before its window (the series began long before) or
 * after it (it begins beyond its window).
 */
async function firstOccurrence(
  db: Executor,
  plan: PlanRow,
  firstRow: OccurrenceRow | null,
): Promise<OccurrenceRow | null> {
  const rowAt = firstRow ? originalInstant(firstRow.occurrence) : null;
  const reachesAfter =
    plan.expandedUntil !== null && (rowAt === null || rowAt >= plan.expandedUntil);
  if (plan.expandedFrom === null && !reachesAfter) return firstRow;
  const taken = await keysOutsideWindow(db, plan);
  const hasRow = (key: string) => taken.has(key);
  const candidates = [
    plan.expandedFrom === null
      ? null
      : await unwrittenOccurrenceFrom(plan, anchorInstant(seriesStartOf(plan)), "next", hasRow),
    reachesAfter
      ? await unwrittenOccurrenceFrom(plan, plan.expandedUntil as Date, "next", hasRow)
      : null,
  ].filter((candidate) => candidate !== null);
  const first = candidates.find(
    (candidate) => rowAt === null || originalInstant(candidate) < rowAt,
  );
  return first ? answerRowFor(db, plan, first, firstRow) : firstRow;
}

/** The instant an occurrence is named by (an all-day one's date at UTC midnight). */
function originalInstant(occurrence: OccurrenceRow["occurrence"]): Date {
  if (occurrence.originalDate !== null) return dayToUtc(occurrence.originalDate);
  return occurrence.originalStart ?? (occurrence.startsAt as Date);
}

/** Which occurrences of a series a change applies to. */
export interface OccurrenceScope {
  occurrenceStart?: Date;
  occurrenceDate?: string;
  scope?: "occurrence" | "following" | "all";
}

/**
 * A series' occurrence named by the input (404 when the series has none such), with its row
 * written if it had none (the change gives it state); null for a one-off plan or a series named
 * by nothing.
 */
async function namedOccurrence(
  tx: Tx,
  plan: PlanRow,
  name: OccurrenceName,
): Promise<OccurrenceRow | null> {
  if (plan.recurrence === null) return null;
  if (name.occurrenceStart === undefined && name.occurrenceDate === undefined) return null;
  const row = await findOccurrence(tx, plan.id, name);
  if (!row) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
  return { ...row, occurrence: await occurrenceRowFor(tx, plan, row.occurrence) };
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
  tx: Tx,
  plan: PlanRow,
  input: OccurrenceScope,
): Promise<ScopedChange> {
  const named = await namedOccurrence(tx, plan, input);
  const scope = plan.recurrence === null ? "all" : (input.scope ?? (named ? "occurrence" : "all"));
  if (scope === "all") return { scope, named };
  if (!named) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
  return { scope, named };
}

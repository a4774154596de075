/**
 * Occurrences outside a series' written window (series-window.ts), as reads answer them: the
 * rule expanded in memory over the days a read asks for, less the occurrences that have a row
 * of their own (moved, cancelled or completed ones are rows wherever they lie). Nothing is
 * written: a read far ahead or far back costs the days it reads, once, and leaves no trace.
 */
import type { Executor } from "@circleplan/db/client";
import { circles, planOccurrences, users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "../errors";
import { dayToUtc } from "./plan-days";
import {
  type OccurrenceRecord,
  type OccurrenceRow,
  occurrenceSelect,
  type PlanRow,
  seriesStartOf,
  toOccurrenceRow,
} from "./plan-rows";
import {
  loadRecurrenceLibrary,
  type OriginalStart,
  occurrenceFrom,
  occurrencesBetween,
  storedRule,
} from "./recurrence";
import {
  instantOf,
  isWritten,
  keyOf,
  keyOfOriginal,
  unwrittenParts,
  unwrittenRecord,
} from "./series-window";

/** Whether a series has occurrences its rows may not hold. */
export function isPartlyWritten(
  plan: Pick<PlanRow, "recurrence" | "expandedFrom" | "expandedUntil">,
) {
  return plan.recurrence !== null && (plan.expandedFrom !== null || plan.expandedUntil !== null);
}

/**
 * The series' occurrences whose original start lies in [from, to) (an all-day one's date at
 * UTC midnight) and outside its rows, leaving out those `hasRow` names (by keyOf). Callers keep
 * the range to a read's days: the library expands at most that much.
 */
export async function unwrittenOccurrences(
  plan: PlanRow,
  range: { from: Date; to: Date },
  hasRow: (key: string) => boolean,
): Promise<OccurrenceRecord[]> {
  const rule = storedRule(plan.recurrence);
  if (!rule) return [];
  const parts = unwrittenParts(plan, range.from, range.to);
  if (parts.length === 0) return [];
  await loadRecurrenceLibrary();
  const start = seriesStartOf(plan);
  return parts.flatMap((part) =>
    occurrencesBetween(rule, start, part.from, part.to)
      .filter((original) => !hasRow(keyOfOriginal(original)))
      .map((original) => unwrittenRecord(plan, original)),
  );
}

/** Whether the series' rule has an occurrence before `occurrence` (rows or none). */
export async function hasOccurrenceBefore(
  plan: PlanRow,
  occurrence: Pick<OccurrenceRecord, "originalStart" | "originalDate">,
): Promise<boolean> {
  const rule = storedRule(plan.recurrence);
  if (!rule) return false;
  const at =
    occurrence.originalDate !== null ? dayToUtc(occurrence.originalDate) : occurrence.originalStart;
  if (at === null) return false;
  await loadRecurrenceLibrary();
  return occurrenceFrom(rule, seriesStartOf(plan), at, "previous") !== null;
}

/**
 * The series' first occurrence from `at` on ("next") or last before it ("previous") that no
 * row holds, skipping those `hasRow` names; null when its rows would answer instead (the
 * occurrence found lies inside the window) or the rule has none. A few steps per skipped row.
 */
export async function unwrittenOccurrenceFrom(
  plan: PlanRow,
  at: Date,
  direction: "next" | "previous",
  hasRow: (key: string) => boolean,
): Promise<OccurrenceRecord | null> {
  const rule = storedRule(plan.recurrence);
  if (!rule || !isPartlyWritten(plan)) return null;
  await loadRecurrenceLibrary();
  const start = seriesStartOf(plan);
  let cursor = at;
  for (;;) {
    const found: OriginalStart | null = occurrenceFrom(rule, start, cursor, direction);
    if (!found) return null;
    const instant = instantOf(found);
    if (isWritten(plan, instant)) return null;
    if (!hasRow(keyOfOriginal(found))) return unwrittenRecord(plan, found);
    cursor = new Date(instant.getTime() + (direction === "next" ? 1 : 0));
  }
}

/** The keys of a partly written series' rows outside its window: each has state of its own. */
export async function keysOutsideWindow(db: Executor, plan: PlanRow): Promise<Set<string>> {
  const at = sql`coalesce(${planOccurrences.originalStart}, ${planOccurrences.originalDate}::timestamp at time zone 'UTC')`;
  const outside: SQL[] = [];
  if (plan.expandedFrom) outside.push(sql`${at} < ${plan.expandedFrom.toISOString()}::timestamptz`);
  if (plan.expandedUntil) {
    outside.push(sql`${at} >= ${plan.expandedUntil.toISOString()}::timestamptz`);
  }
  const rows = await db
    .select({
      originalStart: planOccurrences.originalStart,
      originalDate: planOccurrences.originalDate,
    })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), or(...outside)));
  return new Set(rows.map(keyOf));
}

/**
 * The row an answer shows for `plan` with `occurrence` (one no row holds): its circle and
 * people, borrowed from `like` (another row of the plan) when there is one.
 */
export async function answerRowFor(
  db: Executor,
  plan: PlanRow,
  occurrence: OccurrenceRow["occurrence"],
  like: OccurrenceRow | null,
): Promise<OccurrenceRow> {
  if (like) return { ...like, occurrence };
  const [any] = await occurrenceSelect(db).where(eq(planOccurrences.planId, plan.id)).limit(1);
  if (any) return { ...toOccurrenceRow(any), occurrence };
  return { ...(await peopleOf(db, plan)), plan, occurrence };
}

/**
 * The circle, creator, assignee and last author an answer shows, for a plan with no row to
 * borrow them from.
 */
async function peopleOf(db: Executor, plan: PlanRow) {
  const [circle] = await db
    .select({ id: circles.id, name: circles.name, color: circles.color })
    .from(circles)
    .where(eq(circles.id, plan.circleId));
  const assigneeId = plan.assignedTo ?? plan.cancelledAssignee;
  const ids = [plan.creatorId, assigneeId, plan.updatedBy].filter((id) => id !== null);
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const person = (id: number | null) => people.find((one) => one.id === id) ?? null;
  const creator = person(plan.creatorId);
  if (!circle || !creator) throw new AppError("NOT_FOUND", messages.planNotFound);
  return { circle, creator, assignee: person(assigneeId), updater: person(plan.updatedBy) };
}

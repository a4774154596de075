/**
 * Edits of a series short of all of it (docs/decisions/009): one occurrence changed or cancelled
 * on its own (its row gets state of its own), "this and following" (the series is split in
 * two), and a series ended before an occurrence. Each runs inside the caller's transaction, on
 * a plan it has locked.
 */

import type { Tx } from "@circleplan/db/client";
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import type { RecurrenceInput, UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { circleAccess } from "../circles/access";
import { AppError } from "../errors";
import { carryExceptions, moveReference } from "./carry-exceptions";
import { changeStamp, type Stamp } from "./change-stamp";
import {
  CONTENT_FIELDS,
  editedAssignment,
  editedColumns,
  editedContent,
  editedRule,
  NOT_IMPORTED,
  recurrenceFieldsOf,
  sameRule,
  sameValue,
} from "./edited-fields";
import { byOriginal } from "./occurrence-sql";
import { requireRoomFor } from "./plan-caps";
import {
  type OccurrenceRecord,
  type OccurrenceRow,
  type PlanRow,
  seriesStartOf,
} from "./plan-rows";
import { dayBefore, daysMoved, editedTiming, seriesStartOfTiming } from "./plan-timing";
import { type RecurrenceRule, storedRule } from "./recurrence";
import { hasOccurrenceBefore, isPartlyWritten } from "./unwritten-occurrences";
import { assertHasOccurrences, writeOccurrences } from "./write-occurrences";

/** A change that touched only occurrence rows still makes a new version of the plan. */
async function bumpVersion(tx: Tx, planId: number, stamp: Stamp) {
  await tx.update(plans).set(changeStamp(stamp)).where(eq(plans.id, planId));
}

/** Whether a series has occurrences before the named one (else "this and following" is "all"). */
export async function hasEarlierOccurrences(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow | null,
): Promise<boolean> {
  if (!named) return false;
  const [row] = await tx
    .select({ id: planOccurrences.id })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), byOriginal(lt, named.occurrence)))
    .limit(1);
  if (row !== undefined) return true;
  // Rows hold only the written window (docs/decisions/016): the rule knows what came before.
  return isPartlyWritten(plan) && (await hasOccurrenceBefore(plan, named.occurrence));
}

/** One occurrence changed on its own: an exception row of the series. */
export async function editOccurrence(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow,
  input: UpdatePlanInput,
  stamp: Stamp,
) {
  // What only the whole series can change must be unchanged (the edit form sends every field).
  const seriesOnly: [unknown, unknown][] = [
    [input.circleId, plan.circleId],
    [input.assignedTo, plan.assignedTo],
    [input.type, plan.type],
    [input.allDay, plan.allDay],
    [input.timeZone, plan.timeZone],
  ];
  const changesSeries = seriesOnly.some(
    ([sent, current]) => sent !== undefined && (sent ?? null) !== current,
  );
  const sentRule = recurrenceFieldsOf(input as RecurrenceInput);
  const ruleChanged =
    Object.keys(sentRule).length > 0 &&
    !sameRule(editedRule(plan, input, seriesStartOf(plan)), storedRule(plan.recurrence));
  if (changesSeries || ruleChanged) {
    throw new AppError("BAD_REQUEST", messages.occurrenceSeriesOnly);
  }

  const occurrence = named.occurrence;
  const timing = editedTiming(plan, occurrence, input);
  const overrides: OccurrenceOverrides = { ...(occurrence.overrides ?? {}) };
  const content = editedContent(input);
  for (const key of CONTENT_FIELDS) {
    if (!(key in content)) continue;
    // Only what differs from the series is kept, so a later edit of the series shows through.
    if (sameValue(content[key], plan[key])) delete overrides[key];
    else Object.assign(overrides, { [key]: content[key] });
  }
  await setOwnState(tx, plan, occurrence, stamp, {
    startsAt: timing.startsAt,
    endsAt: timing.endsAt,
    startDate: timing.startDate,
    endDate: timing.endDate,
    overrides: Object.keys(overrides).length > 0 ? overrides : null,
    isException: true,
  });
}

/** One occurrence deleted on its own: its row stays, cancelled, so the rule does not bring it back. */
export async function cancelOccurrence(
  tx: Tx,
  plan: PlanRow,
  occurrence: OccurrenceRecord,
  stamp: Stamp,
) {
  await setOwnState(tx, plan, occurrence, stamp, { isCancelled: true });
}

/** Gives one occurrence state of its own; the plan gets a new version. */
async function setOwnState(
  tx: Tx,
  plan: PlanRow,
  occurrence: OccurrenceRecord,
  stamp: Stamp,
  state: Partial<typeof planOccurrences.$inferInsert>,
) {
  await tx.update(planOccurrences).set(state).where(eq(planOccurrences.id, occurrence.id));
  await bumpVersion(tx, plan.id, stamp);
}

/** Ends a series before the named occurrence (the old part of a split, or a delete of following). */
export async function endSeriesBefore(
  tx: Tx,
  plan: PlanRow,
  occurrence: OccurrenceRecord,
  stamp: Stamp,
) {
  const rule = storedRule(plan.recurrence) as RecurrenceRule;
  const ended: RecurrenceRule = { ...rule, count: null, until: dayBefore(plan, occurrence) };
  const [updated] = await tx
    .update(plans)
    .set({ recurrence: ended as unknown as Record<string, unknown>, ...changeStamp(stamp) })
    .where(eq(plans.id, plan.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", messages.planNotFound);
  await writeOccurrences(tx, updated, stamp.at);
}

/**
 * "This and following": the series ends the day before the named occurrence, and a new series
 * (a new plan, with the edit applied) starts at it. The old series' exceptions from there on move
 * to the new one, moved as it moved (carry-exceptions.ts). Answers the new id.
 */
export async function splitSeries(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow,
  input: UpdatePlanInput,
  stamp: Stamp,
): Promise<number> {
  const occurrence = named.occurrence;
  const circleId = input.circleId ?? plan.circleId;
  if (circleId !== plan.circleId) {
    await circleAccess(tx, plan.creatorId, { circleId });
  }
  const assignment = await editedAssignment(tx, plan, input, circleId);
  const reference = moveReference(plan, occurrence, input);
  const timing = editedTiming(plan, reference, input);
  const oldRule = storedRule(plan.recurrence) as RecurrenceRule;
  const before =
    oldRule.count === null
      ? undefined
      : (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(planOccurrences)
            .where(and(eq(planOccurrences.planId, plan.id), byOriginal(lt, occurrence)))
        )[0]?.n;
  const remaining = before === undefined ? undefined : Math.max(1, (oldRule.count ?? 0) - before);
  const rule = editedRule(plan, input, seriesStartOfTiming(timing), {
    remainingCount: remaining,
    movedDays: daysMoved(plan, reference, timing),
  });
  await requireRoomFor(tx, circleId, { series: rule !== null });

  const { id: _id, expandedUntil: _expanded, ...copied } = plan;
  const [created] = await tx
    .insert(plans)
    .values({
      ...copied,
      ...editedColumns(plan, input, { assignment, timing, circleId, rule }),
      ...NOT_IMPORTED,
      version: 1,
      createdAt: stamp.at,
      updatedAt: stamp.at,
      updatedBy: stamp.by,
    })
    .returning();
  if (!created) throw new Error("plan insert returned nothing");

  // The old series' exceptions from the split on go with the new series, moved as it moved.
  await carryExceptions(tx, {
    from: plan,
    to: created,
    reference,
    edited: timing,
    named: occurrence,
    input,
    rows: byOriginal(gte, occurrence),
  });
  await writeOccurrences(tx, created, stamp.at);
  if (rule) await assertHasOccurrences(tx, created.id);
  await endSeriesBefore(tx, plan, occurrence, stamp);
  return created.id;
}

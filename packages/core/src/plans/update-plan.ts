/**
 * Changing a plan (api-conventions.md, "Plans and tasks"): a one-off plan, or a series for one
 * occurrence, this and the following ones, or all of them (docs/decisions/009). Only its
 * creator changes it; an edit based on an older version answers 409 instead of overwriting.
 */
import type { Tx } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import type { ActivityScope } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { RecurrenceInput, UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { viewerZoneOf } from "../auth/viewer-zone";
import { weekStartOf } from "../auth/week-start";
import { type CircleCaller, circleAccess } from "../circles/access";
import type { Call } from "../deps";
import { AppError } from "../errors";
import { carryExceptions, moveReference } from "./carry-exceptions";
import { changeStamp, type Stamp } from "./change-stamp";
import { completionOccurrence, setCompletion } from "./completion";
import { editedAssignment, editedColumns, editedRule, sentKeys } from "./edited-fields";
import {
  findOccurrence,
  type OccurrenceName,
  type ScopedChange,
  scopedChange,
} from "./find-occurrence";
import { lockPlan, requirePlanCreator } from "./plan-access";
import { type PlanView, recordPlanEdit } from "./plan-activity";
import { answerFor } from "./plan-answer";
import { requireRoomFor } from "./plan-caps";
import type { OccurrenceRow, PlanRow } from "./plan-rows";
import {
  daysMoved,
  editedTiming,
  movedOriginal,
  seriesStartOfTiming,
  shiftAnchor,
} from "./plan-timing";
import { makesSeries } from "./recurrence";
import { editOccurrence, hasEarlierOccurrences, splitSeries } from "./series-edits";
import { assertHasOccurrences, writeOccurrences } from "./write-occurrences";

type UpdateResult = { planId: number; name: OccurrenceName };

/**
 * PUT /api/events/{id}. Only the creator changes a plan; anyone whom the completion rule allows
 * may send `isCompleted` alone (the reminder popup does). `version`, when sent, must be the
 * current one (409 otherwise), and every change bumps it. A series' occurrence is named by
 * `occurrenceStart` / `occurrenceDate`; `scope` says which occurrences change (the named one by
 * default when one is named, else all). "This and following" splits the series and answers the
 * new series' first occurrence (with its own id).
 */
export async function updatePlan({
  deps,
  caller,
  input,
}: Call<UpdatePlanInput, CircleCaller>): Promise<Plan> {
  const viewerZone = await viewerZoneOf(deps.db, caller);
  const stamp = { by: caller.userId, at: deps.clock.now() };
  const result = await deps.db.transaction(async (tx): Promise<UpdateResult> => {
    const plan = await lockPlan(tx, input.id);
    if (sentKeys(input).length > 0) requirePlanCreator(plan, caller.userId);
    if (input.version !== undefined && input.version !== plan.version) {
      throw new AppError("CONFLICT", messages.planVersionConflict);
    }
    const change = await scopedChange(tx, plan, input);
    if (input.isCompleted !== undefined) completionOccurrence(change.scope, null); // before any change

    const target = await applyUpdate(tx, { plan, change, input, caller, stamp });
    // One request, one new version, however many rows it touched (a new series starts at 1).
    await tx
      .update(plans)
      .set({ ...changeStamp(stamp), version: plan.version + 1 })
      .where(eq(plans.id, plan.id));
    if (target.planId !== plan.id) {
      await tx.update(plans).set({ version: 1 }).where(eq(plans.id, target.planId));
    }
    return target;
  });
  return answerFor(deps.db, result.planId, result.name, {
    userId: caller.userId,
    zone: viewerZone,
  });
}

/** The edit itself, then the completion it carries; answers the occurrence to show. */
async function applyUpdate(
  tx: Tx,
  edit: {
    plan: PlanRow;
    change: ScopedChange;
    input: UpdatePlanInput;
    caller: CircleCaller;
    stamp: Stamp;
  },
): Promise<UpdateResult> {
  const { plan, change, input, caller, stamp } = edit;
  let target: UpdateResult = { planId: plan.id, name: input };
  let completing = change.named?.occurrence ?? null;
  if (sentKeys(input).length > 0) {
    let scope: ActivityScope = "all";
    if (change.scope === "occurrence") {
      await editOccurrence(tx, plan, change.named, input, stamp);
      scope = "occurrence";
    } else if (
      change.scope === "following" &&
      (await hasEarlierOccurrences(tx, plan, change.named))
    ) {
      const newId = await splitSeries(tx, plan, change.named, input, stamp);
      target = { planId: newId, name: {} };
      completing = (await findOccurrence(tx, newId, {}))?.occurrence ?? null;
      scope = "following";
    } else {
      const name = await editWholePlan(tx, plan, change.named, input, caller, stamp);
      target = { planId: plan.id, name };
      const isNamed = name.occurrenceStart !== undefined || name.occurrenceDate !== undefined;
      completing = isNamed ? ((await findOccurrence(tx, plan.id, name))?.occurrence ?? null) : null;
    }
    const before: PlanView = change.named ?? { plan };
    const after = await viewAfter(tx, target, change.named !== null);
    await recordPlanEdit(tx, { before, after, scope }, stamp);
  }
  if (input.isCompleted !== undefined) {
    const fresh = await lockPlan(tx, target.planId);
    const occurrence = completionOccurrence(change.scope, completing);
    await setCompletion(tx, fresh, caller, input.isCompleted, occurrence, stamp.at);
  }
  return target;
}

/**
 * The plan as the edit left it, for its feed entry: the occurrence the client named, where the
 * edit took it (a split: the new series' first), else the plan itself, as `before` was read.
 */
async function viewAfter(tx: Tx, target: UpdateResult, named: boolean): Promise<PlanView> {
  if (named) {
    const row =
      (await findOccurrence(tx, target.planId, target.name)) ??
      (await findOccurrence(tx, target.planId, {}));
    if (row) return row;
  }
  return { plan: await lockPlan(tx, target.planId) };
}

/** The edit of a one-off plan, or of every occurrence of a series. Answers the occurrence to show. */
async function editWholePlan(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow | null,
  input: UpdatePlanInput,
  caller: CircleCaller,
  stamp: Stamp,
): Promise<OccurrenceName> {
  const circleId = input.circleId ?? plan.circleId;
  if (circleId !== plan.circleId) await circleAccess(tx, caller.userId, { circleId });
  const assignment = await editedAssignment(tx, plan, input, circleId);

  // The occurrence the client was looking at: its edit moves the series by as much.
  const shown = named?.occurrence ?? (await findOccurrence(tx, plan.id, {}))?.occurrence ?? null;
  if (!shown) throw new AppError("NOT_FOUND", messages.planNotFound);
  const wasSeries = plan.recurrence !== null;
  const reference = wasSeries ? moveReference(plan, shown, input) : shown;
  const edited = editedTiming(plan, reference, input);
  let timing = wasSeries ? shiftAnchor(plan, reference, edited) : edited;
  const movedDays = wasSeries ? daysMoved(plan, reference, edited) : 0;
  // A one-off plan made a series takes its creator's week start; a series keeps its own.
  const weekStart =
    !wasSeries && makesSeries(input as RecurrenceInput)
      ? await weekStartOf(tx, plan.creatorId)
      : undefined;
  const rule = editedRule(plan, input, seriesStartOfTiming(timing), {
    movedDays,
    ...(weekStart ? { weekStart } : {}),
  });
  if (circleId !== plan.circleId || (rule && !wasSeries)) {
    await requireRoomFor(tx, circleId, { series: rule !== null });
  }
  // A series made one-off stays where the client saw it, not at the series' first start.
  if (wasSeries && rule === null) timing = edited;

  const [updated] = await tx
    .update(plans)
    .set({
      ...editedColumns(plan, input, { assignment, timing, circleId, rule }),
      ...changeStamp(stamp),
    })
    .where(eq(plans.id, plan.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", messages.planNotFound);
  if (circleId !== plan.circleId) {
    await tx.update(planOccurrences).set({ circleId }).where(eq(planOccurrences.planId, plan.id));
  }
  if (wasSeries && rule) {
    const own = named?.occurrence ?? null;
    await carryExceptions(tx, { from: plan, to: updated, reference, edited, named: own, input });
  }
  await writeOccurrences(tx, updated, stamp.at);
  if (rule) await assertHasOccurrences(tx, plan.id);
  if (!rule || !named) return {};
  // The occurrence the client edited, where the edit moved it.
  const moved = movedOriginal(plan, named.occurrence, reference, edited);
  const name = edited.allDay
    ? { occurrenceDate: moved.originalDate ?? undefined }
    : { occurrenceStart: moved.originalStart ?? undefined };
  return (await findOccurrence(tx, plan.id, name)) ? name : {};
}

import type { Tx } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, inArray } from "drizzle-orm";
import type { CircleCaller } from "../circles/access";
import type { Call } from "../deps";
import { collectAttachmentGarbage, queueAttachmentObjects } from "./attachments";
import { type OccurrenceScope, scopedChange } from "./find-occurrence";
import { lockPlan, requirePlanDeleter } from "./plan-access";
import { recordPlanDeleted } from "./plan-activity";
import { cancelOccurrence, endSeriesBefore, hasEarlierOccurrences } from "./series-edits";

/**
 * DELETE /api/events/{id}: the creator, or an admin of its circle, deletes a plan; of a series
 * one occurrence, this and the following ones, or all (the default when no occurrence is named).
 */
export async function deletePlan({
  deps,
  caller,
  input,
}: Call<{ id: number } & OccurrenceScope, CircleCaller>): Promise<{ message: string }> {
  const stamp = { by: caller.userId, at: deps.clock.now() };
  const { message, queued } = await deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    requirePlanDeleter(plan, caller);
    const message = plan.type === "task" ? messages.taskDeleted : messages.eventDeleted;
    const change = await scopedChange(tx, plan, input);
    if (change.scope === "occurrence") {
      await cancelOccurrence(tx, plan, change.named.occurrence, stamp);
      await recordPlanDeleted(tx, change.named, "occurrence", stamp);
      return { message, queued: [] };
    }
    if (change.scope === "following" && (await hasEarlierOccurrences(tx, plan, change.named))) {
      await endSeriesBefore(tx, plan, change.named.occurrence, stamp);
      await recordPlanDeleted(tx, change.named, "following", stamp);
      return { message, queued: [] };
    }
    const queued = await queueAttachmentObjects(tx, [plan.id]);
    await tx.delete(plans).where(eq(plans.id, plan.id));
    // The occurrence the client named, else the plan itself (a series: from its first).
    await recordPlanDeleted(tx, change.named ?? { plan }, "all", stamp);
    return { message, queued };
  });
  if (queued.length > 0) await collectAttachmentGarbage(deps, queued);
  return { message };
}

/**
 * For member-departure.ts: the plans a departing member made in the circle go with their
 * membership (docs/decisions/016-bounded-work.md), in its transaction. Answers how many, and the
 * keys of their attachments, queued as garbage: hand them to `collectAttachmentGarbage` after
 * commit.
 */
export async function deletePlansMadeBy(
  tx: Tx,
  membership: { circleId: number; userId: number },
): Promise<{ deleted: number; queued: string[] }> {
  const made = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.circleId, membership.circleId), eq(plans.creatorId, membership.userId)));
  const ids = made.map((row) => row.id);
  if (ids.length === 0) return { deleted: 0, queued: [] };
  const queued = await queueAttachmentObjects(tx, ids);
  await tx.delete(plans).where(inArray(plans.id, ids));
  return { deleted: ids.length, queued };
}

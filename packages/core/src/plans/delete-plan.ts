import { plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import type { CircleCaller } from "../circles/access";
import type { Call } from "../deps";
import { collectAttachmentGarbage, queueAttachmentObjects } from "./attachments";
import { type OccurrenceScope, scopedChange } from "./find-occurrence";
import { lockPlan, requirePlanCreator } from "./plan-access";
import { cancelOccurrence, endSeriesBefore, hasEarlierOccurrences } from "./series-edits";

/**
 * DELETE /api/events/{id}: the creator deletes a plan; of a series one occurrence, this and the
 * following ones, or all (the default when no occurrence is named).
 */
export async function deletePlan({
  deps,
  caller,
  input,
}: Call<{ id: number } & OccurrenceScope, CircleCaller>): Promise<{ message: string }> {
  const stamp = { by: caller.userId, at: deps.clock.now() };
  const { message, queued } = await deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    requirePlanCreator(plan, caller.userId);
    const message = plan.type === "task" ? messages.taskDeleted : messages.eventDeleted;
    const change = await scopedChange(tx, plan, input);
    if (change.scope === "occurrence") {
      await cancelOccurrence(tx, plan, change.named.occurrence, stamp);
      return { message, queued: [] };
    }
    if (change.scope === "following" && (await hasEarlierOccurrences(tx, plan, change.named))) {
      await endSeriesBefore(tx, plan, change.named.occurrence, stamp);
      return { message, queued: [] };
    }
    const queued = await queueAttachmentObjects(tx, [plan.id]);
    await tx.delete(plans).where(eq(plans.id, plan.id));
    return { message, queued };
  });
  if (queued.length > 0) await collectAttachmentGarbage(deps, queued);
  return { message };
}

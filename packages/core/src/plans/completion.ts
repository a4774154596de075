/**
 * Completing a plan (api-conventions.md, plans spec section 6). Who may is shared
 * plan-rules.ts `mayComplete` (the creator, or the assignee once accepted); anyone else gets 403 "Action not allowed: You do not have permission to complete this task."
 * POST /api/events/{id}/complete (tasks.ts) and PUT /api/events/{id} with `isCompleted`
 * (update-plan.ts) both come here.
 */
import type { Tx } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { mayComplete } from "@circleplan/shared/plan-rules";
import { eq } from "drizzle-orm";
import type { SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { changeStamp } from "./change-stamp";
import { recordCompletion } from "./plan-activity";
import type { OccurrenceRecord, PlanRow } from "./plan-rows";
import { occurrenceRowFor } from "./write-occurrences";

/**
 * Which occurrence a completion applies to, the same for both doors: the one named (scope
 * "occurrence", the default when one is named), or none, meaning the plan itself ("all"). "This
 * and following" is offered for edits and deletions; a completion is one occurrence or the whole
 * series, and doing less than asked silently would be worse than refusing.
 */
export function completionOccurrence(
  scope: "occurrence" | "following" | "all" | undefined,
  named: OccurrenceRecord | null,
): OccurrenceRecord | null {
  if (scope === "following") {
    throw new AppError("VALIDATION_FAILED", messages.completionScopeInvalid, {
      issues: [{ path: "scope", message: messages.completionScopeInvalid }],
    });
  }
  return scope === "all" ? null : named;
}

/**
 * Completes (or reopens) `plan` for `caller`, in the caller's transaction (the plan row should
 * be locked by it). With `occurrence` (an occurrence of a series, from findOccurrence), only that
 * occurrence: it becomes an exception of the series. Without it, the plan itself, which for a
 * series means every occurrence not completed or reopened on its own. Bumps the plan's version.
 */
export async function setCompletion(
  tx: Tx,
  plan: PlanRow,
  caller: Pick<SignedInCaller, "userId">,
  isCompleted: boolean,
  occurrence: OccurrenceRecord | null,
  now: Date,
): Promise<void> {
  if (!mayComplete(plan, caller.userId)) {
    throw new AppError("FORBIDDEN", messages.completeNotAllowed);
  }
  const completion = {
    isCompleted,
    completedAt: isCompleted ? now : null,
    completedBy: isCompleted ? caller.userId : null,
  };
  const by = { by: caller.userId, at: now };
  const stamp = changeStamp(by);
  if (occurrence && plan.recurrence !== null) {
    // An occurrence outside the written window has its row written first (docs/decisions/016).
    const row = await occurrenceRowFor(tx, plan, occurrence);
    await tx.update(planOccurrences).set(completion).where(eq(planOccurrences.id, row.id));
    await tx.update(plans).set(stamp).where(eq(plans.id, plan.id));
    // Completing what is already complete changes nothing a member sees: no entry.
    if ((occurrence.isCompleted ?? plan.isCompleted) !== isCompleted) {
      await recordCompletion(tx, { plan, occurrence }, isCompleted, by);
    }
    return;
  }
  await tx
    .update(plans)
    .set({ ...completion, ...stamp })
    .where(eq(plans.id, plan.id));
  if (plan.isCompleted !== isCompleted) await recordCompletion(tx, { plan }, isCompleted, by);
}

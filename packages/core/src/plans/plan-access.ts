/**
 * What a caller may do to a plan beyond seeing it. Seeing is the circle's (circles/access.ts,
 * `{ planId }`, before any of this runs); the rules here are the ones only the plan can answer:
 * its creator changes and deletes it and its attachments, the circle's admins (its creator
 * among them) delete it too, and its assignee must be a member of its circle.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { type CircleCaller, holdMembership } from "../circles/access";
import { AppError } from "../errors";
import type { PlanRow } from "./plan-rows";

/** The plan's row, locked for the rest of the transaction; 404 once it is gone. */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", messages.planNotFound);
  return row;
}

/** 403 unless `userId` created the plan. */
export function requirePlanCreator(plan: Pick<PlanRow, "creatorId">, userId: number) {
  if (plan.creatorId !== userId) throw new AppError("FORBIDDEN", messages.planCreatorOnly);
}

/**
 * 403 unless the caller may delete the plan: its creator, or an admin of its circle (a member
 * must not be able to bury a circle its admins cannot clear; docs/decisions/016). Admins gain
 * no edit: what a plan says stays its creator's.
 */
export function requirePlanDeleter(
  plan: Pick<PlanRow, "creatorId" | "circleId">,
  caller: Pick<CircleCaller, "userId" | "circle">,
) {
  if (plan.creatorId === caller.userId) return;
  const adminHere = caller.circle.isAdmin && caller.circle.circle.id === plan.circleId;
  if (!adminHere) throw new AppError("FORBIDDEN", messages.planDeleteNotAllowed);
}

/** 403 unless `userId` created the plan `planId`; 404 when it is gone. */
export async function requireCreatorOfPlan(db: Executor, planId: number, userId: number) {
  const [plan] = await db
    .select({ creatorId: plans.creatorId })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!plan) throw new AppError("NOT_FOUND", messages.planNotFound);
  requirePlanCreator(plan, userId);
}

/**
 * 400 unless `userId` is a member of the circle, so a plan there may be assigned to them. Asked
 * inside the transaction that writes the assignment, which then holds the membership: a member
 * removed at the same moment is either refused here or has the new task withdrawn by the removal.
 */
export async function requireAssignable(tx: Tx, circleId: number, userId: number) {
  if (!(await holdMembership(tx, circleId, userId))) {
    throw new AppError("BAD_REQUEST", messages.assigneeNotMember);
  }
}

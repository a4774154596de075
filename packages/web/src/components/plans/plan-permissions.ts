/**
 * What the current user may do with a plan, mirrored from the server's rules (api-conventions,
 * "Plans and tasks"; plans spec section 6) so the screens only offer what will be allowed. The
 * server still decides: a refusal there is shown as it comes.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { mayComplete } from "@circleplan/shared/plan-people";

type PlanPeople = Pick<Plan, "type" | "creatorId" | "assignedTo" | "assignmentAccepted" | "status">;

/** Only the creator edits, or opens the edit form by tapping the card. */
export function isPlanCreator(plan: PlanPeople, userId: number): boolean {
  return plan.creatorId === userId;
}

/**
 * The creator deletes, and so does an admin of the plan's circle (its creator among them): a
 * member cannot leave plans the circle's admins cannot clear (docs/decisions/016).
 */
export function mayDeletePlan(
  plan: PlanPeople & Pick<Plan, "circleId">,
  userId: number,
  adminOf: ReadonlySet<number>,
): boolean {
  return isPlanCreator(plan, userId) || adminOf.has(plan.circleId);
}

/** A task assigned to me that I have not answered: Accept and Decline (amber). */
export function awaitsMyAnswer(plan: PlanPeople, userId: number): boolean {
  return (
    plan.type === "task" &&
    plan.assignedTo === userId &&
    plan.assignmentAccepted === null &&
    plan.status !== "cancelled"
  );
}

/**
 * Tasks and to-dos carry a completion checkbox for those the server lets complete them (shared
 * `mayComplete`); events have none, as the spec draws them (decision 009).
 */
export function canCompletePlan(plan: PlanPeople, userId: number): boolean {
  return plan.type !== "event" && mayComplete(plan, userId);
}

/** The spec's word for the plan in delete confirmations and toasts. */
export function planNoun(plan: Pick<Plan, "type">): "event" | "task" {
  return plan.type === "event" ? "event" : "task";
}

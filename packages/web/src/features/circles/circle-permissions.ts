/**
 * What the circle screens offer to whom (accounts spec, section 6). The server enforces every
 * rule on its own; these only decide what is worth showing, so nobody meets a button that is
 * bound to be refused.
 */
import type { Circle, Member } from "@circleplan/shared/circle-outputs";

type CircleView = Pick<Circle, "type" | "role" | "isCreator">;

export function isCircleAdmin(circle: CircleView): boolean {
  return circle.role === "admin";
}

/** Invitations (the dialog's tab, the invite forms, the sent list): admins, never personal circles. */
export function canInvite(circle: CircleView): boolean {
  return isCircleAdmin(circle) && circle.type !== "personal";
}

/** The detail dialog offers Delete for circles that are neither personal nor family. */
export function canDeleteFromDialog(circle: CircleView): boolean {
  return circle.isCreator && circle.type !== "personal" && circle.type !== "family";
}

/** The settings page's Danger Zone: the creator of a custom circle. */
export function showsDangerZone(circle: CircleView): boolean {
  return circle.isCreator && circle.type === "custom";
}

export interface MemberActions {
  promote: boolean;
  /** Make an admin a member again: the creator's alone. */
  demote: boolean;
  remove: boolean;
}

/**
 * An admin acts on others, never on themselves and never on the creator; of them, only the
 * creator makes an admin a member again.
 */
export function memberActions(
  member: Pick<Member, "userId" | "role" | "isCreator">,
  viewer: { userId: number; isAdmin: boolean; isCreator: boolean },
): MemberActions {
  const actionable = viewer.isAdmin && member.userId !== viewer.userId && !member.isCreator;
  return {
    promote: actionable && member.role !== "admin",
    demote: actionable && viewer.isCreator && member.role === "admin",
    remove: actionable,
  };
}

/** Leaving: any member but the creator, who would leave the circle without one; so never a personal circle. */
export function canLeave(circle: CircleView): boolean {
  return !circle.isCreator && circle.type !== "personal";
}

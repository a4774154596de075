/**
 * Who may complete a plan, whom it reminds and whom its changes concern, what an assignee makes
 * of it, and the voice title: the plan rules the server and the web app both apply (plans spec
 * sections 5, 6 and 9; docs/decisions/009). No zod here, so a screen that only asks "may I
 * complete this?" does not download the validation library (decision 005, "The first load on a
 * phone"); plan-rules.ts answers the same names.
 */
import type { ActivityKind, CircleNotifyLevel, PlanType } from "./limits";
import { VOICE_TITLE_MAX_LENGTH } from "./limits";

export interface PlanPeople {
  creatorId: number;
  assignedTo: number | null;
  assignmentAccepted: boolean | null;
}

/**
 * Who may complete or reopen a plan: its creator, or its assignee once they have accepted it
 * (spec section 6), whatever its type (decision 009). Which plans a screen offers a checkbox
 * on is the screen's choice; this is what the server allows.
 */
export function mayComplete(plan: PlanPeople, userId: number): boolean {
  if (plan.creatorId === userId) return true;
  return plan.assignedTo === userId && plan.assignmentAccepted === true;
}

/**
 * What a member chose to hear of a plan (docs/decisions/019): their circle's setting (the
 * default, following every change, or muted) and whether they follow this plan.
 */
export interface Interest {
  circle: CircleNotifyLevel;
  followsPlan: boolean;
}

/** A member who chose nothing: the circle's default, no plan followed. */
export const NO_INTEREST: Readonly<Interest> = { circle: "default", followsPlan: false };

/**
 * Whom a plan reminds, and whom its changes concern (docs/decisions/011 and 019): its creator,
 * its assignee once they have accepted it, and members who follow the plan or its whole circle;
 * a muted circle silences all that except a plan followed one by one (the more specific choice)
 * and a task the member took on (someone counts on them). A task still waiting for an answer is
 * someone else's request, not yet the assignee's plan: reminding them of it would let any member
 * of a shared circle send mail to any other. Membership of the circle and the person's channels
 * are the sender's to check.
 */
export function isReminded(plan: PlanPeople, userId: number, interest: Interest): boolean {
  if (plan.assignedTo === userId && plan.assignmentAccepted === true) return true;
  if (interest.followsPlan) return true;
  if (interest.circle === "muted") return false;
  return plan.creatorId === userId || interest.circle === "following";
}

/** A change of the feed, by the people it may concern (core/src/inbox/queue-inbox.ts builds it). */
export interface ChangePeople {
  kind: ActivityKind;
  /** Who made it: never told of their own change. Null when the system did. */
  actorId: number | null;
  /** The plan's people after the change (a deletion: before it); null for other entries. */
  plan: PlanPeople | null;
  /** The assignee before and after, for a change of assignee. */
  assigneeBefore?: number | null;
  assigneeAfter?: number | null;
  /** The member a member entry is about. */
  memberId?: number | null;
  /** Who sent the invitation an answer is to. */
  inviterId?: number | null;
}

/**
 * Whom a change is addressed to by name: a task given to or taken from them (made for them, too),
 * the answer to a task
 * they gave, their own promotion, demotion or new creatorship, the answer to their invitation.
 * They are told even in a circle they muted: it is a conversation with them, not news.
 */
function addressed(change: ChangePeople): (number | null | undefined)[] {
  switch (change.kind) {
    case "plan_created":
      return [change.plan?.assignedTo];
    case "task_assigned":
    case "task_withdrawn":
      return [change.assigneeBefore, change.assigneeAfter];
    case "task_accepted":
    case "task_declined":
      return [change.plan?.creatorId];
    case "member_promoted":
    case "member_demoted":
    case "circle_handed_over":
      return [change.memberId];
    case "member_joined":
    case "invitation_declined":
      return [change.inviterId];
    default:
      return [];
  }
}

/**
 * Whether a member of the change's circle is told of it (inbox, push, digest): never its actor;
 * whom it is addressed to; for a plan, whom the plan reminds (`isReminded`); for the circle's
 * other news (members, invitations), those who follow the whole circle.
 */
export function isToldOf(change: ChangePeople, userId: number, interest: Interest): boolean {
  if (change.actorId === userId) return false;
  if (addressed(change).includes(userId)) return true;
  if (change.plan) return isReminded(change.plan, userId, interest);
  return interest.circle === "following";
}

/** Assigning a plan to someone makes it a task (spec section 6); otherwise it keeps `type`. */
export function planTypeFor(assignedTo: number | null, type: PlanType): PlanType {
  return assignedTo !== null ? "task" : type;
}

/**
 * The voice title (spec sections 5 and 9): one line, first letter capitalised, at most 50
 * characters (47 and "...").
 */
export function voiceTitle(text: string): string {
  const title = text.replace(/\s+/g, " ").trim();
  const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
  return capitalised.length > VOICE_TITLE_MAX_LENGTH
    ? `${capitalised.slice(0, VOICE_TITLE_MAX_LENGTH - 3)}...`
    : capitalised;
}

/**
 * The one home of "may this caller see / administer this circle". Every way a request names a
 * circle (its id, a member id, an invitation id; later a plan id) resolves here to the circle
 * and the caller's membership in it, so no procedure writes its own membership query.
 *
 * A caller who is not a member gets 404 with the same message as a circle that does not exist:
 * a non-member never learns that a circle (or a member or invitation of it) exists. A member
 * lacking the role gets 403.
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, circles, invitations, plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SignedInCaller } from "../deps";
import { AppError } from "../errors";

export type CircleRow = typeof circles.$inferSelect;
export type MemberRow = typeof circleMembers.$inferSelect;

/** The ways a request names a circle. */
export type CircleRef =
  | { circleId: number }
  | { memberId: number }
  | { invitationId: number }
  | { planId: number };

export interface CircleAccess {
  circle: CircleRow;
  /** The caller's own membership. */
  membership: MemberRow;
  isAdmin: boolean;
  isCreator: boolean;
}

/** A signed-in caller whose membership of one circle has been checked. */
export type CircleCaller = SignedInCaller & { circle: CircleAccess };

/** The circle id a reference points at, or null when it points at nothing. */
async function circleIdOf(db: Executor, ref: CircleRef): Promise<number | null> {
  if ("circleId" in ref) return ref.circleId;
  if ("memberId" in ref) {
    const [row] = await db
      .select({ circleId: circleMembers.circleId })
      .from(circleMembers)
      .where(eq(circleMembers.id, ref.memberId));
    return row?.circleId ?? null;
  }
  if ("planId" in ref) {
    const [row] = await db
      .select({ circleId: plans.circleId })
      .from(plans)
      .where(eq(plans.id, ref.planId));
    return row?.circleId ?? null;
  }
  const [row] = await db
    .select({ circleId: invitations.circleId })
    .from(invitations)
    .where(eq(invitations.id, ref.invitationId));
  return row?.circleId ?? null;
}

/**
 * The caller's access to the circle `ref` names. 404 when there is no such circle (or plan) or
 * the caller is not a member: the two are indistinguishable from outside. The message names
 * what the request named: a plan id answers "Plan not found", never that a circle exists.
 */
export async function circleAccess(
  db: Executor,
  userId: number,
  ref: CircleRef,
  notFound: string = "planId" in ref ? messages.planNotFound : messages.circleNotFound,
): Promise<CircleAccess> {
  const circleId = await circleIdOf(db, ref);
  const [row] =
    circleId === null
      ? []
      : await db
          .select({ circle: circles, membership: circleMembers })
          .from(circles)
          .innerJoin(
            circleMembers,
            and(eq(circleMembers.circleId, circles.id), eq(circleMembers.userId, userId)),
          )
          .where(eq(circles.id, circleId));
  if (!row) throw new AppError("NOT_FOUND", notFound);
  const isCreator = row.circle.creatorId === userId;
  return {
    circle: row.circle,
    membership: row.membership,
    // The creator is always an admin (api-conventions.md), whatever the row says.
    isAdmin: isCreator || row.membership.role === "admin",
    isCreator,
  };
}

/** 403 unless the caller administers the circle. */
export function requireAdmin(access: CircleAccess, message: string = messages.circleAdminOnly) {
  if (!access.isAdmin) throw new AppError("FORBIDDEN", message);
}

/** 403 unless the caller created the circle. */
export function requireCreator(access: CircleAccess, message: string) {
  if (!access.isCreator) throw new AppError("FORBIDDEN", message);
}

/** Whether `userId` is a member of the circle (a plan's assignee must be). */
export async function isCircleMember(
  db: Executor,
  circleId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: circleMembers.id })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  return row !== undefined;
}

/**
 * The ids of the circles `userId` belongs to, as a subquery for a statement to embed (reads
 * that take a member's circles in the same round trip as what they find).
 */
export function circleIdsOfMember(userId: number): SQL {
  return sql`select m.circle_id from circle_members m where m.user_id = ${userId}`;
}

/**
 * The one home of "may this caller see / administer this circle". Every way a request names a
 * circle (its id, a member id, an invitation id, a plan id) resolves here to the circle and the
 * caller's membership in it, so no procedure writes its own membership query.
 *
 * A caller who is not a member gets 404 with the same message as a circle that does not exist:
 * a non-member never learns that a circle (or a member or invitation of it) exists. A member
 * lacking the role gets 403.
 *
 * The questions about membership that are not a request's access live here too (is this user
 * a member, which of these addresses are, which circles are mine, do two users share one).
 * Outside this file, circle_members is read as data (a circle's member list, the caller's
 * circle list with its roles, the names voice input matches) or joined inside a set-based
 * statement (the reminder batches, the occurrence reads); core/plans' task filter asks
 * `circleIdsOfMember` here too.
 *
 * A check that passed is carried by the caller's type: `checkMember` answers a `MemberCaller`,
 * `checkAdmin` an `AdminCaller`, `checkCreator` a `CreatorCaller`. Their brands are declared
 * only here, so no other module can build one without the check (short of a cast), and a domain
 * function that takes an `AdminCaller` never asks again.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import { circleMembers, circles, invitations, plans, users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
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

/** Read-only, so a checked caller's role cannot be changed on the way to a domain function. */
export interface CircleAccess {
  readonly circle: CircleRow;
  /** The caller's own membership. */
  readonly membership: MemberRow;
  readonly isAdmin: boolean;
  readonly isCreator: boolean;
}

// Type-only brands: nothing at run time, and no module but this one can name them.
declare const memberChecked: unique symbol;
declare const adminChecked: unique symbol;
declare const creatorChecked: unique symbol;

/** A signed-in caller whose membership of one circle has been checked (`checkMember`). */
export interface MemberCaller extends SignedInCaller {
  readonly circle: CircleAccess;
  readonly [memberChecked]: true;
}

/** A member of the circle checked to administer it (`checkAdmin`). */
export interface AdminCaller extends MemberCaller {
  readonly [adminChecked]: true;
}

/** The circle's creator, checked (`checkCreator`); the creator is always an admin too. */
export interface CreatorCaller extends AdminCaller {
  readonly [creatorChecked]: true;
}

/** The name core/plans knows a checked member by. */
export type CircleCaller = MemberCaller;

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

/** The caller, checked to be a member of the circle `ref` names: 404 otherwise (circleAccess). */
export async function checkMember(
  db: Executor,
  caller: SignedInCaller,
  ref: CircleRef,
): Promise<MemberCaller> {
  const circle = await circleAccess(db, caller.userId, ref);
  return { ...caller, circle } as MemberCaller;
}

/** The member, checked to administer the circle: 403 otherwise. */
export function checkAdmin(
  caller: MemberCaller,
  message: string = messages.circleAdminOnly,
): AdminCaller {
  if (!caller.circle.isAdmin) throw new AppError("FORBIDDEN", message);
  return caller as AdminCaller;
}

/** The member, checked to have created the circle: 403 otherwise. */
export function checkCreator<C extends MemberCaller>(
  caller: C,
  message: string,
): C & CreatorCaller {
  if (!caller.circle.isCreator) throw new AppError("FORBIDDEN", message);
  return caller as C & CreatorCaller;
}

const membershipOf = (db: Executor, circleId: number, userId: number) =>
  db
    .select({ id: circleMembers.id })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));

/** Whether `userId` belongs to the circle (a fact, not a request's access: nothing is thrown). */
export async function isMember(db: Executor, circleId: number, userId: number): Promise<boolean> {
  const [row] = await membershipOf(db, circleId, userId);
  return row !== undefined;
}

/**
 * Whether `userId` belongs to the circle, their membership then held until `tx` ends (a key-share
 * lock): a removal at the same moment waits for what `tx` does on the strength of it
 * (member-departure.ts), or went first and this answers false.
 */
export async function holdMembership(tx: Tx, circleId: number, userId: number): Promise<boolean> {
  const [row] = await membershipOf(tx, circleId, userId).for("key share");
  return row !== undefined;
}

/** The addresses among `emails` that already belong to members of the circle. */
export async function memberEmailsAmong(
  db: Executor,
  circleId: number,
  emails: string[],
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(and(eq(circleMembers.circleId, circleId), inArray(users.email, emails)));
  return rows.map((row) => row.email);
}

/** The ids of the circles `userId` belongs to, as a subquery for `inArray`. */
export function circleIdsOf(db: Executor, userId: number) {
  const mine = alias(circleMembers, "mine");
  return db.select({ circleId: mine.circleId }).from(mine).where(eq(mine.userId, userId));
}

/** A condition: `userId` and `otherId` belong to at least one circle together. */
export function sharesACircle(db: Executor, userId: number, otherId: number): SQL {
  const mine = alias(circleMembers, "mine");
  const theirs = alias(circleMembers, "theirs");
  return exists(
    db
      .select({ one: sql`1` })
      .from(theirs)
      .innerJoin(mine, and(eq(mine.circleId, theirs.circleId), eq(mine.userId, userId)))
      .where(eq(theirs.userId, otherId)),
  );
}

/**
 * The ids of the circles `userId` belongs to, as a subquery for a statement to embed (reads
 * that take a member's circles in the same round trip as what they find).
 */
export function circleIdsOfMember(userId: number): SQL {
  return sql`select m.circle_id from circle_members m where m.user_id = ${userId}`;
}

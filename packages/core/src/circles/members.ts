/**
 * A circle's members: the list, the list across all of one's circles, promotion and removal.
 * Admin rights are checked in access.ts by the procedures, and arrive here as an `AdminCaller`;
 * these functions hold the rules about whom an admin may act on: never oneself, never the
 * creator.
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, circles, users } from "@circleplan/db/schema";
import type { Member } from "@circleplan/shared/circle-outputs";
import { type CircleRole, RELATIONSHIPS, type Relationship } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { photoUrl } from "../photos/photo-store";
import { type AdminCaller, circleIdsOf, type MemberCaller } from "./access";
import { circleListOrder, roleIn } from "./circles";
import { endMembership } from "./member-departure";

/** A member named by user id (`/api/circles/{id}/members/{userId}`) or by membership id. */
export type MemberTarget = { userId: number } | { memberId: number };

const memberSelection = {
  member: circleMembers,
  creatorId: circles.creatorId,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    username: users.username,
    photoKey: users.photoKey,
  },
};

/** Within a circle: its creator first, then admins, then by the time they joined. */
const memberOrder = [
  asc(sql`${circleMembers.userId} <> ${circles.creatorId}`),
  asc(sql`${circleMembers.role} <> 'admin'`),
  asc(circleMembers.createdAt),
  asc(circleMembers.id),
];

type MemberQueryRow = {
  member: typeof circleMembers.$inferSelect;
  creatorId: number;
  user: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    username: string;
    photoKey: string | null;
  };
};

const isRelationship = (value: string | null): value is Relationship =>
  (RELATIONSHIPS as readonly (string | null)[]).includes(value);

/** The one place a membership becomes an answer: the user's public fields, no storage key. */
function toMember({ member, creatorId, user }: MemberQueryRow): Member {
  return {
    id: member.id,
    userId: member.userId,
    circleId: member.circleId,
    role: roleIn({ creatorId }, member.userId, member.role),
    relationship: isRelationship(member.relationship) ? member.relationship : null,
    isCreator: member.userId === creatorId,
    joinedAt: member.createdAt,
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username,
      photoUrl: photoUrl({ userId: user.id }, user.photoKey, "thumb"),
    },
  };
}

function selectMembers(db: Executor, where: SQL | undefined) {
  return db
    .select(memberSelection)
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(where);
}

export async function listMembers({
  deps,
  caller,
}: Call<undefined, MemberCaller>): Promise<Member[]> {
  const rows = await selectMembers(
    deps.db,
    eq(circleMembers.circleId, caller.circle.circle.id),
  ).orderBy(...memberOrder);
  return rows.map(toMember);
}

/** The members of every circle the caller belongs to, circle by circle as the circle list. */
export async function listAllMembers({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<Member[]> {
  const rows = await selectMembers(
    deps.db,
    inArray(circleMembers.circleId, circleIdsOf(deps.db, caller.userId)),
  ).orderBy(...circleListOrder, ...memberOrder);
  return rows.map(toMember);
}

/** The member `target` names in the caller's circle; 404 for anyone outside it. */
async function findTarget(db: Executor, circleId: number, target: MemberTarget) {
  const named =
    "userId" in target
      ? eq(circleMembers.userId, target.userId)
      : eq(circleMembers.id, target.memberId);
  const [row] = await selectMembers(db, and(eq(circleMembers.circleId, circleId), named));
  if (!row) throw new AppError("NOT_FOUND", messages.memberNotFound);
  return row;
}

/** Admins act on other members only (spec section 6). */
function assertNotSelf(caller: AdminCaller, row: MemberQueryRow) {
  if (row.member.userId === caller.userId) {
    throw new AppError("BAD_REQUEST", messages.memberActOnSelf);
  }
}

/**
 * Promotes a member to admin. There is no demotion (spec section 4 shows none): asking to make
 * an admin a member is refused rather than ignored, so a client never believes it happened;
 * asking it of a member, or promotion of an admin, changes nothing and answers the member.
 */
export async function setMemberRole({
  deps,
  caller,
  input,
}: Call<{ target: MemberTarget; role: CircleRole }, AdminCaller>): Promise<Member> {
  const row = await findTarget(deps.db, caller.circle.circle.id, input.target);
  assertNotSelf(caller, row);
  if (row.member.userId === row.creatorId) {
    throw new AppError("BAD_REQUEST", messages.creatorAlwaysAdmin);
  }
  if (input.role === row.member.role) return toMember(row);
  if (input.role === "member") throw new AppError("BAD_REQUEST", messages.demotionNotSupported);
  const [promoted] = await deps.db
    .update(circleMembers)
    .set({ role: "admin" })
    .where(eq(circleMembers.id, row.member.id))
    .returning();
  // Removed between the read and the write: as if it had never been found.
  if (!promoted) throw new AppError("NOT_FOUND", messages.memberNotFound);
  return toMember({ ...row, member: promoted });
}

/**
 * Removes another member; never oneself, never the creator. A personal circle's one member is
 * both, so a personal circle never loses its member.
 */
export async function removeMember({
  deps,
  caller,
  input,
}: Call<MemberTarget, AdminCaller>): Promise<{ message: string }> {
  const row = await findTarget(deps.db, caller.circle.circle.id, input);
  assertNotSelf(caller, row);
  if (row.member.userId === row.creatorId) {
    throw new AppError("BAD_REQUEST", messages.creatorNotRemovable);
  }
  const stamp = { by: caller.userId, at: deps.clock.now() };
  await deps.db.transaction((tx) => endMembership(tx, row.member, stamp));
  return { message: messages.memberRemoved };
}

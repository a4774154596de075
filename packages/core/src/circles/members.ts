/**
 * A circle's members: the list, the list across all of one's circles, promotion, demotion,
 * removal, leaving, and one's own colour. Admin rights are checked in access.ts by the
 * procedures, and arrive here as an `AdminCaller`; these functions hold the rules about whom an
 * admin may act on: never oneself, never the creator.
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, circles, users } from "@circleplan/db/schema";
import type { Member } from "@circleplan/shared/circle-outputs";
import {
  type CircleRole,
  type MemberColor,
  RELATIONSHIPS,
  type Relationship,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { photoUrl } from "../photos/photo-store";
import { collectAttachmentGarbage } from "../plans/attachments";
import { type AdminCaller, checkCreator, circleIdsOf, type MemberCaller } from "./access";
import { circleListOrder, roleIn } from "./circles";
import { departUnlessCreator } from "./member-departure";

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
    color: member.color,
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
 * Promotes a member to admin (admins), or makes an admin a member again (the creator only, so an
 * admin never demotes another, and nobody demotes themselves: the creator, always an admin, is
 * left). Asking for the role a member already has changes nothing and answers the member.
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
  if (input.role === "member") checkCreator(caller, messages.demotionCreatorOnly);
  const changed = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(circleMembers)
      .set({ role: input.role })
      .where(eq(circleMembers.id, row.member.id))
      .returning();
    // Removed between the read and the write: as if it had never been found.
    if (!updated) throw new AppError("NOT_FOUND", messages.memberNotFound);
    await recordActivity(tx, {
      circleId: updated.circleId,
      actorId: caller.userId,
      kind: input.role === "admin" ? "member_promoted" : "member_demoted",
      at: deps.clock.now(),
      memberId: updated.userId,
      before: { role: row.member.role },
      after: { role: updated.role },
    });
    return updated;
  });
  return toMember({ ...row, member: changed });
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
  const queued = await deps.db.transaction((tx) =>
    departUnlessCreator(tx, row.member, stamp, messages.creatorNotRemovable),
  );
  await collectAttachmentGarbage(deps, queued);
  return { message: messages.memberRemoved };
}

/**
 * The caller leaves the circle: any member but its creator (who would leave it without one), so
 * never a personal circle either. Their tasks there go as a removal takes them
 * (member-departure.ts).
 */
export async function leaveCircle({
  deps,
  caller,
}: Call<undefined, MemberCaller>): Promise<{ message: string }> {
  const { circle, membership } = caller.circle;
  if (circle.type === "personal") throw new AppError("BAD_REQUEST", messages.leavePersonal);
  if (caller.circle.isCreator) throw new AppError("BAD_REQUEST", messages.leaveCreator);
  const stamp = { by: caller.userId, at: deps.clock.now() };
  const queued = await deps.db.transaction((tx) =>
    departUnlessCreator(tx, membership, stamp, messages.leaveCreator),
  );
  await collectAttachmentGarbage(deps, queued);
  return { message: messages.circleLeft };
}

/** The caller's own colour in the circle ("My colour"): any member, for themselves only. */
export async function setMyColor({
  deps,
  caller,
  input,
}: Call<{ color: MemberColor }, MemberCaller>): Promise<Member> {
  const row = await findTarget(deps.db, caller.circle.circle.id, { userId: caller.userId });
  const [changed] = await deps.db
    .update(circleMembers)
    .set({ color: input.color })
    .where(eq(circleMembers.id, row.member.id))
    .returning();
  // Left or removed between the read and the write: the circle is no longer theirs to see.
  if (!changed) throw new AppError("NOT_FOUND", messages.circleNotFound);
  return toMember({ ...row, member: changed });
}

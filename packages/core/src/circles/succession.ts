/**
 * Who takes a circle over when its creator's account is deleted (docs/decisions/014): the
 * longest-standing admin, else the longest-standing member; the circle then has a creator who
 * is a member and an admin, as every circle must. A circle nobody else is in has no successor
 * and is deleted instead.
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, circles, users } from "@circleplan/db/schema";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { recordActivity } from "../activity/record";

export interface Successor {
  userId: number;
  firstName: string;
  lastName: string;
}

/** The member who takes over from `leavingUserId`, or null when nobody else is in the circle. */
export async function successorOf(
  tx: Tx,
  circleId: number,
  leavingUserId: number,
): Promise<Successor | null> {
  const [next] = await tx
    .select({ userId: circleMembers.userId, firstName: users.firstName, lastName: users.lastName })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(and(eq(circleMembers.circleId, circleId), ne(circleMembers.userId, leavingUserId)))
    .orderBy(
      desc(sql`${circleMembers.role} = 'admin'`),
      asc(circleMembers.createdAt),
      asc(circleMembers.id),
    )
    .limit(1)
    // Their membership stays until this transaction ends: a removal waits, then finds a creator.
    .for("update", { of: circleMembers });
  return next ?? null;
}

/** Makes `successorId` the circle's creator and an admin (call with the circle's row locked). */
export async function handCircleOver(
  tx: Tx,
  options: { circleId: number; successorId: number; now: Date },
): Promise<void> {
  const { circleId, successorId, now } = options;
  await tx
    .update(circles)
    .set({ creatorId: successorId, updatedAt: now })
    .where(eq(circles.id, circleId));
  await tx
    .update(circleMembers)
    .set({ role: "admin" })
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, successorId)));
  // The system's doing: the account that held the circle is being deleted.
  await recordActivity(tx, {
    circleId,
    actorId: null,
    kind: "circle_handed_over",
    at: now,
    memberId: successorId,
  });
}

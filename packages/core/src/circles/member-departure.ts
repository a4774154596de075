import type { Tx } from "@circleplan/db/client";
import { circleMembers } from "@circleplan/db/schema";
import { and, eq } from "drizzle-orm";
import type { Stamp } from "../plans/change-stamp";
import { withdrawAssignmentsOf } from "../plans/tasks";

/**
 * The one way a membership ends while its circle stays (today: an admin removes a member).
 * Whatever the member held in this circle ends with it, in the same transaction: their task
 * assignments in this circle are withdrawn (as a creator's cancel would), so no task stays
 * assigned to someone who can no longer see it. (A deleted circle takes
 * everything with it by cascade; see deleteCircle.)
 */
export async function endMembership(
  tx: Tx,
  membership: { circleId: number; userId: number },
  stamp: Stamp,
): Promise<void> {
  // Plans first, then the membership: the order an edit of a plan takes them in (its plan row,
  // then its assignee's membership), so the two never wait for each other. The assignments made
  // so far are withdrawn; deleting the membership then waits for a plan being created or given
  // to them that relied on it (plan-access.ts requireAssignable), and those are withdrawn too.
  await withdrawAssignmentsOf(tx, membership, stamp);
  await tx
    .delete(circleMembers)
    .where(
      and(
        eq(circleMembers.circleId, membership.circleId),
        eq(circleMembers.userId, membership.userId),
      ),
    );
  await withdrawAssignmentsOf(tx, membership, stamp);
}

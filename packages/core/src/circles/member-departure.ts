import type { Tx } from "@circleplan/db/client";
import { circleMembers } from "@circleplan/db/schema";
import { and, eq } from "drizzle-orm";

/**
 * The one way a membership ends while its circle stays (today: an admin removes a member).
 * Whatever the member held in this circle ends with it, in the same transaction: when tasks
 * arrive (plans issue), the departing member's task assignments in this circle are dropped
 * here, so no task stays assigned to someone who can no longer see it. (A deleted circle takes
 * everything with it by cascade; see deleteCircle.)
 */
export async function endMembership(
  tx: Tx,
  membership: { circleId: number; userId: number },
): Promise<void> {
  await tx
    .delete(circleMembers)
    .where(
      and(
        eq(circleMembers.circleId, membership.circleId),
        eq(circleMembers.userId, membership.userId),
      ),
    );
}

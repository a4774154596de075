import type { Tx } from "@circleplan/db/client";
import { circleMembers, circles } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import { forgetCircleFeed } from "../calendar-feeds/revoke-feed";
import { AppError } from "../errors";
import { forgetCircleInterest } from "../notifications/follows";
import type { Stamp } from "../plans/change-stamp";
import { deletePlansMadeBy } from "../plans/delete-plan";
import { withdrawAssignmentsOf } from "../plans/tasks";

/**
 * A member removed or leaving: refused (`creatorRefusal`) if they are the circle's creator as
 * the circle's row reads now, under a lock, not as the request found it. A creator's account
 * deleted at the same moment may hand the circle to exactly this member (succession.ts); this
 * waits for that and then refuses, so no circle is left with a creator outside it. The lock is
 * FOR NO KEY UPDATE: it waits for the deletion's FOR UPDATE, but not for plans being written
 * into the circle (their foreign key takes KEY SHARE), which would deadlock with the membership
 * those writes hold (plan-access.ts requireAssignable). Answers what `endMembership` answers.
 */
export async function departUnlessCreator(
  tx: Tx,
  membership: { circleId: number; userId: number },
  stamp: Stamp,
  creatorRefusal: string,
): Promise<string[]> {
  const [circle] = await tx
    .select({ creatorId: circles.creatorId })
    .from(circles)
    .where(eq(circles.id, membership.circleId))
    .for("no key update");
  if (!circle) throw new AppError("NOT_FOUND", messages.circleNotFound);
  if (circle.creatorId === membership.userId) throw new AppError("BAD_REQUEST", creatorRefusal);
  return endMembership(tx, membership, stamp);
}

/**
 * The one way a membership ends while its circle stays (an admin removes a member, a member
 * leaves, an account is deleted).
 * Whatever the member held in this circle ends with it, in the same transaction: their task
 * assignments in this circle are withdrawn (as a creator's cancel would), so no task stays
 * assigned to someone who can no longer see it; and the plans they made there are deleted
 * (docs/decisions/016-bounded-work.md): nobody else may edit them, and a member removed for
 * burying the circle leaves nothing behind. (A deleted circle takes everything with it by
 * cascade; see deleteCircle.) Answers the keys of their plans' files, queued as garbage: hand
 * them to `collectAttachmentGarbage` after commit.
 */
export async function endMembership(
  tx: Tx,
  membership: { circleId: number; userId: number },
  stamp: Stamp,
): Promise<string[]> {
  // Plans first, then the membership: the order an edit of a plan takes them in (its plan row,
  // then its assignee's membership), so the two never wait for each other. The assignments made
  // so far are withdrawn; deleting the membership then waits for a plan being created or given
  // to them that relied on it (plan-access.ts requireAssignable), and those are withdrawn too.
  const withdrawn = await withdrawAssignmentsOf(tx, membership, stamp);
  const { deleted, queued } = await deletePlansMadeBy(tx, membership);
  await tx
    .delete(circleMembers)
    .where(
      and(
        eq(circleMembers.circleId, membership.circleId),
        eq(circleMembers.userId, membership.userId),
      ),
    );
  const tasksWithdrawn = withdrawn + (await withdrawAssignmentsOf(tx, membership, stamp));
  await forgetCircleInterest(tx, membership);
  await forgetCircleFeed(tx, membership);
  // One entry for the departure and what it took, never one per plan (a member may hold many).
  await recordActivity(tx, {
    circleId: membership.circleId,
    actorId: stamp.by,
    kind: stamp.by === membership.userId ? "member_left" : "member_removed",
    at: stamp.at,
    memberId: membership.userId,
    after: {
      ...(deleted > 0 ? { plansDeleted: deleted } : {}),
      ...(tasksWithdrawn > 0 ? { tasksWithdrawn } : {}),
    },
  });
  return queued;
}

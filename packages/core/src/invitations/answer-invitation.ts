/**
 * The invitee answers an invitation: accept or decline, once. Locks are taken circle first, then
 * invitation, as when inviting (invite.ts).
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, invitations } from "@circleplan/db/schema";
import { CIRCLE_MEMBERS_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import { normalizeEmail } from "../auth/public-user";
import { isMember } from "../circles/access";
import { countMembers, lockCircle } from "../circles/circles";
import { joiningMemberColor } from "../circles/member-colors";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { accountOf } from "./account";
import { isExpired } from "./invitation-view";

/**
 * Accept or decline, by the invitee only, once. The invitation row is locked (FOR UPDATE) for
 * the whole answer, so a double click waits for the first and then finds it answered: one
 * membership, never two.
 */
export async function respondToInvitation({
  deps,
  caller,
  input,
}: Call<{ id: number; status: "accepted" | "declined" }, SignedInCaller>): Promise<{
  message: string;
  status: "accepted" | "declined";
  circleId: number;
  circleName: string;
}> {
  const account = await accountOf(deps, caller.userId);
  const notFound = new AppError("NOT_FOUND", messages.invitationNotFound);
  return deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ circleId: invitations.circleId, email: invitations.email })
      .from(invitations)
      .where(eq(invitations.id, input.id));
    if (!target) throw notFound;
    // Both are stored lower-cased; normalising again costs nothing and survives older rows.
    if (normalizeEmail(target.email) !== normalizeEmail(account.email)) {
      throw new AppError("FORBIDDEN", messages.invitationWrongRecipient);
    }
    if (!account.emailVerifiedAt) {
      throw new AppError("EMAIL_NOT_VERIFIED", messages.emailNotVerified);
    }
    const circle = await lockCircle(tx, target.circleId);
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.id, input.id))
      .for("update");
    if (!invitation) throw notFound;
    if (invitation.status === "accepted") {
      throw new AppError("CONFLICT", messages.invitationAlreadyAccepted);
    }
    if (invitation.status === "declined") {
      throw new AppError("CONFLICT", messages.invitationAlreadyDeclined);
    }
    const now = deps.clock.now();
    if (isExpired(invitation, now)) {
      throw new AppError("BAD_REQUEST", messages.invitationInvalid);
    }
    const joined =
      input.status === "accepted" && (await join(tx, invitation, { userId: caller.userId, now }));
    // A decline is recorded without its author: someone outside the circle, whom its members
    // never saw (its admins see which invitation in their list).
    // The invitee's other screens: a join is announced with its entry (the member it is about).
    if (input.status === "declined") deps.live.announceUser(caller.userId);
    if (joined || input.status === "declined") {
      await recordActivity(tx, {
        circleId: circle.id,
        actorId: joined ? caller.userId : null,
        kind: joined ? "member_joined" : "invitation_declined",
        at: now,
        inviterId: invitation.inviterId,
        ...(joined ? { memberId: caller.userId } : {}),
      });
    }
    await tx
      .update(invitations)
      .set({ status: input.status, respondedAt: now })
      .where(eq(invitations.id, invitation.id));
    return {
      message:
        input.status === "accepted" ? messages.invitationAccepted : messages.invitationDeclined,
      status: input.status,
      circleId: circle.id,
      circleName: circle.name,
    };
  });
}

/**
 * Makes the invitee a member with the invitation's relationship and the next free colour (the
 * circle's row is locked); one already in stays as is. Answers whether they joined.
 */
async function join(
  tx: Tx,
  invitation: typeof invitations.$inferSelect,
  { userId, now }: { userId: number; now: Date },
): Promise<boolean> {
  if (await isMember(tx, invitation.circleId, userId)) return false;
  if ((await countMembers(tx, invitation.circleId)) >= CIRCLE_MEMBERS_MAX) {
    throw new AppError("BAD_REQUEST", messages.circleFull);
  }
  await tx.insert(circleMembers).values({
    circleId: invitation.circleId,
    userId,
    role: "member",
    relationship: invitation.relationship,
    color: await joiningMemberColor(tx, invitation.circleId),
    createdAt: now,
  });
  return true;
}

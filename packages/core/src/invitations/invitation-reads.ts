/**
 * Reading invitations: a circle's sent list (admins), the caller's pending ones, and one by its
 * link's token. None of them changes anything.
 */
import { invitations } from "@circleplan/db/schema";
import type {
  Invitation,
  InvitationByToken,
  InvitationPreview,
} from "@circleplan/shared/circle-outputs";
import { messages } from "@circleplan/shared/messages";
import { and, desc, eq, gt } from "drizzle-orm";
import { normalizeEmail } from "../auth/public-user";
import { sha256 } from "../auth/secrets";
import type { AdminCaller } from "../circles/access";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { photoUrl } from "../photos/photo-store";
import { accountOf } from "./account";
import {
  contextOf,
  isExpired,
  maskedEmail,
  selectInvitations,
  toInvitation,
} from "./invitation-view";

export async function listCircleInvitations({
  deps,
  caller,
}: Call<undefined, AdminCaller>): Promise<Invitation[]> {
  const now = deps.clock.now();
  const rows = await selectInvitations(deps.db)
    .where(eq(invitations.circleId, caller.circle.circle.id))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => toInvitation(row.invitation, contextOf(row), now));
}

export async function pendingInvitations({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<Invitation[]> {
  const account = await accountOf(deps, caller.userId);
  // An address nobody proved is not the invitee's (such an account cannot sign in anyway).
  if (!account.emailVerifiedAt) return [];
  const now = deps.clock.now();
  const rows = await selectInvitations(deps.db)
    .where(
      and(
        eq(invitations.email, account.email),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => toInvitation(row.invitation, contextOf(row), now));
}

/**
 * The token page: anyone signed in who holds the link may read it (the page then asks for the
 * invitee's email before offering Accept); only the invitee can answer it, and only the invitee
 * sees the full address it went to: anyone else gets it masked (`maskedEmail`).
 */
export async function invitationByToken({
  deps,
  caller,
  input,
}: Call<{ token: string }, SignedInCaller>): Promise<InvitationByToken> {
  const now = deps.clock.now();
  const row = await openInvitation(deps, input.token, now);
  const { invitation, circle } = row;
  const context = contextOf(row);
  const account = await accountOf(deps, caller.userId);
  // As for the pending list: an address nobody proved is not the invitee's.
  const isInvitee =
    account.emailVerifiedAt !== null &&
    normalizeEmail(account.email) === normalizeEmail(invitation.email);
  return {
    invitation: {
      ...toInvitation(invitation, context, now),
      email: isInvitee ? invitation.email : maskedEmail(invitation.email),
    },
    isInvitee,
    circle: {
      id: circle.id,
      name: circle.name,
      color: circle.color,
      type: circle.type,
      photoUrl: photoUrl({ circleId: circle.id }, circle.photoKey, "thumb"),
    },
    inviter: context.inviter,
  };
}

/**
 * What a signed-out visitor holding the link sees above Register (docs/decisions/021): who
 * invited them where, "Ada invited you to The Lovelaces". Never the address, not even masked:
 * the link is made to be shared, and the invitee's own mail link carries it for the form.
 */
export async function invitationPreview({
  deps,
  input,
}: Call<{ token: string }>): Promise<InvitationPreview> {
  const row = await openInvitation(deps, input.token, deps.clock.now());
  return { circleName: row.circle.name, inviterFirstName: row.inviterFirstName };
}

/**
 * The invitation a link's token opens while it can still be answered. An accepted one is 409
 * (the page's own card keys on "already been accepted"); unknown, declined or expired, 400.
 */
async function openInvitation(deps: CoreDeps, token: string, now: Date) {
  const [row] = await selectInvitations(deps.db).where(eq(invitations.tokenHash, sha256(token)));
  const invalid = new AppError("BAD_REQUEST", messages.invitationInvalid);
  if (!row) throw invalid;
  const { invitation } = row;
  if (invitation.status === "accepted") {
    throw new AppError("CONFLICT", messages.invitationAlreadyAccepted);
  }
  if (invitation.status !== "pending" || isExpired(invitation, now)) throw invalid;
  return row;
}

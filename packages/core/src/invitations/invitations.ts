/**
 * Invitations: admins invite an email to a circle; whoever signs in with that address accepts or
 * declines, once. The link's token is answered once (to the admin who made it, for the share
 * dialog) and mailed once; the table keeps only its SHA-256.
 *
 * Locks are taken circle first, then invitation, in every transaction here, so an invitation
 * made and one answered at the same moment wait for each other instead of deadlocking.
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, circles, invitations, users } from "@circleplan/db/schema";
import type {
  CreatedInvitation,
  Invitation,
  InvitationByToken,
} from "@circleplan/shared/circle-outputs";
import type { CreateInvitationInput, InviteManyInput } from "@circleplan/shared/circle-schemas";
import {
  CIRCLE_MEMBERS_MAX,
  INVITATION_TTL_MS,
  type Relationship,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, count, desc, eq, gt, inArray, lte } from "drizzle-orm";
import { normalizeEmail } from "../auth/public-user";
import { newToken, sha256 } from "../auth/secrets";
import { type AdminCaller, isMember, memberEmailsAmong } from "../circles/access";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import { AppError, type ErrorIssue, isUniqueViolation } from "../errors";
import { invitationMail } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import { photoUrl } from "../photos/photo-store";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import {
  contextOf,
  type InvitationContext,
  isExpired,
  selectInvitations,
  toInvitation,
} from "./invitation-view";

/** The signed-in account: its email is what invitations are addressed to. */
async function accountOf(deps: CoreDeps, userId: number) {
  const [user] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The session was valid a moment ago; an account deleted since is signed out.
  if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return user;
}

/** The link the share dialog, the QR code and the mail carry. */
function inviteUrl(deps: CoreDeps, token: string): string {
  return `${new URL(deps.config.appUrl).origin}/invitations/${encodeURIComponent(token)}`;
}

/** One refusal naming the emails it is about, so a form can mark each field. */
function refuseEmails(
  code: "VALIDATION_FAILED" | "BAD_REQUEST" | "CONFLICT",
  message: string,
  indexes: number[],
  pathOf: (index: number) => string,
): AppError {
  const issues: ErrorIssue[] = indexes.map((index) => ({ path: pathOf(index), message }));
  return new AppError(code, message, { issues });
}

interface InviteRequest {
  emails: string[];
  message: string | null;
  relationship: Relationship | null;
  /** Where an email sits in the request, for issue paths (`email`, `inviteEmails.2`). */
  pathOf: (index: number) => string;
}

/**
 * Invites every email or none: the rows and their mails are written in one transaction.
 * Checks that need only the request come first, then the rate limits (each email counts),
 * then what the database says, under a lock on the circle so two admins inviting at once
 * cannot pass the member ceiling or open two invitations for one address.
 */
async function invite(
  { deps, caller }: Call<undefined, AdminCaller>,
  request: InviteRequest,
): Promise<CreatedInvitation[]> {
  const { circle } = caller.circle;
  if (circle.type === "personal") {
    throw new AppError("BAD_REQUEST", messages.personalCircleNoInvitations);
  }
  // Relationships belong to family circles (spec section 2); a client whose form always sends
  // one is not refused for it elsewhere: it is simply not kept.
  const relationship = circle.type === "family" ? request.relationship : null;
  const emails = request.emails.map(normalizeEmail);
  const duplicates = emails.flatMap((email, i) => (emails.indexOf(email) < i ? [i] : []));
  if (duplicates.length) {
    // A malformed list, like a malformed email: refused as input, before anything is counted.
    throw refuseEmails(
      "VALIDATION_FAILED",
      messages.inviteEmailDuplicate,
      duplicates,
      request.pathOf,
    );
  }
  const inviter = await accountOf(deps, caller.userId);
  const self = emails.indexOf(inviter.email);
  if (self >= 0) throw refuseEmails("BAD_REQUEST", messages.inviteSelf, [self], request.pathOf);

  const now = deps.clock.now();
  for (let i = 0; i < emails.length; i++) {
    await consumeRateLimit(deps.db, {
      key: `invite:circle:${circle.id}`,
      rule: deps.config.rateLimits.invitePerCircle,
      now,
    });
    await consumeRateLimit(deps.db, {
      key: `invite:user:${caller.userId}`,
      rule: deps.config.rateLimits.invitePerUser,
      now,
    });
  }

  const indexesOf = (found: string[]) => emails.flatMap((e, i) => (found.includes(e) ? [i] : []));
  const name = `${inviter.firstName} ${inviter.lastName}`;
  try {
    const created = await withOutbox(deps, async (tx) => {
      // Read under the lock: a rename that committed meanwhile is what the mail shows.
      const locked = await lockCircle(tx, circle.id);
      const members = await memberEmailsAmong(tx, circle.id, emails);
      if (members.length) {
        throw refuseEmails(
          "CONFLICT",
          messages.inviteAlreadyMember,
          indexesOf(members),
          request.pathOf,
        );
      }
      // An expired invitation still holds the one-pending-per-address index: it makes way.
      const toAddresses = and(
        eq(invitations.circleId, circle.id),
        eq(invitations.status, "pending"),
        inArray(invitations.email, emails),
      );
      await tx.delete(invitations).where(and(toAddresses, lte(invitations.expiresAt, now)));
      const open = await tx
        .select({ email: invitations.email })
        .from(invitations)
        .where(toAddresses);
      if (open.length) {
        throw refuseEmails(
          "CONFLICT",
          messages.invitePending,
          indexesOf(open.map((o) => o.email)),
          request.pathOf,
        );
      }
      // Open invitations hold seats: accepting them all must still fit the circle.
      const seatsTaken = (await memberCount(tx, circle.id)) + (await openCount(tx, circle.id, now));
      if (seatsTaken + emails.length > CIRCLE_MEMBERS_MAX) {
        throw new AppError("BAD_REQUEST", messages.circleFull);
      }

      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      const tokens = new Map(emails.map((email) => [email, newToken()]));
      const tokenOf = (email: string) => {
        const token = tokens.get(email);
        if (!token) throw new Error("no token was made for an invited address");
        return token;
      };
      const rows = await tx
        .insert(invitations)
        .values(
          emails.map((email) => ({
            circleId: circle.id,
            email,
            message: request.message,
            relationship,
            tokenHash: sha256(tokenOf(email)),
            status: "pending" as const,
            inviterId: caller.userId,
            createdAt: now,
            expiresAt,
          })),
        )
        .returning();
      for (const row of rows) {
        await deps.mail.enqueue(
          tx,
          invitationMail({
            to: row.email,
            circleName: locked.name,
            inviterName: name,
            message: row.message,
            link: inviteUrl(deps, tokenOf(row.email)),
          }),
        );
      }
      // In the request's order, whatever order the database answered in.
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      return {
        circleName: locked.name,
        created: emails.flatMap((email) => {
          const row = byEmail.get(email);
          return row ? [{ row, token: tokenOf(email) }] : [];
        }),
      };
    });
    const context: InvitationContext = {
      circleName: created.circleName,
      circleColor: circle.color,
      inviter: { firstName: inviter.firstName, lastName: inviter.lastName },
    };
    return created.created.map(({ row, token }) => ({
      ...toInvitation(row, context, now),
      inviteToken: token,
      inviteUrl: inviteUrl(deps, token),
    }));
  } catch (error) {
    // Another admin invited the same address between our check and our insert.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", messages.invitePending);
    throw error;
  }
}

/** Serialises the changes that count a circle's seats; 404 if it was deleted meanwhile. */
async function lockCircle(tx: Tx, circleId: number) {
  const [row] = await tx
    .select({ id: circles.id, name: circles.name })
    .from(circles)
    .where(eq(circles.id, circleId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", messages.circleNotFound);
  return row;
}

async function memberCount(tx: Tx, circleId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(circleMembers)
    .where(eq(circleMembers.circleId, circleId));
  return row?.n ?? 0;
}

async function openCount(tx: Tx, circleId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.circleId, circleId),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

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

export async function createInvitation({
  deps,
  caller,
  input,
}: Call<CreateInvitationInput, AdminCaller>): Promise<CreatedInvitation> {
  const [created] = await invite(
    { deps, caller, input: undefined },
    {
      emails: [input.email],
      message: input.message,
      relationship: input.relationship,
      pathOf: () => "email",
    },
  );
  if (!created) throw new Error("an invitation insert returned nothing");
  return created;
}

export async function inviteMany({
  deps,
  caller,
  input,
}: Call<InviteManyInput, AdminCaller>): Promise<{
  message: string;
  invitations: CreatedInvitation[];
}> {
  const created = await invite(
    { deps, caller, input: undefined },
    {
      emails: input.inviteEmails,
      message: input.inviteMessage,
      relationship: input.relationship,
      pathOf: (index) => `inviteEmails.${index}`,
    },
  );
  return { message: messages.invitationsSent, invitations: created };
}

export async function deleteInvitation({
  deps,
  caller,
  input,
}: Call<{ id: number; invitationId: number }, AdminCaller>): Promise<{ message: string }> {
  const deleted = await deps.db
    .delete(invitations)
    .where(
      and(
        eq(invitations.id, input.invitationId),
        // Another circle's invitation is as unknown here as one that never existed.
        eq(invitations.circleId, caller.circle.circle.id),
      ),
    )
    .returning({ id: invitations.id });
  if (!deleted.length) throw new AppError("NOT_FOUND", messages.invitationNotFound);
  return { message: messages.invitationDeleted };
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
 * invitee's email before offering Accept); only the invitee can answer it.
 */
export async function invitationByToken({
  deps,
  input,
}: Call<{ token: string }, SignedInCaller>): Promise<InvitationByToken> {
  const now = deps.clock.now();
  const [row] = await selectInvitations(deps.db).where(
    eq(invitations.tokenHash, sha256(input.token)),
  );
  const invalid = new AppError("BAD_REQUEST", messages.invitationInvalid);
  if (!row) throw invalid;
  const { invitation, circle } = row;
  // The client shows its own card for this one: the message says "already been accepted".
  if (invitation.status === "accepted") {
    throw new AppError("CONFLICT", messages.invitationAlreadyAccepted);
  }
  if (invitation.status !== "pending" || isExpired(invitation, now)) throw invalid;
  const context = contextOf(row);
  return {
    invitation: toInvitation(invitation, context, now),
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
    if (input.status === "accepted") await join(tx, invitation, { userId: caller.userId, now });
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

/** Makes the invitee a member with the invitation's relationship; one already in stays as is. */
async function join(
  tx: Tx,
  invitation: typeof invitations.$inferSelect,
  { userId, now }: { userId: number; now: Date },
) {
  if (await isMember(tx, invitation.circleId, userId)) return;
  if ((await memberCount(tx, invitation.circleId)) >= CIRCLE_MEMBERS_MAX) {
    throw new AppError("BAD_REQUEST", messages.circleFull);
  }
  await tx.insert(circleMembers).values({
    circleId: invitation.circleId,
    userId,
    role: "member",
    relationship: invitation.relationship,
    createdAt: now,
  });
}

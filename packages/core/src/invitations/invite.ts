/**
 * Admins invite emails to a circle, and withdraw invitations. The link's token is answered once
 * (to the admin who made it, for the share dialog) and mailed once; the table keeps only its
 * SHA-256. The caller arrives as an `AdminCaller`: the procedure has checked the role.
 *
 * Locks are taken circle first, then invitation, here and when an invitation is answered, so an
 * invitation made and one answered at the same moment wait for each other instead of
 * deadlocking.
 */
import type { Tx } from "@circleplan/db/client";
import { invitations } from "@circleplan/db/schema";
import type { CreatedInvitation } from "@circleplan/shared/circle-outputs";
import type { CreateInvitationInput, InviteManyInput } from "@circleplan/shared/circle-schemas";
import {
  CIRCLE_MEMBERS_MAX,
  INVITATION_TTL_MS,
  type Relationship,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, count, eq, gt, inArray, lte } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import { normalizeEmail } from "../auth/public-user";
import { newToken, sha256 } from "../auth/secrets";
import { type AdminCaller, memberEmailsAmong } from "../circles/access";
import { countMembers, lockCircle } from "../circles/circles";
import type { Call, CoreDeps } from "../deps";
import { AppError, type ErrorIssue, isUniqueViolation } from "../errors";
import { queueInvitations } from "../inbox/queue-inbox";
import { announceToAddresses } from "../live/audiences";
import { invitationMail } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { accountOf } from "./account";
import { type InvitationContext, toInvitation } from "./invitation-view";

/** The link the share dialog and the QR code carry. */
function inviteUrl(deps: CoreDeps, token: string): string {
  return `${new URL(deps.config.appUrl).origin}/invitations/${encodeURIComponent(token)}`;
}

/**
 * The mail's link also names the address it went to, so an invitee who opens it signed out finds
 * Register filled in with it (docs/decisions/021). Only this copy carries it: the shared link
 * must not tell whom it was for (decision 008).
 */
function mailedInviteUrl(deps: CoreDeps, token: string, email: string): string {
  return `${inviteUrl(deps, token)}?${new URLSearchParams({ email })}`;
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
      const seatsTaken =
        (await countMembers(tx, circle.id)) + (await openCount(tx, circle.id, now));
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
            link: mailedInviteUrl(deps, tokenOf(row.email), row.email),
          }),
        );
      }
      await queueInvitations(tx, rows);
      // Invitees who have an account see the invitation come in.
      await announceToAddresses(deps.live, tx, emails);
      // One entry for the request, however many it invites; no address: members never see them.
      await recordActivity(tx, {
        circleId: circle.id,
        actorId: caller.userId,
        kind: "invitations_sent",
        at: now,
        after: { invitations: rows.length },
      });
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

/** Open invitations hold seats: members plus these stay within CIRCLE_MEMBERS_MAX. */
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
  const circleId = caller.circle.circle.id;
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.id, input.invitationId),
          // Another circle's invitation is as unknown here as one that never existed.
          eq(invitations.circleId, circleId),
        ),
      )
      .returning({ status: invitations.status, email: invitations.email });
    const [invitation] = deleted;
    if (!invitation) throw new AppError("NOT_FOUND", messages.invitationNotFound);
    // Clearing an answered invitation from the list withdraws nothing.
    if (invitation.status !== "pending") return;
    await announceToAddresses(deps.live, tx, [invitation.email]);
    await recordActivity(tx, {
      circleId,
      actorId: caller.userId,
      kind: "invitation_withdrawn",
      at: deps.clock.now(),
    });
  });
  return { message: messages.invitationDeleted };
}

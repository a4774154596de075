/**
 * The one place an invitation row becomes an answer: an allow-list (the token hash never leaves),
 * the circle and inviter it is shown with, and the `expired` status the stored row never holds.
 */
import type { Executor } from "@circleplan/db/client";
import { circles, invitations, users } from "@circleplan/db/schema";
import type { Invitation } from "@circleplan/shared/circle-outputs";
import type { Relationship } from "@circleplan/shared/limits";
import { eq } from "drizzle-orm";

export type InvitationRow = typeof invitations.$inferSelect;

/** What an invitation is shown with: its circle and who sent it (null once that account is gone). */
export interface InvitationContext {
  circleName: string;
  circleColor: string;
  inviter: { firstName: string; lastName: string } | null;
}

/** A pending invitation whose time has passed: answered as `expired`, refused as invalid. */
export function isExpired(row: Pick<InvitationRow, "expiresAt">, now: Date): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

export function inviterName(inviter: InvitationContext["inviter"]): string | null {
  return inviter ? `${inviter.firstName} ${inviter.lastName}` : null;
}

export function toInvitation(
  row: InvitationRow,
  context: InvitationContext,
  now: Date,
): Invitation {
  return {
    id: row.id,
    circleId: row.circleId,
    circleName: context.circleName,
    circleColor: context.circleColor,
    email: row.email,
    status: row.status === "pending" && isExpired(row, now) ? "expired" : row.status,
    // Written only from the schema's enum (relationshipField); the column is plain text.
    relationship: (row.relationship as Relationship | null) ?? null,
    message: row.message,
    inviterName: inviterName(context.inviter),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
  };
}

/**
 * The address an invitation went to, as a link's holder who is not the invitee sees it:
 * "b•••@probe.test". The link is made to be shared (a QR code on a screen, a message passed
 * on), so it must not hand out the invitee's address; the first letter and the domain are
 * enough for the invitee to recognise which of their addresses it is.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at < 0 ? email : email.slice(0, at);
  const first = Array.from(local)[0] ?? "";
  return `${first}•••${at < 0 ? "" : email.slice(at)}`;
}

/** Invitations with their circle and inviter; callers add the where and order. */
export function selectInvitations(db: Executor) {
  return db
    .select({
      invitation: invitations,
      circle: {
        id: circles.id,
        name: circles.name,
        color: circles.color,
        type: circles.type,
        photoKey: circles.photoKey,
      },
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(invitations)
    .innerJoin(circles, eq(circles.id, invitations.circleId))
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .$dynamic();
}

type SelectedInvitation = Awaited<
  ReturnType<ReturnType<typeof selectInvitations>["execute"]>
>[number];

export function contextOf(row: SelectedInvitation): InvitationContext {
  return {
    circleName: row.circle.name,
    circleColor: row.circle.color,
    inviter:
      row.inviterFirstName !== null && row.inviterLastName !== null
        ? { firstName: row.inviterFirstName, lastName: row.inviterLastName }
        : null,
  };
}

/** What the invitation screens say about an invitation (accounts spec, sections 2, 5 and 8). */
import { messages } from "@circleplan/shared/messages";
import { errorData, serverMessage } from "@/lib/errors";

const DAY_MS = 24 * 60 * 60 * 1000;

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "Invited by Jane Doe as parent"; "Someone" once the inviter's account is gone. */
export function invitedByText(inviterName: string | null, relationship: string | null): string {
  const by = `Invited by ${inviterName?.trim() || "Someone"}`;
  return relationship ? `${by} as ${relationship}` : by;
}

/** Whole days left, rounded up: an invitation with 3 hours to go still has a day. */
export function daysUntil(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

export function expiryText(expiresAt: Date, now: Date): string {
  const days = daysUntil(expiresAt, now);
  if (days === 0) return "Expired";
  return days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
}

/** The invitee proves the invitation's address before answering it (spec section 4). */
export function isInvitationEmail(typed: string, invitationEmail: string): boolean {
  return typed.trim().toLowerCase() === invitationEmail.trim().toLowerCase();
}

/** The by-token answer that means "already accepted" mentions it (spec section 7). */
export function isAlreadyAccepted(error: unknown): boolean {
  return Boolean(errorData(error)) && serverMessage(error, "").includes("already been accepted");
}

/**
 * The Invitation Error card's text (spec section 8): the server's message without a leading
 * "400: ", or the spec's fallback when the server gave none.
 */
export function invitationErrorText(error: unknown): string {
  const message = serverMessage(error, messages.invitationInvalid)
    .replace(/^400: /, "")
    .trim();
  return message || messages.invitationInvalid;
}

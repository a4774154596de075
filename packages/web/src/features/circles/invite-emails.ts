import { invitationEmailField } from "@circleplan/shared/circle-schemas";
import { INVITE_BATCH_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";

/** The shared message is "Title: description" (the REST door sends it whole); a toast splits it. */
const [duplicateTitle = "", duplicateDescription = ""] = messages.inviteEmailDuplicate.split(": ");
export const DUPLICATE_EMAIL = { title: duplicateTitle, description: duplicateDescription };

export type AddEmailResult =
  | { ok: true; emails: string[] }
  | { ok: false; reason: "invalid" | "duplicate" | "full"; message: string };

/**
 * The creation dialog's invite list (spec section 5): a valid address (the server's own
 * check), not already on the list in any letter case, and no more than one request may carry.
 */
export function addInviteEmail(emails: readonly string[], typed: string): AddEmailResult {
  const parsed = invitationEmailField.safeParse(typed);
  if (!parsed.success) return { ok: false, reason: "invalid", message: messages.emailInvalid };
  const email = parsed.data;
  if (emails.some((added) => added.toLowerCase() === email.toLowerCase())) {
    return { ok: false, reason: "duplicate", message: DUPLICATE_EMAIL.description };
  }
  if (emails.length >= INVITE_BATCH_MAX) {
    return { ok: false, reason: "full", message: messages.inviteEmailsTooMany };
  }
  return { ok: true, emails: [...emails, email] };
}

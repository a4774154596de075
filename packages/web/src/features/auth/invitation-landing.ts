/**
 * An invitation link opened signed out arrives at the auth screen as
 * /auth?returnTo=/invitations/{token}, the mailed copy with ?email=... (docs/decisions/021).
 * What the screen makes of it: which invitation, the address to fill Register with, and where
 * to go once signed in.
 */
import { emailAddressIn } from "@circleplan/shared/email-address";
// Relative, as this pure module is unit-tested in Node, where `@/` is not resolved.
import { paths } from "../../app/paths";

export interface InvitationLanding {
  token: string;
  /** The address the invitation was mailed to, when the link is the mail's; else null. */
  email: string | null;
  /** The invitation itself, without the address: it need not travel further. */
  returnTo: string;
}

const INVITATION_PATH = /^\/invitations\/([^/]+)$/;

/** The invitation a checked return path leads to, or null when it leads elsewhere. */
export function invitationLanding(returnTo: string): InvitationLanding | null {
  const url = new URL(returnTo, "https://circleplan.invalid");
  const encoded = INVITATION_PATH.exec(url.pathname)?.[1];
  if (!encoded) return null;
  let token: string;
  try {
    token = decodeURIComponent(encoded).trim();
  } catch {
    return null;
  }
  if (!token) return null;
  return {
    token,
    // Only to fill the Register form in: registering checks the address with the full schema.
    email: emailAddressIn(url.searchParams.get("email") ?? ""),
    returnTo: paths.invitation.build(token),
  };
}

/**
 * One-click unsubscribe from reminder and digest mail (RFC 8058). A link names the user and the
 * kind of mail and carries an HMAC of both under the app's secret key: nothing is stored, a
 * link cannot be forged or turned to another user, and it keeps working for as long as the
 * key does. Following it only ever turns mail off.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MAIL_KINDS = ["reminders", "digest"] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

const signatureOf = (secretKey: string, userId: number, kind: MailKind) =>
  createHmac("sha256", secretKey)
    .update(`unsubscribe:${userId}:${kind}`)
    .digest("base64url")
    .slice(0, 32);

export function unsubscribeToken(secretKey: string, userId: number, kind: MailKind): string {
  return `${userId}.${kind}.${signatureOf(secretKey, userId, kind)}`;
}

/** The user and kind a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secretKey: string,
  token: string,
): { userId: number; kind: MailKind } | null {
  const match = /^([1-9][0-9]{0,9})\.(reminders|digest)\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2] as MailKind;
  const expected = Buffer.from(signatureOf(secretKey, userId, kind));
  const given = Buffer.from(match[3] as string);
  return timingSafeEqual(expected, given) ? { userId, kind } : null;
}

/**
 * The two addresses a mail carries: the page a person opens from the mail's footer (the web
 * app's /unsubscribe, which confirms), and the one-click address a mail client POSTs to
 * (List-Unsubscribe with List-Unsubscribe-Post: List-Unsubscribe=One-Click).
 */
export function unsubscribeLinks(
  appUrl: string,
  secretKey: string,
  userId: number,
  kind: MailKind,
): { page: string; oneClick: string } {
  const token = encodeURIComponent(unsubscribeToken(secretKey, userId, kind));
  const base = appUrl.replace(/\/$/, "");
  return {
    page: `${base}/unsubscribe?token=${token}`,
    oneClick: `${base}/api/notifications/unsubscribe?token=${token}`,
  };
}

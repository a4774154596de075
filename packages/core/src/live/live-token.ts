/**
 * The short-lived token a browser connects to AWS IoT Core with (docs/decisions/018-live-sync.md,
 * "AWS"): the user's id and an expiry, signed with HMAC-SHA256 under the app's secret key.
 * Never stored: the authorizer checks the signature and the expiry, then reads the user's circles.
 */
import { keyedHash, sameHash } from "../auth/secrets";

/**
 * How long a token connects: a connection ends with its token, and the browser asks anew before.
 * A day, IoT's longest connection: a tab returning within the day reconnects with the token it
 * holds instead of asking `live.connect` again, and IoT calls the authorizer once a connection.
 * Safe that long because the token only lets its browser hear its own user's topic, which
 * carries ids and versions, no data; a removed member stops hearing a circle at once, as
 * publishing is per user (decision 018, "AWS").
 */
export const LIVE_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** `live:` keeps these signatures apart from every other use of the secret key. */
const signature = (key: string, userId: number, expires: number) =>
  keyedHash(key, `live:${userId}.${expires}`);

export function signLiveToken(key: string, userId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${userId}.${expires}.${signature(key, userId, expires)}`;
}

/** Whom a token was made for and until when, or null: malformed, forged, or expired at `now`. */
export function verifyLiveToken(
  key: string,
  token: string,
  now: Date,
): { userId: number; expiresAt: Date } | null {
  const match = /^([1-9]\d{0,9})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (!sameHash(match[3] as string, signature(key, userId, expires))) return null;
  const expiresAt = new Date(expires * 1000);
  return expiresAt > now ? { userId, expiresAt } : null;
}

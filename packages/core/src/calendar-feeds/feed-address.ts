/**
 * A feed's secret address (docs/decisions/026): `…/api/calendar-feeds/{token}.ics`, the token
 * 256 random bits in base64url (secrets.ts newToken), of which only the SHA-256 is stored.
 */

/** What newToken() makes: 32 bytes in base64url, 43 characters. */
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export const FEED_PATH = "/api/calendar-feeds";

/** The feed's https (or local http) address. */
export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}${FEED_PATH}/${token}.ics`;
}

/** The same address for the `webcal:` scheme, which opens the device's calendar app. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, "webcal://");
}

/** The token a requested file name carries, or null when it cannot be one. */
export function tokenOfFile(file: string): string | null {
  return TOKEN_FILE.exec(file)?.[1] ?? null;
}

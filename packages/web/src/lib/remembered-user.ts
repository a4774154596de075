/**
 * The signed-in user as the server last described them, kept in this browser so that opening
 * the app again asks for the session and the first screen in one request instead of two in turn
 * (decision 018, "Fewer requests a day"). The server still decides: the session is checked in that
 * same request, and a 401 signs the app out as before. Sign-out clears it with the rest of the
 * browser's storage (session.ts); it holds only what `auth.user` answers, never a secret.
 */
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import superjson from "superjson";

export const REMEMBERED_USER_KEY = "circleplan.user";

export function rememberedUser(): PublicUser | null {
  try {
    const stored = localStorage.getItem(REMEMBERED_USER_KEY);
    const user = stored ? superjson.parse<Partial<PublicUser> | null>(stored) : null;
    // What the first screen reads before the server answers; anything else waits for it.
    const usable =
      typeof user?.id === "number" &&
      typeof user.timeZone === "string" &&
      typeof user.firstName === "string";
    return usable ? (user as PublicUser) : null;
  } catch {
    // Unavailable storage (private mode) or a value from an older build: ask as before.
    return null;
  }
}

export function rememberUser(user: PublicUser | null) {
  try {
    if (user) localStorage.setItem(REMEMBERED_USER_KEY, superjson.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER_KEY);
  } catch {
    // Nothing kept: the next page load asks for the session first, as before.
  }
}

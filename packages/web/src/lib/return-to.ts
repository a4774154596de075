/**
 * Where to go after signing in. Only same-origin paths are accepted, so a crafted
 * /auth?returnTo=https://evil.example link cannot send a fresh session elsewhere.
 */
export function safeReturnTo(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  if (value === "/auth" || value.startsWith("/auth?") || value.startsWith("/auth/"))
    return fallback;
  return value;
}

export function authPathFor(returnTo: string): string {
  return returnTo === "/dashboard" ? "/auth" : `/auth?returnTo=${encodeURIComponent(returnTo)}`;
}

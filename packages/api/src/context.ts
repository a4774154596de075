/**
 * The per-request context both doors build: the injected dependencies, who is calling, and a
 * way to set cookies on the response that works inside tRPC's fetch adapter and the REST door.
 */
import type { ValidSession } from "@circleplan/core/auth/sessions";
import type { Caller, CoreDeps } from "@circleplan/core/deps";
import { parse as parseCookies } from "cookie";

export interface Context {
  deps: CoreDeps;
  caller: Caller;
  session: ValidSession | null;
  setCookie(value: string): void;
}

export interface ContextSource {
  deps: CoreDeps;
  cookieHeader: string | null | undefined;
  ip: string;
  requestId: string;
  userAgent: string | undefined;
  resHeaders: Headers;
}

/**
 * The session cookie's value, read by a kept parser (bad percent-encoding is passed through
 * raw, never thrown) and then checked for shape by the session service.
 */
function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parseCookies(header)[name] ?? null;
}

export async function createContext({
  deps,
  cookieHeader,
  ip,
  requestId,
  userAgent,
  resHeaders,
}: ContextSource): Promise<Context> {
  const setCookie = (value: string) => resHeaders.append("set-cookie", value);
  const cookieValue = readCookie(cookieHeader, deps.sessions.cookieName);
  const session = cookieValue ? await deps.sessions.validate(cookieValue) : null;
  // A cookie that names no live session clears itself, so a browser is never stuck with it.
  if (cookieValue && !session) setCookie(deps.sessions.blankCookie());
  if (session?.refreshedCookie) setCookie(session.refreshedCookie);
  return {
    deps,
    session,
    caller: {
      userId: session?.user.id ?? null,
      sessionId: session?.sessionId ?? null,
      ip,
      requestId,
      userAgent,
    },
    setCookie,
  };
}

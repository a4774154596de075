/**
 * The per-request context both doors build: the injected dependencies, who is calling, and a
 * way to set cookies on the response that works inside tRPC's fetch adapter and the REST door.
 */
import type { ValidSession } from "@circleplan/core/auth/sessions";
import type { Caller, CoreDeps } from "@circleplan/core/deps";

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
  resHeaders: Headers;
}

function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export async function createContext({
  deps,
  cookieHeader,
  ip,
  resHeaders,
}: ContextSource): Promise<Context> {
  const setCookie = (value: string) => resHeaders.append("set-cookie", value);
  const sessionId = readCookie(cookieHeader, deps.sessions.cookieName);
  const session = sessionId ? await deps.sessions.validate(sessionId) : null;
  if (sessionId && !session) setCookie(deps.sessions.blankCookie());
  if (session?.refreshedCookie) setCookie(session.refreshedCookie);
  return {
    deps,
    session,
    caller: { userId: session?.user.id ?? null, sessionId: session?.sessionId ?? null, ip },
    setCookie,
  };
}

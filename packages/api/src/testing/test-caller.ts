/**
 * The procedures called in-process through createCaller, for tests of domain rules: the same
 * input validation, middleware, context and domain functions as both doors, without a server,
 * a port or a JSON round trip. A TestCaller behaves like one browser: every call builds a new
 * context (the session cookie is read and checked again, as on a new request) and answers'
 * Set-Cookie values update the cookie it sends next.
 */
import { randomUUID } from "node:crypto";
import {
  createSignedInUser,
  type SignedInFactoryUser,
  type UserOverrides,
} from "@circleplan/db/testing/factories";
import { createContext } from "../context";
import { type DescribedError, describeError } from "../errors";
import { createCaller } from "../root";
import type { TestHarness } from "./test-harness";

export interface TestCallerOptions {
  /** The client address the caller's requests come from. */
  ip?: string;
  /** A session cookie to send, `name=token` (factories.ts answers one). */
  cookie?: string | null;
  userAgent?: string;
}

export interface TestCaller {
  /** The app's procedures, as `trpc.user.update(input)`. */
  trpc: ReturnType<typeof createCaller>;
  ip: string;
  /** The session cookie the next call sends, or null. */
  cookie: string | null;
  /** The request id of the latest call: security events name it. */
  lastRequestId: string | null;
  /** Set-Cookie values of the latest call. */
  lastSetCookies: string[];
}

let addresses = 0;

export function callerFor(
  harness: Pick<TestHarness, "deps">,
  options: TestCallerOptions = {},
): TestCaller {
  const { deps } = harness;
  // Each caller its own address unless told: rate limits per address stay out of the way.
  addresses += 1;
  // What a browser does with a Set-Cookie for the session: keep the new value, or forget it.
  const keep = (value: string) => {
    caller.lastSetCookies.push(value);
    const [pair = ""] = value.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq) !== deps.sessions.cookieName) return;
    const cleared = pair.slice(eq + 1) === "" || /max-age=0\b/i.test(value);
    caller.cookie = cleared ? null : pair;
  };
  const caller: TestCaller = {
    ip: options.ip ?? `198.18.${(addresses >> 8) & 255}.${addresses & 255}`,
    cookie: options.cookie ?? null,
    lastRequestId: null,
    lastSetCookies: [],
    trpc: createCaller(async () => {
      const requestId = randomUUID();
      caller.lastRequestId = requestId;
      caller.lastSetCookies = [];
      const resHeaders = new Headers();
      const context = await createContext({
        deps,
        cookieHeader: caller.cookie,
        ip: caller.ip,
        requestId,
        userAgent: options.userAgent,
        resHeaders,
      });
      // Cookies set while the session was read (refreshed, or cleared), then the procedure's.
      for (const value of resHeaders.getSetCookie()) keep(value);
      return {
        ...context,
        setCookie(value: string) {
          context.setCookie(value);
          keep(value);
        },
      };
    }),
  };
  return caller;
}

/** A verified user inserted directly, with a session, and a caller sending its cookie. */
export async function signedInCaller(
  harness: Pick<TestHarness, "deps">,
  options: Omit<TestCallerOptions, "cookie"> & { user?: UserOverrides } = {},
): Promise<TestCaller & SignedInFactoryUser> {
  const account = await createSignedInUser(harness.deps, options.user);
  const caller = callerFor(harness, { ...options, cookie: account.cookie });
  return Object.assign(caller, account);
}

/**
 * The answer a refused call gets from either door (status, `{ message, code, issues? }` body,
 * Retry-After seconds), from the one formatter both doors use. Fails when the call succeeds.
 */
export async function refusal(call: Promise<unknown>): Promise<DescribedError> {
  try {
    await call;
  } catch (error) {
    return describeError(error);
  }
  throw new Error("expected the call to be refused, and it succeeded");
}

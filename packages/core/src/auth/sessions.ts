/**
 * Sessions, and the only module that knows Lucia exists. Callers see create / validate /
 * invalidate and cookie strings: the cookie-held random id, a 30-day sliding expiry and
 * server-side deletion are the design, and could move to @oslojs/* without touching callers.
 */

import type { Db } from "@circleplan/db/client";
import { sessions, users } from "@circleplan/db/schema";
import { DrizzlePostgreSQLAdapter, type PostgreSQLUserTable } from "@lucia-auth/adapter-drizzle";
import { and, eq, ne } from "drizzle-orm";
import { Lucia, TimeSpan } from "lucia";

export const SESSION_COOKIE_NAME = "circleplan_session";

type UserRow = typeof users.$inferSelect;

function createLucia(db: Db, secureCookies: boolean) {
  // The adapter only reads `id`; its table type predates drizzle 0.45's insert types.
  return new Lucia(
    new DrizzlePostgreSQLAdapter(db, sessions, users as unknown as PostgreSQLUserTable),
    {
      sessionExpiresIn: new TimeSpan(30, "d"),
      sessionCookie: {
        name: SESSION_COOKIE_NAME,
        expires: true,
        attributes: { secure: secureCookies, sameSite: "lax" },
      },
      getUserAttributes: (row) => row,
    },
  );
}

declare module "lucia" {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseUserAttributes: Omit<UserRow, "id">;
  }
}

export interface ValidSession {
  sessionId: string;
  user: UserRow;
  /** Set when the expiry slid forward: send this Set-Cookie so the browser keeps up. */
  refreshedCookie: string | null;
}

export interface SessionService {
  cookieName: string;
  /** Starts a session; answers the Set-Cookie header value. */
  create(userId: number): Promise<{ sessionId: string; cookie: string }>;
  /** The session and its user, or null (unknown, expired). A bad cookie clears itself. */
  validate(sessionId: string): Promise<ValidSession | null>;
  invalidate(sessionId: string): Promise<void>;
  /** Ends every session of the user, except `keep` when given (the one changing the password). */
  invalidateAllForUser(userId: number, options?: { keep?: string }): Promise<void>;
  /** A Set-Cookie value that deletes the cookie. */
  blankCookie(): string;
}

export function createSessionService(db: Db, options: { secureCookies: boolean }): SessionService {
  const lucia = createLucia(db, options.secureCookies);
  return {
    cookieName: lucia.sessionCookieName,
    async create(userId) {
      const session = await lucia.createSession(userId, {});
      return { sessionId: session.id, cookie: lucia.createSessionCookie(session.id).serialize() };
    },
    async validate(sessionId) {
      const { session, user } = await lucia.validateSession(sessionId);
      if (!session || !user) return null;
      return {
        sessionId: session.id,
        user: { ...(user as unknown as UserRow), id: user.id },
        refreshedCookie: session.fresh ? lucia.createSessionCookie(session.id).serialize() : null,
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    async invalidateAllForUser(userId, { keep } = {}) {
      const condition = keep
        ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
  };
}

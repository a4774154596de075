/**
 * Sessions, and the only module that knows Lucia exists. Callers see create / validate /
 * invalidate / list and cookie strings; the design (docs/decisions/003) could move to
 * @oslojs/* without touching them:
 * - the cookie holds a random 200-bit token; the database keeps only its SHA-256 as the
 *   session id, so a leaked table opens no session;
 * - 30 days of inactivity end a session (the expiry slides forward past half-life), and so
 *   does an absolute lifetime of 90 days from sign-in;
 * - over https the cookie is `__Host-` prefixed: Secure, Path=/, no Domain, so a sibling
 *   subdomain cannot plant or shadow it.
 */

import type { Db } from "@circleplan/db/client";
import { sessions, users } from "@circleplan/db/schema";
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_LIFETIME_DAYS,
  USER_AGENT_MAX_LENGTH,
} from "@circleplan/shared/limits";
import { DrizzlePostgreSQLAdapter, type PostgreSQLUserTable } from "@lucia-auth/adapter-drizzle";
import { and, desc, eq, ne } from "drizzle-orm";
import { generateIdFromEntropySize, Lucia, TimeSpan } from "lucia";
import { sha256 } from "./secrets";

const BASE_COOKIE_NAME = "circleplan_session";
/** generateIdFromEntropySize(25): 40 characters of lower-case base32. */
const TOKEN_SHAPE = /^[a-z2-7]{40}$/;

type UserRow = typeof users.$inferSelect;

export function sessionCookieName(secureCookies: boolean): string {
  return secureCookies ? `__Host-${BASE_COOKIE_NAME}` : BASE_COOKIE_NAME;
}

function createLucia(db: Db, secureCookies: boolean) {
  // The adapter only reads `id`; its table type predates drizzle 0.45's insert types.
  return new Lucia(
    new DrizzlePostgreSQLAdapter(db, sessions, users as unknown as PostgreSQLUserTable),
    {
      sessionExpiresIn: new TimeSpan(SESSION_IDLE_LIFETIME_DAYS, "d"),
      sessionCookie: {
        name: sessionCookieName(secureCookies),
        expires: true,
        attributes: { secure: secureCookies, sameSite: "lax" },
      },
      getUserAttributes: (row) => row,
      getSessionAttributes: (row) => row,
    },
  );
}

declare module "lucia" {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    UserId: number;
    DatabaseUserAttributes: Omit<UserRow, "id">;
    DatabaseSessionAttributes: { createdAt: Date; userAgent: string | null };
  }
}

export interface ValidSession {
  /** The stored id (a hash of the cookie's token): safe to show and to name a session by. */
  sessionId: string;
  user: UserRow;
  /** Set when the expiry slid forward: send this Set-Cookie so the browser keeps up. */
  refreshedCookie: string | null;
}

export interface SessionSummary {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
}

export interface SessionService {
  cookieName: string;
  /** Starts a session; answers its id and the Set-Cookie header value. */
  create(
    userId: number,
    meta?: { userAgent?: string | undefined },
  ): Promise<{
    sessionId: string;
    cookie: string;
  }>;
  /** The session behind a cookie value, or null (malformed, unknown, idle or too old). */
  validate(cookieValue: string): Promise<ValidSession | null>;
  invalidate(sessionId: string): Promise<void>;
  /** Ends every session of the user, except `keep` when given (the one making the change). */
  invalidateAllForUser(userId: number, options?: { keep?: string | null }): Promise<void>;
  /** The user's live sessions, newest first. */
  list(userId: number): Promise<SessionSummary[]>;
  /** A Set-Cookie value that deletes the cookie. */
  blankCookie(): string;
}

export function createSessionService(db: Db, options: { secureCookies: boolean }): SessionService {
  const lucia = createLucia(db, options.secureCookies);
  return {
    cookieName: lucia.sessionCookieName,
    async create(userId, meta = {}) {
      const token = generateIdFromEntropySize(25);
      const session = await lucia.createSession(
        userId,
        {
          createdAt: new Date(),
          userAgent: meta.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        },
        { sessionId: sha256(token) },
      );
      return { sessionId: session.id, cookie: lucia.createSessionCookie(token).serialize() };
    },
    async validate(cookieValue) {
      if (!TOKEN_SHAPE.test(cookieValue)) return null;
      const { session, user } = await lucia.validateSession(sha256(cookieValue));
      if (!session || !user) return null;
      if (Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_LIFETIME_MS) {
        await lucia.invalidateSession(session.id);
        return null;
      }
      return {
        sessionId: session.id,
        user: { ...(user as unknown as UserRow), id: user.id },
        refreshedCookie: session.fresh ? lucia.createSessionCookie(cookieValue).serialize() : null,
      };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    async invalidateAllForUser(userId, { keep } = {}) {
      const condition = keep
        ? and(eq(sessions.userId, userId), ne(sessions.id, keep))
        : eq(sessions.userId, userId);
      await db.delete(sessions).where(condition);
    },
    async list(userId) {
      const rows = await db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt));
      const now = Date.now();
      return rows.filter(
        (row) =>
          row.expiresAt.getTime() > now &&
          now - row.createdAt.getTime() <= SESSION_ABSOLUTE_LIFETIME_MS,
      );
    },
    blankCookie: () => lucia.createBlankSessionCookie().serialize(),
  };
}

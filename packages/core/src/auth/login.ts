import { users } from "@circleplan/db/schema";
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import type { LoginInput } from "@circleplan/shared/auth-schemas";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import type { Call } from "../deps";
import { AppError } from "../errors";
import {
  assertNotThrottled,
  clearLoginFailures,
  recordLoginFailure,
} from "../rate-limit/login-throttle";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { normalizeEmail, toPublicUser } from "./public-user";

export interface LoginResult {
  user: PublicUser;
  /** Set-Cookie value for the new session. */
  cookie: string;
}

/**
 * Unknown email and wrong password fail alike (same status, message, flag and timing). Only a
 * caller who knows the password learns that the account still needs verifying. A session the
 * browser already held (another account, or this one) ends: no orphan behind a new cookie.
 */
export async function login({ deps, caller, input }: Call<LoginInput>): Promise<LoginResult> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const event = { requestId: caller.requestId, ip: caller.ip };
  await consumeRateLimit(deps.db, {
    key: `login:ip:${caller.ip}`,
    rule: deps.config.rateLimits.loginPerIp,
    now,
  });
  try {
    await assertNotThrottled(deps.db, { email, ip: caller.ip, now });
  } catch (error) {
    deps.log.security("login.throttled", event);
    throw error;
  }

  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const passwordOk = user
    ? await deps.passwords.verify(user.passwordHash, input.password)
    : await deps.passwords.verifyDecoy(input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(deps.db, { email, ip: caller.ip, now });
    deps.log.security("login.failed", { ...event, userId: user?.id ?? null });
    throw new AppError("UNAUTHORIZED", messages.invalidCredentials, { showForgotPassword: true });
  }
  if (!user.emailVerifiedAt) throw new AppError("EMAIL_NOT_VERIFIED", messages.emailNotVerified);

  await clearLoginFailures(deps.db, { email, ip: caller.ip });
  if (caller.sessionId) await deps.sessions.invalidate(caller.sessionId);
  const { cookie } = await deps.sessions.create(user.id, { userAgent: caller.userAgent });
  deps.log.security("login.succeeded", { ...event, userId: user.id });
  return { user: toPublicUser(user), cookie };
}

/** Deletes the session on the server. Signed out already is not an error. */
export async function logout({ deps, caller }: Call): Promise<{ message: string; cookie: string }> {
  if (caller.sessionId) {
    await deps.sessions.invalidate(caller.sessionId);
    deps.log.security("session.ended", {
      requestId: caller.requestId,
      ip: caller.ip,
      userId: caller.userId,
      reason: "sign-out",
    });
  }
  return { message: messages.loggedOut, cookie: deps.sessions.blankCookie() };
}

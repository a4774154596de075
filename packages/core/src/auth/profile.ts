import { users } from "@circleplan/db/schema";
import type { PublicUser, SessionInfo } from "@circleplan/shared/auth-outputs";
import type { ChangePasswordInput, UpdateUserInput } from "@circleplan/shared/auth-schemas";
import { messages } from "@circleplan/shared/messages";
import { and, eq, ne } from "drizzle-orm";
import { forgetFeedsOf } from "../calendar-feeds/revoke-feed";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { emailChangeNotice, passwordChangedNotice } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { devSecret } from "./dev-secrets";
import { issueVerification } from "./email-verification";
import type { PasswordHasher } from "./password";
import { assertNotCommon } from "./password-policy";
import { normalizeEmail, toPublicUser } from "./public-user";

type SignedInCall<Input = undefined> = Call<Input, SignedInCaller>;

/**
 * Changes only the fields sent (docs/decisions/021). Names and the time zone change at once. A
 * new email address does not: it needs the current password, is rate limited (each try, a
 * taken address too), tells the old address, and waits in pendingEmail until the link sent to
 * it is opened, so a typo cannot lock the user out and a borrowed session cannot take the
 * account (docs/decisions/006-account-security.md).
 */
export async function updateProfile({
  deps,
  caller,
  input,
}: SignedInCall<UpdateUserInput>): Promise<PublicUser & { dev_verification_token?: string }> {
  const now = deps.clock.now();
  const [current] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  if (!current) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  // No email sent: the address and any change waiting for its link stay as they are.
  const email = input.email === undefined ? null : normalizeEmail(input.email);
  const changingEmail = email !== null && email !== current.email && email !== current.pendingEmail;
  if (changingEmail) {
    await consumeRateLimit(deps.db, {
      key: `email-change:user:${caller.userId}`,
      rule: deps.config.rateLimits.emailChange,
      now,
    });
    await assertCurrentPassword(deps.passwords, current.passwordHash, input.currentPassword, {
      missing: messages.currentPasswordRequired,
    });
  }
  const result = await withOutbox(deps, async (tx) => {
    if (changingEmail) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, caller.userId)));
      if (taken) throw new AppError("CONFLICT", messages.emailAlreadyRegistered);
    }
    const [updated] = await tx
      .update(users)
      .set({
        ...(input.firstName === undefined ? {} : { firstName: input.firstName }),
        ...(input.lastName === undefined ? {} : { lastName: input.lastName }),
        // The address on file again withdraws a change waiting for its link.
        ...(email === null ? {} : { pendingEmail: email === current.email ? null : email }),
        ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
        ...(input.timeFormat === undefined ? {} : { timeFormat: input.timeFormat }),
        ...(input.weekStart === undefined ? {} : { weekStart: input.weekStart }),
        updatedAt: now,
      })
      .where(eq(users.id, caller.userId))
      .returning();
    if (!updated) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
    if (!changingEmail) return { updated, token: null };
    await deps.mail.enqueue(
      tx,
      emailChangeNotice({
        to: current.email,
        firstName: updated.firstName,
        newEmail: email,
        appUrl: deps.config.appUrl,
      }),
    );
    const token = await issueVerification(tx, deps, {
      userId: caller.userId,
      firstName: updated.firstName,
      email,
      purpose: "change",
    });
    return { updated, token };
  });
  if (result.token) {
    deps.log.security("email.change_requested", {
      requestId: caller.requestId,
      ip: caller.ip,
      userId: caller.userId,
    });
  }
  return {
    ...toPublicUser(result.updated),
    ...devSecret(deps.config, "dev_verification_token", result.token),
  };
}

/**
 * Current + new password; the other sessions and every calendar feed link end, and the address
 * on file gets a notice.
 */
export async function changePassword({
  deps,
  caller,
  input,
}: SignedInCall<ChangePasswordInput>): Promise<{ message: string }> {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, {
    key: `password-change:user:${caller.userId}`,
    rule: deps.config.rateLimits.passwordChange,
    now,
  });
  const [user] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  await assertCurrentPassword(deps.passwords, user.passwordHash, input.currentPassword, {
    missing: messages.passwordRequired,
  });
  await assertNotCommon(input.newPassword, "newPassword");
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await withOutbox(deps, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await forgetFeedsOf(tx, user.id);
    await deps.mail.enqueue(
      tx,
      passwordChangedNotice({
        to: user.email,
        firstName: user.firstName,
        appUrl: deps.config.appUrl,
      }),
    );
  });
  await deps.sessions.invalidateAllForUser(user.id, { keep: caller.sessionId });
  deps.log.security("password.changed", {
    requestId: caller.requestId,
    ip: caller.ip,
    userId: user.id,
  });
  return { message: messages.passwordChanged };
}

async function assertCurrentPassword(
  passwords: PasswordHasher,
  storedHash: string,
  given: string | undefined,
  texts: { missing: string },
): Promise<void> {
  if (!given) {
    throw new AppError("VALIDATION_FAILED", texts.missing, {
      issues: [{ path: "currentPassword", message: texts.missing }],
    });
  }
  if (!(await passwords.verify(storedHash, given))) {
    throw new AppError("VALIDATION_FAILED", messages.currentPasswordWrong, {
      issues: [{ path: "currentPassword", message: messages.currentPasswordWrong }],
    });
  }
}

export async function listSessions({ deps, caller }: SignedInCall): Promise<SessionInfo[]> {
  const sessions = await deps.sessions.list(caller.userId);
  return sessions.map((session) => ({ ...session, current: session.id === caller.sessionId }));
}

/** Ends one of the caller's own sessions; another user's id is "not found", never "forbidden". */
export async function endSession({
  deps,
  caller,
  input,
}: SignedInCall<{ id: string }>): Promise<{ message: string }> {
  const mine = await deps.sessions.list(caller.userId);
  if (!mine.some((session) => session.id === input.id)) {
    throw new AppError("NOT_FOUND", messages.notFound);
  }
  await deps.sessions.invalidate(input.id);
  deps.log.security("session.ended", {
    requestId: caller.requestId,
    ip: caller.ip,
    userId: caller.userId,
    reason: input.id === caller.sessionId ? "sign-out" : "ended from another session",
  });
  return { message: messages.sessionEnded };
}

/** "Sign out everywhere else": the other sessions and every calendar feed link end. */
export async function endOtherSessions({
  deps,
  caller,
}: SignedInCall): Promise<{ message: string }> {
  await forgetFeedsOf(deps.db, caller.userId);
  await deps.sessions.invalidateAllForUser(caller.userId, { keep: caller.sessionId });
  deps.log.security("sessions.ended_others", {
    requestId: caller.requestId,
    ip: caller.ip,
    userId: caller.userId,
  });
  return { message: messages.otherSessionsEnded };
}

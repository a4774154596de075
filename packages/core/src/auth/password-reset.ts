import { passwordResetCodes, users } from "@circleplan/db/schema";
import type { ResetPasswordInput } from "@circleplan/shared/auth-schemas";
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
  RESET_GUESSES_PER_ACCOUNT_PER_DAY,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { forgetFeedsOf } from "../calendar-feeds/revoke-feed";
import type { Call, CoreDeps } from "../deps";
import { AppError } from "../errors";
import { resetCodeMail } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import {
  consumeRateLimit,
  countEvent,
  isOverLimit,
  limitCodeRequests,
} from "../rate-limit/rate-limit";
import { devSecret } from "./dev-secrets";
import { assertNotCommon } from "./password-policy";
import { normalizeEmail } from "./public-user";
import { keyedHash, newSixDigitCode, sameHash } from "./secrets";

// Keyed with the app's secret and salted with the user id: a copied table reveals no code,
// and equal codes of two users never share a hash.
const codeHash = (deps: CoreDeps, userId: number, code: string) =>
  keyedHash(deps.secretKey, `reset:${userId}:${code}`);

/** Failed guesses across every code of one account (docs/decisions/006-account-security.md). */
const guessBudget = (userId: number) => ({
  key: `reset-guess:account:${userId}`,
  rule: { limit: RESET_GUESSES_PER_ACCOUNT_PER_DAY, windowMs: 24 * 60 * 60 * 1000 },
});

/**
 * Answers alike, in the same time, for known and unknown emails: only a known one gets a code,
 * and the mail leaves after the answer whichever it was.
 */
export async function requestPasswordReset({
  deps,
  caller,
  input,
}: Call<{ email: string }>): Promise<{ message: string; dev_otp?: string }> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const { mayMail } = await limitCodeRequests(deps, { ip: caller.ip, email, now });
  const issued = await withOutbox(deps, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user || !mayMail) return null;
    if (await isOverLimit(tx, { ...guessBudget(user.id), now })) return null;
    // A new code replaces any earlier one; the owner always holds the newest in their mailbox.
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    const code = newSixDigitCode();
    await tx.insert(passwordResetCodes).values({
      userId: user.id,
      codeHash: codeHash(deps, user.id, code),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      createdAt: now,
    });
    await deps.mail.enqueue(tx, resetCodeMail({ to: user.email, firstName: user.firstName, code }));
    return { code, userId: user.id };
  });
  if (issued) {
    deps.log.security("password.reset_requested", {
      requestId: caller.requestId,
      ip: caller.ip,
      userId: issued.userId,
    });
  }
  return {
    message: messages.resetCodeSent,
    ...devSecret(deps.config, "dev_otp", issued?.code),
  };
}

/**
 * Single use, 15 minutes, 5 wrong tries a code and 10 a day an account. The code is checked
 * before anything costly: the new password is hashed only once the code is right, so a known
 * and an unknown email take the same time. Success sets the password, proves the address (the
 * code came by mail) and ends every session and calendar feed link of the user.
 */
export async function resetPassword({
  deps,
  caller,
  input,
}: Call<ResetPasswordInput>): Promise<{ message: string }> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const invalid = new AppError("BAD_REQUEST", messages.resetCodeInvalid);
  const event = { requestId: caller.requestId, ip: caller.ip };
  await consumeRateLimit(deps.db, {
    key: `reset:ip:${caller.ip}`,
    rule: deps.config.rateLimits.loginPerIp,
    now,
  });
  await assertNotCommon(input.newPassword, "newPassword");

  // Every way of failing runs the same queries (an unknown email as user 0, who has no codes),
  // so the answer's timing tells nothing about the account.
  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    const userId = user?.id ?? 0;
    const exhausted = await isOverLimit(tx, { ...guessBudget(userId), now });
    const [active] = await tx
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
          lt(passwordResetCodes.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(passwordResetCodes.id))
      .limit(1)
      .for("update");
    const right =
      user && active && !exhausted && sameHash(active.codeHash, codeHash(deps, userId, input.otp));
    if (!right) {
      await tx
        .update(passwordResetCodes)
        .set({ failedAttempts: (active?.failedAttempts ?? 0) + 1 })
        .where(eq(passwordResetCodes.id, active?.id ?? 0));
      await countEvent(tx, { ...guessBudget(userId), now });
      return { ok: false as const, userId: user?.id ?? null };
    }
    const passwordHash = await deps.passwords.hash(input.newPassword);
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(eq(passwordResetCodes.id, active.id));
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, userId));
    await forgetFeedsOf(tx, userId);
    return { ok: true as const, userId };
  });
  if (!outcome.ok) {
    deps.log.security("password.reset_failed", { ...event, userId: outcome.userId });
    throw invalid;
  }
  await deps.sessions.invalidateAllForUser(outcome.userId);
  deps.log.security("password.reset_used", { ...event, userId: outcome.userId });
  return { message: messages.passwordReset };
}

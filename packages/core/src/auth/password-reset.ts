import { passwordResetCodes, users } from "@circleplan/db/schema";
import type { ResetPasswordInput } from "@circleplan/shared/auth-schemas";
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Caller, CoreDeps } from "../deps";
import { AppError } from "../errors";
import { resetCodeMail } from "../mail/templates";
import { consumeRateLimit, limitCodeRequests } from "../rate-limit/rate-limit";
import { hashPassword } from "./password";
import { normalizeEmail } from "./public-user";
import { newSixDigitCode, sameHash, sha256 } from "./secrets";

// The code is salted with the user id so equal codes of two users never share a hash.
const codeHash = (userId: number, code: string) => sha256(`${userId}:${code}`);

/** Answers alike for known and unknown emails; only a known one gets a code. */
export async function requestPasswordReset(
  deps: CoreDeps,
  caller: Caller,
  input: { email: string },
): Promise<{ message: string; dev_otp?: string }> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  await limitCodeRequests(deps, { ip: caller.ip, email, now });
  const code = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user) return null;
    // A new code replaces any earlier one.
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    const code = newSixDigitCode();
    await tx.insert(passwordResetCodes).values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
      createdAt: now,
    });
    await deps.mail.enqueue(tx, resetCodeMail({ to: user.email, firstName: user.firstName, code }));
    return code;
  });
  await deps.mail.flush();
  return {
    message: messages.resetCodeSent,
    ...(code && deps.mail.sandbox ? { dev_otp: code } : {}),
  };
}

/**
 * Single use, 15 minutes, 5 wrong tries. Success sets the password, proves the address (the
 * code came by mail) and ends every session of the user.
 */
export async function resetPassword(
  deps: CoreDeps,
  caller: Caller,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const invalid = new AppError("BAD_REQUEST", messages.resetCodeInvalid);
  await consumeRateLimit(deps.db, {
    key: `reset:ip:${caller.ip}`,
    rule: deps.config.rateLimits.loginPerIp,
    now,
  });
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user) throw invalid;
  const newHash = await hashPassword(input.newPassword);

  const outcome = await deps.db.transaction(async (tx) => {
    const [active] = await tx
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, user.id),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
          lt(passwordResetCodes.failedAttempts, RESET_CODE_MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(passwordResetCodes.id))
      .limit(1)
      .for("update");
    if (!active) return "invalid" as const;
    if (!sameHash(active.codeHash, codeHash(user.id, input.otp))) {
      await tx
        .update(passwordResetCodes)
        .set({ failedAttempts: active.failedAttempts + 1 })
        .where(eq(passwordResetCodes.id, active.id));
      return "wrong" as const;
    }
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(eq(passwordResetCodes.id, active.id));
    await tx
      .update(users)
      .set({ passwordHash: newHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
      .where(eq(users.id, user.id));
    return "ok" as const;
  });
  if (outcome !== "ok") throw invalid;
  await deps.sessions.invalidateAllForUser(user.id);
  return { message: messages.passwordReset };
}

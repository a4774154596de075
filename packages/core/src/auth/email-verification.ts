/**
 * Email verification links: one mechanism for the sign-up address and for a change of address.
 * A token row names the address it proves; opening the link applies that address.
 */
import type { Executor } from "@circleplan/db/client";
import { emailVerificationTokens, users } from "@circleplan/db/schema";
import { VERIFICATION_TOKEN_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Caller, CoreDeps } from "../deps";
import { AppError, isUniqueViolation } from "../errors";
import { verificationMail } from "../mail/templates";
import { limitCodeRequests } from "../rate-limit/rate-limit";
import { normalizeEmail } from "./public-user";
import { newToken, sha256 } from "./secrets";

/** Creates a link for `email` and queues its mail in the caller's transaction; answers the token. */
export async function issueVerification(
  tx: Executor,
  deps: Pick<CoreDeps, "clock" | "config" | "mail">,
  options: { userId: number; firstName: string; email: string; isChange: boolean },
): Promise<string> {
  const token = newToken();
  await tx.insert(emailVerificationTokens).values({
    userId: options.userId,
    email: options.email,
    tokenHash: sha256(token),
    expiresAt: new Date(deps.clock.now().getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  const link = `${deps.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mail.enqueue(
    tx,
    verificationMail({
      to: options.email,
      firstName: options.firstName,
      link,
      isChange: options.isChange,
    }),
  );
  return token;
}

export async function verifyEmail(
  deps: CoreDeps,
  input: { token: string },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const invalid = new AppError("BAD_REQUEST", messages.verificationInvalid);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, sha256(input.token)),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .for("update");
    if (!row) throw invalid;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user) throw invalid;
    if (row.email === user.email) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
        .where(eq(users.id, user.id));
    } else if (row.email === user.pendingEmail) {
      try {
        await tx
          .update(users)
          .set({ email: row.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id));
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("CONFLICT", messages.emailAlreadyRegistered);
        throw error;
      }
    } else {
      // The user has since asked for another address: this link proves nothing current.
      throw invalid;
    }
    await tx
      .delete(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, user.id),
          eq(emailVerificationTokens.email, row.email),
        ),
      );
  });
  return { message: messages.emailVerified };
}

/** A fresh link for an unverified account. Answers alike whether or not the email is known. */
export async function resendVerification(
  deps: CoreDeps,
  caller: Caller,
  input: { email: string },
): Promise<{ message: string; dev_verification_token?: string }> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  await limitCodeRequests(deps, { ip: caller.ip, email, now });
  const token = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)));
    if (!user) return null;
    return issueVerification(tx, deps, {
      userId: user.id,
      firstName: user.firstName,
      email,
      isChange: false,
    });
  });
  await deps.mail.flush();
  return {
    message: messages.verificationSent,
    ...(token && deps.mail.sandbox ? { dev_verification_token: token } : {}),
  };
}

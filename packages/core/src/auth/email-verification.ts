/**
 * Email verification links: one mechanism for the sign-up address, a resent sign-up link and a
 * change of address. A token row names the address it proves; opening the link applies it.
 */
import type { Executor } from "@circleplan/db/client";
import { emailVerificationTokens, users } from "@circleplan/db/schema";
import type { VerifyEmailInput } from "@circleplan/shared/auth-schemas";
import { VERIFICATION_TOKEN_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Call, CoreDeps } from "../deps";
import { AppError, isUniqueViolation } from "../errors";
import { verificationMail } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import { limitCodeRequests } from "../rate-limit/rate-limit";
import { devSecret } from "./dev-secrets";
import { assertNotCommon } from "./password-policy";
import { normalizeEmail } from "./public-user";
import { newToken, sha256 } from "./secrets";

/**
 * - `signup`: the link mailed at registration;
 * - `resend`: a link asked for later, by anyone who typed the address: whoever opens it must
 *   choose the password, so the person who registered someone else's address loses it;
 * - `change`: confirms a new address for a signed-in user.
 */
export type VerificationPurpose = "signup" | "resend" | "change";

/** Creates a link for `email` and queues its mail in the caller's transaction; answers the token. */
export async function issueVerification(
  tx: Executor,
  deps: Pick<CoreDeps, "clock" | "config" | "mail">,
  options: {
    userId: number;
    firstName: string;
    email: string;
    purpose: VerificationPurpose;
    /** A path of the app to open after signing in (registerInput's returnTo). */
    returnTo?: string | undefined;
  },
): Promise<string> {
  const token = newToken();
  await tx.insert(emailVerificationTokens).values({
    userId: options.userId,
    email: options.email,
    tokenHash: sha256(token),
    requiresNewPassword: options.purpose === "resend",
    expiresAt: new Date(deps.clock.now().getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  const query = new URLSearchParams({ token });
  if (options.returnTo) query.set("returnTo", options.returnTo);
  const link = `${deps.config.appUrl}/verify-email?${query}`;
  await deps.mail.enqueue(
    tx,
    verificationMail({
      to: options.email,
      firstName: options.firstName,
      link,
      purpose: options.purpose,
    }),
  );
  return token;
}

export async function verifyEmail({
  deps,
  caller,
  input,
}: Call<VerifyEmailInput>): Promise<{ message: string; alreadyVerified: boolean }> {
  const now = deps.clock.now();
  const invalid = new AppError("BAD_REQUEST", messages.verificationInvalid);
  if (input.newPassword) await assertNotCommon(input.newPassword, "newPassword");
  const applied = await deps.db.transaction(async (tx) => {
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
    if (row.usedAt) {
      // Opened again: it proved this address once, which is worth saying while the account
      // still has it; once the address has moved on, the link proves nothing current.
      if (row.email === user.email && user.emailVerifiedAt) return null;
      throw invalid;
    }
    let kind: "signup" | "change";
    if (row.email === user.email) {
      kind = "signup";
      if (row.requiresNewPassword) {
        if (!input.newPassword) {
          // The token stays valid: the page asks for a password and sends the link again.
          throw new AppError("NEW_PASSWORD_REQUIRED", messages.newPasswordRequired, {
            issues: [{ path: "newPassword", message: messages.newPasswordRequired }],
          });
        }
        await tx
          .update(users)
          .set({ passwordHash: await deps.passwords.hash(input.newPassword), updatedAt: now })
          .where(eq(users.id, user.id));
      }
      await tx
        .update(users)
        .set({ emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now })
        .where(eq(users.id, user.id));
    } else if (row.email === user.pendingEmail) {
      kind = "change";
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
    // Every link for this address is spent, and kept until it expires to answer a second visit.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.userId, user.id),
          eq(emailVerificationTokens.email, row.email),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
    return { userId: user.id, kind, passwordSet: row.requiresNewPassword };
  });
  if (!applied) return { message: messages.emailAlreadyVerified, alreadyVerified: true };
  // A new password or a new address: whoever was signed in before keeps nothing, except the
  // browser confirming the change, when it is the same user's.
  if (applied.passwordSet || applied.kind === "change") {
    const keep = caller.userId === applied.userId ? caller.sessionId : null;
    await deps.sessions.invalidateAllForUser(applied.userId, { keep });
  }
  deps.log.security(applied.kind === "change" ? "email.changed" : "email.verified", {
    requestId: caller.requestId,
    ip: caller.ip,
    userId: applied.userId,
  });
  return { message: messages.emailVerified, alreadyVerified: false };
}

/**
 * A fresh link for an unverified account. Answers alike, in the same time, whether or not the
 * email is known: mail leaves after the answer in both cases.
 */
export async function resendVerification({
  deps,
  caller,
  input,
}: Call<{ email: string }>): Promise<{ message: string; dev_verification_token?: string }> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  const { mayMail } = await limitCodeRequests(deps, { ip: caller.ip, email, now });
  const token = await withOutbox(deps, async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)));
    if (!user || !mayMail) return null;
    return issueVerification(tx, deps, {
      userId: user.id,
      firstName: user.firstName,
      email,
      purpose: "resend",
    });
  });
  return {
    message: messages.verificationSent,
    ...devSecret(deps.config, "dev_verification_token", token),
  };
}

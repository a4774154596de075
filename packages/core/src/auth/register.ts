import { users } from "@circleplan/db/schema";
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import type { RegisterInput } from "@circleplan/shared/auth-schemas";
import { UNVERIFIED_ACCOUNT_TTL_MS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq, isNull, lt } from "drizzle-orm";
import { createPersonalCircle } from "../circles/default-circles";
import type { Call, CoreDeps } from "../deps";
import { AppError, isUniqueViolation } from "../errors";
import { withOutbox } from "../mail/with-outbox";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { devSecret } from "./dev-secrets";
import { issueVerification } from "./email-verification";
import { assertNotCommon } from "./password-policy";
import { normalizeEmail, toPublicUser } from "./public-user";
import { newToken } from "./secrets";

export interface RegisterResult {
  message: string;
  user: PublicUser;
  /** Sandbox mode only: the secret the verification mail carries. */
  dev_verification_token?: string;
}

/**
 * Creates the account unverified, its personal circle and its verification mail, all in one
 * transaction: a failure leaves no half-made account behind. An account nobody verified within
 * a week no longer holds its address: a new sign-up replaces it, so registering someone
 * else's address reserves nothing (docs/decisions/006-account-security.md).
 */
export async function register({
  deps,
  caller,
  input,
}: Call<RegisterInput>): Promise<RegisterResult> {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, {
    key: `register:ip:${caller.ip}`,
    rule: deps.config.rateLimits.registerPerIp,
    now,
  });
  await assertNotCommon(input.password, "password");
  const email = normalizeEmail(input.email);
  const conflict = new AppError("CONFLICT", messages.emailAlreadyRegistered);
  const [taken] = await deps.db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, email));
  const stale =
    taken &&
    !taken.emailVerifiedAt &&
    now.getTime() - taken.createdAt.getTime() > UNVERIFIED_ACCOUNT_TTL_MS;
  if (taken && !stale) throw conflict;

  const passwordHash = await deps.passwords.hash(input.password);
  const username = await availableUsername(deps, email);
  try {
    const { user, token } = await withOutbox(deps, async (tx) => {
      if (stale) {
        // Still unverified and still stale inside the transaction: nobody verified it meanwhile.
        await tx
          .delete(users)
          .where(
            and(
              eq(users.id, taken.id),
              isNull(users.emailVerifiedAt),
              lt(users.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS)),
            ),
          );
      }
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          username,
          gender: input.gender,
          country: input.country,
          city: input.city,
          phoneNumber: input.phoneNumber,
          timeZone: input.timeZone ?? "UTC",
          ...(input.timeFormat ? { timeFormat: input.timeFormat } : {}),
          ...(input.weekStart ? { weekStart: input.weekStart } : {}),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      await createPersonalCircle(tx, user.id);
      const token = await issueVerification(tx, deps, {
        userId: user.id,
        firstName: user.firstName,
        email,
        purpose: "signup",
        returnTo: input.returnTo,
      });
      return { user, token };
    });
    return {
      message: messages.registered,
      user: toPublicUser(user),
      ...devSecret(deps.config, "dev_verification_token", token),
    };
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}

/** The email's local part, made URL-safe; a short random suffix when it is taken. */
async function availableUsername(deps: CoreDeps, email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "user").replace(/[^a-z0-9._-]/g, "").slice(0, 30) || "user";
  for (const candidate of [base, `${base}-${newToken().slice(0, 6).toLowerCase()}`]) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, candidate));
    if (!taken) return candidate;
  }
  return `${base}-${newToken().slice(0, 10).toLowerCase()}`;
}

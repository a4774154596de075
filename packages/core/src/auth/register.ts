import { users } from "@circleplan/db/schema";
import type { PublicUser, RegisterInput } from "@circleplan/shared/auth-schemas";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { createPersonalCircle } from "../circles/default-circles";
import type { Caller, CoreDeps } from "../deps";
import { AppError, isUniqueViolation } from "../errors";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { issueVerification } from "./email-verification";
import { hashPassword } from "./password";
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
 * transaction: a failure leaves no half-made account behind.
 */
export async function register(
  deps: CoreDeps,
  caller: Caller,
  input: RegisterInput,
): Promise<RegisterResult> {
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, {
    key: `register:ip:${caller.ip}`,
    rule: deps.config.rateLimits.registerPerIp,
    now,
  });
  const email = normalizeEmail(input.email);
  const conflict = new AppError("CONFLICT", messages.emailAlreadyRegistered);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw conflict;

  const passwordHash = await hashPassword(input.password);
  const username = await availableUsername(deps, email);
  try {
    const { user, token } = await deps.db.transaction(async (tx) => {
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
        isChange: false,
      });
      return { user, token };
    });
    await deps.mail.flush();
    return {
      message: messages.registered,
      user: toPublicUser(user),
      ...(deps.mail.sandbox ? { dev_verification_token: token } : {}),
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

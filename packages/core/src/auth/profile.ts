import { users } from "@circleplan/db/schema";
import type { PublicUser, UpdateUserInput } from "@circleplan/shared/auth-schemas";
import { messages } from "@circleplan/shared/messages";
import { and, eq, ne } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { AppError } from "../errors";
import { issueVerification } from "./email-verification";
import { normalizeEmail, toPublicUser } from "./public-user";

/**
 * Names change at once. A new email address does not: it waits in pendingEmail until the link
 * sent to it is opened, so a typo cannot lock the user out of their account.
 */
export async function updateProfile(
  deps: CoreDeps,
  userId: number,
  input: UpdateUserInput,
): Promise<PublicUser & { dev_verification_token?: string }> {
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  const result = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
    const changingEmail = email !== user.email && email !== user.pendingEmail;
    if (changingEmail) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)));
      if (taken) throw new AppError("CONFLICT", messages.emailAlreadyRegistered);
    }
    const pendingEmail = email === user.email ? null : email;
    const [updated] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, pendingEmail, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
    const token = changingEmail
      ? await issueVerification(tx, deps, {
          userId,
          firstName: updated.firstName,
          email,
          isChange: true,
        })
      : null;
    return { updated, token };
  });
  await deps.mail.flush();
  return {
    ...toPublicUser(result.updated),
    ...(result.token && deps.mail.sandbox ? { dev_verification_token: result.token } : {}),
  };
}

import { users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { AppError } from "../errors";

/** The signed-in account: its email is what invitations are addressed to. */
export async function accountOf(deps: CoreDeps, userId: number) {
  const [user] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  // The session was valid a moment ago; an account deleted since is signed out.
  if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return user;
}

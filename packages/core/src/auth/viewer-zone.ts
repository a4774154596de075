import type { Executor } from "@circleplan/db/client";
import { users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { AppError } from "../errors";

/**
 * The zone "today" and days are read in for this user (api-conventions.md): the one the session
 * read with the user, else the stored one.
 */
export async function viewerZoneOf(
  db: Executor,
  caller: { userId: number; timeZone?: string | undefined },
): Promise<string> {
  if (caller.timeZone) return caller.timeZone;
  const { userId } = caller;
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return row.timeZone;
}

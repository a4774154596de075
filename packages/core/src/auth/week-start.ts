import type { Executor } from "@circleplan/db/client";
import { users } from "@circleplan/db/schema";
import type { WeekStart } from "@circleplan/shared/limits";
import { eq } from "drizzle-orm";

/** The day a user's weeks start on (their profile's), which a series they make keeps. */
export async function weekStartOf(db: Executor, userId: number): Promise<WeekStart> {
  const [row] = await db
    .select({ weekStart: users.weekStart })
    .from(users)
    .where(eq(users.id, userId));
  return row?.weekStart ?? "sunday";
}

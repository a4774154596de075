import type { Executor, Tx } from "@circleplan/db/client";
import { calendarFeeds } from "@circleplan/db/schema";
import type { CalendarFeedInput } from "@circleplan/shared/calendar-feed-schemas";
import { and, eq, isNull } from "drizzle-orm";
import { checkMember } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";

/**
 * DELETE /api/calendar-feeds: the feed's address stops working (404 from then on). Turning off
 * a feed that has no address is no error: the caller wanted it off, and it is.
 */
export async function revokeCalendarFeed({
  deps,
  caller,
  input,
}: Call<CalendarFeedInput, SignedInCaller>): Promise<{ circleId: number | null; revoked: true }> {
  const circleId = input.circleId ?? null;
  if (circleId !== null) await checkMember(deps.db, caller, { circleId });
  await deps.db
    .delete(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.userId, caller.userId),
        circleId === null ? isNull(calendarFeeds.circleId) : eq(calendarFeeds.circleId, circleId),
      ),
    );
  return { circleId, revoked: true };
}

/**
 * A membership ending (member-departure.ts): the member's feed of that circle goes with it, so
 * rejoining never revives an address made before. (A read checks membership too.)
 */
export async function forgetCircleFeed(
  tx: Tx,
  membership: { circleId: number; userId: number },
): Promise<void> {
  await tx
    .delete(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.userId, membership.userId),
        eq(calendarFeeds.circleId, membership.circleId),
      ),
    );
}

/**
 * Every feed address of a user stops working (docs/decisions/006, "Who owns an account"): a
 * password reset, a password change and "sign out everywhere else" end what someone who had the
 * account could still use, and a feed link they made would otherwise keep reading its circles.
 */
export async function forgetFeedsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

import { calendarFeeds, circleMembers } from "@circleplan/db/schema";
import type { CalendarFeed } from "@circleplan/shared/calendar-feed-schemas";
import { and, asc, eq, exists, isNull, or, sql } from "drizzle-orm";
import type { Call, SignedInCaller } from "../deps";

/**
 * GET /api/calendar-feeds: the caller's feeds that have a link now (without it: only its hash is
 * kept), the all-circles feed first. A circle's feed shows only while the caller is its member.
 */
export async function listCalendarFeeds({
  deps,
  caller,
}: Call<unknown, SignedInCaller>): Promise<{ feeds: CalendarFeed[] }> {
  const feeds = await deps.db
    .select({
      circleId: calendarFeeds.circleId,
      createdAt: calendarFeeds.createdAt,
      lastReadAt: calendarFeeds.lastReadAt,
    })
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.userId, caller.userId),
        or(
          isNull(calendarFeeds.circleId),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(circleMembers)
              .where(
                and(
                  eq(circleMembers.circleId, calendarFeeds.circleId),
                  eq(circleMembers.userId, caller.userId),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(sql`${calendarFeeds.circleId} nulls first`, asc(calendarFeeds.id));
  return { feeds };
}

import { queryRows } from "@circleplan/db/client";
import type {
  CalendarFeedInput,
  CreatedCalendarFeed,
} from "@circleplan/shared/calendar-feed-schemas";
import { messages } from "@circleplan/shared/messages";
import { sql } from "drizzle-orm";
import { newToken, sha256 } from "../auth/secrets";
import { checkMember } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { feedUrl, webcalUrl } from "./feed-address";

/**
 * POST /api/calendar-feeds: a new secret address for the caller's feed of one circle (a member
 * only: 404 otherwise, as anywhere) or of all their circles. It replaces the feed's previous
 * address, which stops working at once (after the CDN's few minutes on AWS). The token is
 * answered this once; only its hash is stored. RATE_LIMIT_FEED_CREATE per user (429).
 */
export async function createCalendarFeed({
  deps,
  caller,
  input,
}: Call<CalendarFeedInput, SignedInCaller>): Promise<CreatedCalendarFeed> {
  const circleId = input.circleId ?? null;
  if (circleId !== null) await checkMember(deps.db, caller, { circleId });
  const now = deps.clock.now();
  await consumeRateLimit(deps.db, {
    key: `calendar-feeds:create:user:${caller.userId}`,
    rule: deps.config.rateLimits.feedCreate,
    now,
    message: messages.calendarFeedsTooFast,
  });
  const token = newToken();
  // One statement: two makes at once leave one row, the later token (the unique index decides).
  const [row] = await queryRows<{ created_at: string | Date }>(
    deps.db,
    sql`insert into calendar_feeds (user_id, circle_id, token_hash, created_at)
      values (${caller.userId}, ${circleId}, ${sha256(token)}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, (coalesce(circle_id, 0))) do update
        set token_hash = excluded.token_hash, created_at = excluded.created_at, last_read_at = null
      returning created_at`,
  );
  const url = feedUrl(deps.config.appUrl, token);
  return {
    circleId,
    createdAt: new Date(row?.created_at ?? now),
    lastReadAt: null,
    url,
    webcalUrl: webcalUrl(url),
  };
}

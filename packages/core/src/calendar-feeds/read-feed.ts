/**
 * GET /api/calendar-feeds/{token}.ics (docs/decisions/026): the public read a calendar app
 * polls, with no session. An unknown, revoked or malformed token, and a circle's feed whose owner
 * left it, are one 404 without detail. A known one is counted against RATE_LIMIT_FEED_READ (429
 * with Retry-After, keyed by the feed's id, never its token), answered 304 when the app's ETag
 * is current, else built: the plans its owner may read now, in the window around today.
 */

import { addDays } from "@circleplan/shared/days";
import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { loadRecurrenceLibrary } from "../plans/recurrence";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { tokenOfFile } from "./feed-address";
import { feedCalendar } from "./feed-calendar";
import { type FeedWindow, readFeedPlans } from "./feed-plans";
import { type FoundFeed, findFeed } from "./find-feed";

export type FeedAnswer =
  | { status: 404 }
  | { status: 304; etag: string; lastModified: Date }
  | { status: 200; etag: string; lastModified: Date; body: string };

/** last_read_at is written at most this often (the rate limit's counter is still one write). */
const LAST_READ_STEP_MS = 60 * 60 * 1000;

export async function readCalendarFeed(
  deps: Pick<CoreDeps, "db" | "clock" | "config">,
  request: { file: string; ifNoneMatch?: string | undefined },
): Promise<FeedAnswer> {
  const token = tokenOfFile(request.file);
  if (token === null) return { status: 404 };
  const now = deps.clock.now();
  const today = now.toISOString().slice(0, 10);
  const feed = await findFeed(deps.db, token, today);
  if (!feed) return { status: 404 };
  await consumeRateLimit(deps.db, {
    key: `calendar-feeds:read:${feed.id}`,
    rule: deps.config.rateLimits.feedRead,
    now,
  });
  await noteRead(deps, feed, now);
  const { etag, lastModified } = feed;
  if (matches(request.ifNoneMatch, etag)) return { status: 304, etag, lastModified };
  const body = await buildFeed(deps, feed, windowAround(now));
  return { status: 200, etag, lastModified, body };
}

/** The feed's text for a window: its circles' plans read, then written. */
export async function buildFeed(
  deps: Pick<CoreDeps, "db" | "config">,
  feed: Pick<FoundFeed, "userId" | "circleId" | "circles">,
  window: FeedWindow,
): Promise<string> {
  const [{ plans, exceptions }] = await Promise.all([
    readFeedPlans(
      deps.db,
      { userId: feed.userId, circleIds: feed.circles.map((c) => c.id) },
      window,
    ),
    loadRecurrenceLibrary(),
  ]);
  const one = feed.circleId === null ? null : feed.circles[0];
  return feedCalendar({
    name: one ? `${one.name} (Circleplan)` : "My circles (Circleplan)",
    appUrl: deps.config.appUrl,
    ownerId: feed.userId,
    circles: feed.circles,
    plans,
    exceptions,
  });
}

/** CALENDAR_FEED_DAYS_BACK before today (UTC) to CALENDAR_FEED_DAYS_AHEAD after it. */
export function windowAround(now: Date): FeedWindow {
  const today = now.toISOString().slice(0, 10);
  const firstDay = addDays(today, -CALENDAR_FEED_DAYS_BACK);
  const lastDay = addDays(today, CALENDAR_FEED_DAYS_AHEAD);
  return {
    from: new Date(`${firstDay}T00:00:00Z`),
    to: new Date(`${addDays(lastDay, 1)}T00:00:00Z`),
    firstDay,
    lastDay,
    now,
  };
}

/** If-None-Match: one ETag, a list of them, or `*`, compared weakly (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header
    .split(",")
    .map(opaque)
    .some((tag) => tag === opaque(etag) || tag === "*");
}

async function noteRead(deps: Pick<CoreDeps, "db">, feed: FoundFeed, now: Date): Promise<void> {
  if (feed.lastReadAt && now.getTime() - feed.lastReadAt.getTime() < LAST_READ_STEP_MS) return;
  await deps.db.execute(
    sql`update calendar_feeds set last_read_at = ${now.toISOString()}::timestamptz
      where id = ${feed.id}`,
  );
}

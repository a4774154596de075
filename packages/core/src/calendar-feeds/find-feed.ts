/**
 * A feed found by its token, with what its answer's version is made of (docs/decisions/026,
 * "Caching"), in one statement read through indexes: the feed row; each circle it shows that its
 * owner still belongs to, with the circle's name, the owner's notification level and join time,
 * and the circle's change version (live-version.ts's parts: every change of a plan, task or
 * member is an entry there); and the owner's plan follows (they decide the reminders).
 */

import { createHash } from "node:crypto";
import { type Executor, queryRows } from "@circleplan/db/client";
import type { CircleNotifyLevel } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import { sha256 } from "../auth/secrets";
import { circleVersionJoins } from "../live/live-version";

/**
 * Raised when what a feed holds, or how it is written, changes: every ETag changes with it.
 * 2: an all-day series' moved occurrences are RECURRENCE-ID;VALUE=DATE overrides.
 * 3: a series whose start is off its rule starts at its first occurrence, without an EXDATE.
 * 4: every task and to-do states whether it is done.
 */
const FEED_FORMAT = 4;

export interface FeedCircle {
  id: number;
  name: string;
  notify: CircleNotifyLevel;
}

export interface FoundFeed {
  id: number;
  userId: number;
  /** The one circle it shows; null: all its owner's. */
  circleId: number | null;
  lastReadAt: Date | null;
  /** The circles it shows now (its owner's, or the one if its owner is still a member). */
  circles: FeedCircle[];
  /** Opaque: changes whenever the answer may (`today` is the window's day). */
  etag: string;
  lastModified: Date;
}

type CirclePart = [number, string, CircleNotifyLevel, string, string | null, number, number | null];

/**
 * The feed `token` opens, or null: no such token, or a circle's feed whose owner left the circle
 * (its row is removed with the membership; this is the second lock on that door). `today` is the
 * UTC day the feed's window is drawn from.
 */
export async function findFeed(
  db: Executor,
  token: string,
  today: string,
): Promise<FoundFeed | null> {
  const [row] = await queryRows<{
    id: number;
    user_id: number;
    circle_id: number | null;
    created_at: string | Date;
    last_read_at: string | Date | null;
    circles: string;
    follows: string;
  }>(
    db,
    sql`select f.id, f.user_id, f.circle_id, f.created_at, f.last_read_at,
        (select coalesce(json_agg(json_build_array(m.circle_id, c.name, m.notify, m.created_at,
            newest.created_at, recent.entries, recent.top) order by m.circle_id), '[]')
          from circle_members m
          join circles c on c.id = m.circle_id
          ${circleVersionJoins(sql`m.circle_id`)}
          where m.user_id = f.user_id and (f.circle_id is null or m.circle_id = f.circle_id))::text as circles,
        (select json_build_array(count(*), max(pf.created_at)) from plan_follows pf
          where pf.user_id = f.user_id)::text as follows
      from calendar_feeds f
      where f.token_hash = ${sha256(token)}`,
  );
  if (!row) return null;
  const parts = JSON.parse(row.circles) as CirclePart[];
  if (row.circle_id !== null && parts.length === 0) return null;
  const createdAt = new Date(row.created_at);
  const changes = parts.flatMap(([, , , joined, newest]) => [joined, newest ?? joined]);
  const lastModified = new Date(
    Math.max(
      createdAt.getTime(),
      Date.parse(`${today}T00:00:00Z`),
      ...changes.map((at) => new Date(at).getTime()),
    ),
  );
  const etag = createHash("sha256")
    .update(JSON.stringify([FEED_FORMAT, row.id, createdAt.getTime(), today, parts, row.follows]))
    .digest("base64url")
    .slice(0, 22);
  return {
    id: row.id,
    userId: row.user_id,
    circleId: row.circle_id,
    lastReadAt: row.last_read_at === null ? null : new Date(row.last_read_at),
    circles: parts.map(([id, name, notify]) => ({ id, name, notify })),
    // Weak: the same calendar may travel gzipped or not (compression.ts, CloudFront).
    etag: `W/"${etag}"`,
    lastModified,
  };
}

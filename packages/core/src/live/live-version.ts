/**
 * `live.version` (docs/decisions/018-live-sync.md, "The version check"): what a browser asks
 * every minute while the channel is down. One opaque string that changes whenever any of the
 * caller's circles gains (or loses) a feed entry, the caller's memberships or roles change, or an
 * invitation to their address comes, goes or is answered. One statement, read through indexes
 * (its plan is in docs/bench-notes.md).
 *
 * A circle's part is its newest entry's time and the count and highest id of the entries made
 * in the LATE_COMMITS window before it. Entries may commit in another order than they were
 * made (a slow transaction commits after a quicker, later one), but never later than the
 * window after their own time, so an entry that turns up late lands in the window and moves the
 * count; the window moves only with the newest entry, so an idle circle's part stays the same.
 */
import { createHash } from "node:crypto";
import { type Executor, queryRows } from "@circleplan/db/client";
import type { LiveVersion } from "@circleplan/shared/live-protocol";
import { type SQL, sql } from "drizzle-orm";
import type { Call, SignedInCaller } from "../deps";

/** Longer than any transaction may run (the API stops at 25 s, statements at 15 s). */
const LATE_COMMITS = "5 minutes";

/**
 * The lateral joins that give a circle's part of a version: `newest.created_at`, and
 * `recent.entries` / `recent.top` (see above). `circleId` is the column naming the circle.
 * Calendar feeds' ETags are built from the same parts (calendar-feeds/find-feed.ts).
 */
export function circleVersionJoins(circleId: SQL): SQL {
  return sql`left join lateral (
          select a.created_at from circle_activity a
          where a.circle_id = ${circleId}
          order by a.created_at desc, a.id desc
          limit 1
        ) newest on true
        left join lateral (
          select count(*) as entries, max(a.id) as top from circle_activity a
          where a.circle_id = ${circleId}
            and a.created_at >= newest.created_at - ${LATE_COMMITS}::interval
        ) recent on true`;
}

export async function liveVersion({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<LiveVersion> {
  const [row] = await queryRows<{ circles: unknown; invitations: unknown }>(
    deps.db,
    sql`
      with mine as (
        select m.circle_id, m.role, newest.created_at as newest, recent.entries, recent.top
        from circle_members m
        ${circleVersionJoins(sql`m.circle_id`)}
        where m.user_id = ${caller.userId}
      )
      select
        (select json_agg(mine order by mine.circle_id) from mine) as circles,
        (
          select json_build_array(count(*), count(*) filter (where i.status = 'pending'), max(i.id))
          from users u
          join invitations i on i.email = u.email
          where u.id = ${caller.userId}
        ) as invitations
    `,
  );
  const digest = createHash("sha256")
    .update(JSON.stringify(row ?? null))
    .digest("base64url");
  // 96 bits: a few bytes on the wire, and no two states of one user's circles alike in practice.
  return { version: digest.slice(0, 16) };
}

/**
 * The version of what `userId` sees of their circles' plans: each circle's part (above) of the
 * circles they belong to, or of `circleId` alone. It changes with every plan, task or member
 * change in them (each is a feed entry, written in the change's transaction) and with the
 * circles the user belongs to. The month grid's cache is keyed by it (plans/grid-cache.ts).
 */
export async function circlesVersion(
  db: Executor,
  userId: number,
  circleId?: number,
): Promise<string> {
  const [row] = await queryRows<{ circles: unknown }>(
    db,
    sql`
      select json_agg(
        json_build_array(m.circle_id, newest.created_at, recent.entries, recent.top)
        order by m.circle_id
      ) as circles
      from circle_members m
      ${circleVersionJoins(sql`m.circle_id`)}
      where m.user_id = ${userId}
        ${circleId === undefined ? sql`` : sql`and m.circle_id = ${circleId}`}
    `,
  );
  return createHash("sha256")
    .update(JSON.stringify(row?.circles ?? null))
    .digest("base64url")
    .slice(0, 16);
}

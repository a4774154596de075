/**
 * The scheduled job's upkeep, once an hour (docs/decisions/011-reminders.md): series' written
 * windows move forward with time (docs/decisions/016-bounded-work.md: reads never write, and a
 * series nobody touches would otherwise stop reminding), and rows whose time has passed are
 * deleted: rate-limit windows, sessions, verification links, reset codes, quiet sign-in
 * throttles, delivery records old enough that no run can look at them again, and change-feed
 * entries past ACTIVITY_KEPT_DAYS. Every delete is bounded: a backlog goes over several runs,
 * never in one long statement.
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import { ACTIVITY_KEPT_DAYS, SESSION_ABSOLUTE_LIFETIME_MS } from "@circleplan/shared/limits";
import { type SQL, sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { addMonths } from "../plans/plan-days";
import { SERIES_REFRESH_MONTHS } from "../plans/series-window";
import { moveSeriesWindow } from "../plans/write-occurrences";

/** How often the upkeep runs (the job itself runs every few minutes). */
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
/** Rows one delete removes at most. */
const SWEEP_BATCH = 5000;
/** Delivery records kept this long: far beyond the furthest any run looks back. */
export const DELIVERY_RECORDS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** A throttle with no failure for this long (and no block running) is forgiven. */
export const LOGIN_THROTTLE_KEPT_MS = 24 * 60 * 60 * 1000;
/** The longest window of a rate limit not in the configuration (mails of codes per day). */
const LONGEST_FIXED_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Change-feed entries are kept ACTIVITY_KEPT_DAYS (docs/decisions/017, "The change feed"). */
export const ACTIVITY_KEPT_MS = ACTIVITY_KEPT_DAYS * 24 * 60 * 60 * 1000;
/**
 * Batches of feed entries one upkeep deletes at most, each its own short statement: 200,000 an
 * hour, twice the pace of some two million entries a day that 100,000 busy families would write.
 */
const ACTIVITY_SWEEP_BATCHES = 40;
/**
 * Series whose window is moved per run, each in its own short transaction: a move writes at most
 * a window's rows, and every series comes due about once in five months
 * (SERIES_HORIZON_MONTHS - SERIES_REFRESH_MONTHS), so this many an hour keeps up with some
 * 350,000 open-ended series.
 */
const SERIES_PER_RUN = 100;

/**
 * Moves the written windows of series whose rows end within SERIES_REFRESH_MONTHS of now to the
 * window around now (write-occurrences.ts moveSeriesWindow); answers how many it moved.
 */
export async function moveSeriesWindows(deps: Pick<CoreDeps, "db">, now: Date): Promise<number> {
  const through = addMonths(now, SERIES_REFRESH_MONTHS);
  const due = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from plans
      where expanded_until is not null and expanded_until < ${through.toISOString()}::timestamptz
      order by expanded_until
      limit ${SERIES_PER_RUN}`,
  );
  for (const { id } of due) {
    await deps.db.transaction((tx) => moveSeriesWindow(tx, id, now));
  }
  return due.length;
}

export interface SweepReport {
  rateLimitBuckets: number;
  sessions: number;
  verificationTokens: number;
  resetCodes: number;
  loginThrottles: number;
  reminderDeliveries: number;
  digestDeliveries: number;
  circleActivity: number;
  /** Invitations in inboxes past the feed's days (entries' rows go with their entries). */
  inboxInvitations: number;
}

/** Deletes up to a batch of `table`'s rows matching `expired`; answers how many. */
async function sweep(db: Executor, table: string, expired: SQL): Promise<number> {
  const name = sql.identifier(table);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
        delete from ${name} where ctid in (
          select ctid from ${name} where ${expired} limit ${SWEEP_BATCH})
        returning 1)
      select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

/**
 * Feed entries older than `before`, batch after batch while whole batches go. Ids grow with time,
 * so the oldest are the lowest: each batch reads the first ids of the primary key and deletes
 * those past their time, a bounded read whether or not anything is due.
 */
async function sweepActivity(db: Executor, before: SQL): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < ACTIVITY_SWEEP_BATCHES; batch++) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with oldest as (
          select id, created_at from circle_activity order by id limit ${SWEEP_BATCH}),
        gone as (
          delete from circle_activity
          where id in (select id from oldest where created_at < ${before})
          returning 1)
        select count(*)::int as n from gone`,
    );
    const gone = row?.n ?? 0;
    deleted += gone;
    if (gone < SWEEP_BATCH) break;
  }
  return deleted;
}

export async function sweepExpired(
  deps: Pick<CoreDeps, "db" | "config">,
  now: Date,
): Promise<SweepReport> {
  const at = (ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;
  const longestWindow = Math.max(
    LONGEST_FIXED_WINDOW_MS,
    ...Object.values(deps.config.rateLimits).map((rule) => rule.windowMs),
  );
  const { db } = deps;
  return {
    // A bucket whose window has passed counts as none (rate-limit.ts starts a new one).
    rateLimitBuckets: await sweep(
      db,
      "rate_limit_buckets",
      sql`window_start < ${at(longestWindow)}`,
    ),
    sessions: await sweep(
      db,
      "sessions",
      sql`expires_at < ${at(0)} or created_at < ${at(SESSION_ABSOLUTE_LIFETIME_MS)}`,
    ),
    verificationTokens: await sweep(db, "email_verification_tokens", sql`expires_at < ${at(0)}`),
    resetCodes: await sweep(db, "password_reset_codes", sql`expires_at < ${at(0)}`),
    loginThrottles: await sweep(
      db,
      "login_throttles",
      sql`updated_at < ${at(LOGIN_THROTTLE_KEPT_MS)} and (blocked_until is null or blocked_until < ${at(0)})`,
    ),
    reminderDeliveries: await sweep(
      db,
      "reminder_deliveries",
      sql`created_at < ${at(DELIVERY_RECORDS_KEPT_MS)} and push_status <> 'pending'`,
    ),
    digestDeliveries: await sweep(
      db,
      "digest_deliveries",
      sql`created_at < ${at(DELIVERY_RECORDS_KEPT_MS)}`,
    ),
    circleActivity: await sweepActivity(db, at(ACTIVITY_KEPT_MS)),
    inboxInvitations: await sweep(
      db,
      "inbox_items",
      sql`invitation_id is not null and created_at < ${at(ACTIVITY_KEPT_MS)}`,
    ),
  };
}

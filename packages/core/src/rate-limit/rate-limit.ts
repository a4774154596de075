/**
 * Fixed-window rate limits kept in Postgres, so every server instance (each Lambda container)
 * counts against the same buckets. One upsert per check: atomic without a transaction.
 * Keys hold an email or address: both are bounded by the input schemas and the client-address
 * module, so a key always fits the primary-key index.
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import { rateLimitBuckets } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import type { Config, RateRule } from "../env";
import { AppError } from "../errors";

/** Adds one to the key's counter, opening a new window when the last one has passed. */
async function bump(db: Executor, options: { key: string; rule: RateRule; now: Date }) {
  const { key, rule, now } = options;
  const windowOpenedBefore = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${rateLimitBuckets.windowStart} <= ${windowOpenedBefore.toISOString()}::timestamptz`;
  const [bucket] = await db
    .insert(rateLimitBuckets)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimitBuckets.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimitBuckets.windowStart} END`,
      },
    })
    .returning({ count: rateLimitBuckets.count, windowStart: rateLimitBuckets.windowStart });
  return bucket;
}

/**
 * Counts a request and refuses it (429 with Retry-After) past the rule's limit, with `message`
 * when the request is not an attempt at something (adding plans).
 */
export async function consumeRateLimit(
  db: Executor,
  options: { key: string; rule: RateRule; now: Date; message?: string },
): Promise<void> {
  const bucket = await bump(db, options);
  if (bucket && bucket.count > options.rule.limit) {
    const reopensAt = bucket.windowStart.getTime() + options.rule.windowMs;
    const retryAfter = Math.max(1, Math.ceil((reopensAt - options.now.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", options.message ?? messages.rateLimited, { retryAfter });
  }
}

/** Counts an event (a failure, a mail sent) without refusing anything. */
export async function countEvent(
  db: Executor,
  options: { key: string; rule: RateRule; now: Date },
): Promise<void> {
  await bump(db, options);
}

export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** True while a counter is past its limit in the current window; counts nothing. */
export async function isOverLimit(
  db: Executor,
  options: { key: string; rule: RateRule; now: Date },
): Promise<boolean> {
  const [bucket] = await db
    .select()
    .from(rateLimitBuckets)
    .where(eq(rateLimitBuckets.key, options.key));
  if (!bucket) return false;
  const open = bucket.windowStart.getTime() + options.rule.windowMs > options.now.getTime();
  return open && bucket.count >= options.rule.limit;
}

/**
 * Requests that mail a secret (reset codes, verification links). Per account *and* address
 * they answer 429 past the limit; per account alone they stop mailing quietly, so someone who
 * asks for another person's codes from many addresses neither learns anything nor locks that
 * person out: the owner still holds the last code sent.
 * Answers whether a new code may be sent.
 */
export async function limitCodeRequests(
  deps: { db: Executor; config: Config },
  options: { ip: string; email: string; now: Date },
): Promise<{ mayMail: boolean }> {
  const { ip, email, now } = options;
  await consumeRateLimit(deps.db, {
    key: `code:ip:${ip}`,
    rule: deps.config.rateLimits.codePerIp,
    now,
  });
  await consumeRateLimit(deps.db, {
    key: `code:account-ip:${email}|${ip}`,
    rule: deps.config.rateLimits.codePerAccount,
    now,
  });
  const accountRule = CODE_MAILS_PER_ACCOUNT_PER_DAY;
  const key = `code:account:${email}`;
  if (await isOverLimit(deps.db, { key, rule: accountRule, now })) return { mayMail: false };
  await countEvent(deps.db, { key, rule: accountRule, now });
  return { mayMail: true };
}

/** Mails of secrets one address receives a day, however many places ask. */
const CODE_MAILS_PER_ACCOUNT_PER_DAY: RateRule = { limit: 20, windowMs: 24 * 60 * 60 * 1000 };

/**
 * Counters of one calendar day each (the key names the day), many in one statement: adds each
 * key's `add` and answers what each counted before. Rows are written in key order, so two
 * transactions counting the same keys wait for each other (the second then sees the first's
 * count) instead of deadlocking. `window_start` is the last count: the hourly sweep forgets a
 * counter a day after it, by when its day is over (but for the last hour of a 25-hour day).
 */
export async function addToDayCounters(
  db: Executor,
  counts: readonly { key: string; add: number }[],
  now: Date,
): Promise<Map<string, number>> {
  const added = new Map<string, number>();
  for (const { key, add } of counts) added.set(key, (added.get(key) ?? 0) + add);
  if (added.size === 0) return new Map();
  const rows = await queryRows<{ key: string; count: number }>(
    db,
    sql`insert into rate_limit_buckets (key, window_start, count)
      select key, ${now.toISOString()}::timestamptz, add
      from json_to_recordset(${JSON.stringify([...added].map(([key, add]) => ({ key, add })))}::json)
        as x(key text, add int)
      order by key
      on conflict (key) do update
        set count = rate_limit_buckets.count + excluded.count,
            window_start = excluded.window_start
      returning key, count`,
  );
  return new Map(rows.map((row) => [row.key, row.count - (added.get(row.key) ?? 0)]));
}

/**
 * Fixed-window rate limits kept in Postgres, so every server instance (each Lambda container)
 * counts against the same buckets. One upsert per check: atomic without a transaction.
 */
import type { Executor } from "@circleplan/db/client";
import { rateLimitBuckets } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import type { Config, RateRule } from "../env";
import { AppError } from "../errors";

export async function consumeRateLimit(
  db: Executor,
  options: { key: string; rule: RateRule; now: Date },
): Promise<void> {
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
  if (bucket && bucket.count > rule.limit) {
    const reopensAt = bucket.windowStart.getTime() + rule.windowMs;
    const retryAfter = Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", messages.rateLimited, { retryAfter });
  }
}

export async function clearRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
}

/** Requests that mail a secret (reset codes, verification links) share one budget. */
export async function limitCodeRequests(
  deps: { db: Executor; config: Config },
  options: { ip: string; email: string; now: Date },
): Promise<void> {
  const { ip, email, now } = options;
  await consumeRateLimit(deps.db, {
    key: `code:ip:${ip}`,
    rule: deps.config.rateLimits.codePerIp,
    now,
  });
  await consumeRateLimit(deps.db, {
    key: `code:account:${email}`,
    rule: deps.config.rateLimits.codePerAccount,
    now,
  });
}

/**
 * Sign-in backoff per account *and* client address (docs/decisions/006-account-security.md):
 * five free failures, then each further try waits twice as long as the one before, up to 15
 * minutes. Someone guessing from elsewhere slows only themselves; the owner's own address
 * keeps its free tries, and a success clears the slate.
 */
import type { Executor } from "@circleplan/db/client";
import { loginThrottles } from "@circleplan/db/schema";
import {
  LOGIN_BACKOFF_BASE_MS,
  LOGIN_BACKOFF_MAX_MS,
  LOGIN_FREE_FAILURES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../errors";

const keyOf = (email: string, ip: string) => `${email}|${ip}`;

export function backoffMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_FREE_FAILURES, 20);
  return Math.min(LOGIN_BACKOFF_BASE_MS * 2 ** doublings, LOGIN_BACKOFF_MAX_MS);
}

/** Throws 429 with Retry-After while this account and address are in backoff. */
export async function assertNotThrottled(
  db: Executor,
  options: { email: string; ip: string; now: Date },
): Promise<void> {
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, keyOf(options.email, options.ip)));
  const until = row?.blockedUntil?.getTime() ?? 0;
  if (until > options.now.getTime()) {
    const retryAfter = Math.max(1, Math.ceil((until - options.now.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", messages.rateLimited, { retryAfter });
  }
}

export async function recordLoginFailure(
  db: Executor,
  options: { email: string; ip: string; now: Date },
): Promise<void> {
  const key = keyOf(options.email, options.ip);
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, updatedAt: options.now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: sql`${loginThrottles.failures} + 1`, updatedAt: options.now },
    })
    .returning({ failures: loginThrottles.failures });
  const wait = backoffMs(row?.failures ?? 1);
  if (wait > 0) {
    await db
      .update(loginThrottles)
      .set({ blockedUntil: new Date(options.now.getTime() + wait) })
      .where(eq(loginThrottles.key, key));
  }
}

export async function clearLoginFailures(
  db: Executor,
  options: { email: string; ip: string },
): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, keyOf(options.email, options.ip)));
}

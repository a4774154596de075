/**
 * What one circle may hold and how fast a user may add to it (docs/decisions/016-bounded-work.md):
 * a member cannot bury a circle under plans, and the work every read of it does stays bounded.
 * At most PLANS_PER_CIRCLE_MAX plans, SERIES_PER_CIRCLE_MAX of them repeating (400 past
 * either), and RATE_LIMIT_PLAN_CREATE new plans per user (429 with Retry-After).
 */
import type { Tx } from "@circleplan/db/client";
import { circles, plans } from "@circleplan/db/schema";
import { PLANS_PER_CIRCLE_MAX, SERIES_PER_CIRCLE_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { count, eq, isNotNull, sql } from "drizzle-orm";
import type { CoreDeps, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { consumeRateLimit } from "../rate-limit/rate-limit";

/** Counts a new plan against its creator's pace: 429 past RATE_LIMIT_PLAN_CREATE. */
export async function countPlanCreation(
  deps: Pick<CoreDeps, "db" | "config" | "clock">,
  caller: SignedInCaller,
): Promise<void> {
  await consumeRateLimit(deps.db, {
    key: `plans:create:user:${caller.userId}`,
    rule: deps.config.rateLimits.planCreate,
    now: deps.clock.now(),
    message: messages.plansTooFast,
  });
}

/**
 * 400 unless the circle has room for one more plan (a repeating one when `series`). Call inside
 * the transaction that adds it: the circle's row is locked, so two additions at once are
 * counted one after the other.
 */
export function requireRoomFor(tx: Tx, circleId: number, adding: { series: boolean }) {
  return requireRoomForMany(tx, circleId, { plans: 1, series: adding.series ? 1 : 0 });
}

/**
 * 400 unless the circle has room for `plans` more plans, `series` of them repeating (an import
 * adds many at once, refused whole: docs/decisions/027). Locks the circle's row as above.
 */
export async function requireRoomForMany(
  tx: Tx,
  circleId: number,
  adding: { plans: number; series: number },
): Promise<void> {
  await tx
    .select({ id: circles.id })
    .from(circles)
    .where(eq(circles.id, circleId))
    .for("no key update");
  const [held] = await tx
    .select({
      plans: count(),
      series: sql<number>`count(*) filter (where ${isNotNull(plans.recurrence)})`.mapWith(Number),
    })
    .from(plans)
    .where(eq(plans.circleId, circleId));
  if (adding.plans > 0 && (held?.plans ?? 0) + adding.plans > PLANS_PER_CIRCLE_MAX) {
    throw new AppError("BAD_REQUEST", messages.tooManyPlans);
  }
  if (adding.series > 0 && (held?.series ?? 0) + adding.series > SERIES_PER_CIRCLE_MAX) {
    throw new AppError("BAD_REQUEST", messages.tooManySeries);
  }
}

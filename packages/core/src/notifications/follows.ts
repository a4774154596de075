/**
 * What each member chose to hear (docs/decisions/019): per circle the default, every change
 * ("following") or nothing ("muted"), kept on the membership so it ends with it; and plans
 * followed one by one (`plan_follows`), which go with the plan, the account, and the membership
 * of the plan's circle (`forgetCircleInterest`). The rule that reads them is shared
 * plan-rules.ts's `isReminded` / `isToldOf`.
 */
import { type Executor, queryRows, type Tx } from "@circleplan/db/client";
import { circleMembers, inboxItems, planFollows, plans } from "@circleplan/db/schema";
import { type CircleNotifyLevel, PLAN_FOLLOWS_PER_USER_MAX } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { CircleNotifications, PlanFollow } from "@circleplan/shared/notification-outputs";
import type { CircleNotificationsInput } from "@circleplan/shared/notification-schemas";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { type Interest, isReminded } from "@circleplan/shared/plan-rules";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { MemberCaller } from "../circles/access";
import type { Call } from "../deps";
import { AppError } from "../errors";

/** GET /api/circles/{id}/notifications: what the circle tells the caller. */
export function getCircleNotifications({
  caller,
}: Call<unknown, MemberCaller>): CircleNotifications {
  const { circle, membership } = caller.circle;
  return { circleId: circle.id, level: membership.notify };
}

/** PUT /api/circles/{id}/notifications: any member, for themselves only. */
export async function setCircleNotifications({
  deps,
  caller,
  input,
}: Call<CircleNotificationsInput, MemberCaller>): Promise<CircleNotifications> {
  const { circle, membership } = caller.circle;
  const [row] = await deps.db
    .update(circleMembers)
    .set({ notify: input.level })
    .where(eq(circleMembers.id, membership.id))
    .returning({ level: circleMembers.notify });
  // Left or removed since the check: the circle is as unknown as to any non-member.
  if (!row) throw new AppError("NOT_FOUND", notificationMessages.circleNotifyLevelInvalid);
  return { circleId: circle.id, level: row.level };
}

/**
 * PUT /api/events/{id}/follow: the caller follows the plan (a member of its circle; following
 * twice is once). At most PLAN_FOLLOWS_PER_USER_MAX plans: the insert counts in the same
 * statement, so a burst of requests cannot go far past it.
 */
export async function followPlan({
  deps,
  caller,
  input,
}: Call<{ id: number }, MemberCaller>): Promise<PlanFollow> {
  const now = sql`${deps.clock.now().toISOString()}::timestamptz`;
  const inserted = await queryRows(
    deps.db,
    sql`insert into plan_follows (plan_id, user_id, created_at)
      select ${input.id}, ${caller.userId}, ${now}
      where (select count(*) from plan_follows where user_id = ${caller.userId}) < ${PLAN_FOLLOWS_PER_USER_MAX}
      on conflict do nothing
      returning plan_id`,
  );
  if (inserted.length === 0 && !(await follows(deps.db, caller.userId, input.id))) {
    throw new AppError("BAD_REQUEST", notificationMessages.planFollowsTooMany);
  }
  return { planId: input.id, following: true };
}

/** DELETE /api/events/{id}/follow: the caller stops following the plan (if they did). */
export async function unfollowPlan({
  deps,
  caller,
  input,
}: Call<{ id: number }, MemberCaller>): Promise<PlanFollow> {
  await deps.db
    .delete(planFollows)
    .where(and(eq(planFollows.planId, input.id), eq(planFollows.userId, caller.userId)));
  return { planId: input.id, following: false };
}

async function follows(db: Executor, userId: number, planId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(planFollows)
    .where(and(eq(planFollows.planId, planId), eq(planFollows.userId, userId)));
  return (row?.n ?? 0) > 0;
}

/** The plans `userId` follows, by id (the data export's). */
export async function followedPlanIdsOf(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ planId: planFollows.planId })
    .from(planFollows)
    .where(eq(planFollows.userId, userId))
    .orderBy(planFollows.planId);
  return rows.map((row) => row.planId);
}

/**
 * Each answered plan's `remindsMe` and `followedByMe` for its viewer: the shared rule asked with
 * the viewer's choices, read in one statement by the viewer's own rows (at most
 * CIRCLES_PER_USER_MAX memberships and PLAN_FOLLOWS_PER_USER_MAX follows), whatever the list.
 */
export async function withViewerInterest(
  db: Executor,
  userId: number,
  answered: Plan[],
): Promise<Plan[]> {
  if (answered.length === 0) return answered;
  const choices = await queryRows<{
    circle_id: number | null;
    notify: CircleNotifyLevel | null;
    plan_id: number | null;
  }>(
    db,
    sql`select circle_id, notify, null::int as plan_id from circle_members where user_id = ${userId}
      union all
      select null, null, plan_id from plan_follows where user_id = ${userId}`,
  );
  const levelOf = new Map<number, CircleNotifyLevel>();
  const followed = new Set<number>();
  for (const row of choices) {
    if (row.plan_id !== null) followed.add(row.plan_id);
    else if (row.circle_id !== null && row.notify !== null) levelOf.set(row.circle_id, row.notify);
  }
  return answered.map((plan) => {
    const interest: Interest = {
      circle: levelOf.get(plan.circleId) ?? "default",
      followsPlan: followed.has(plan.id),
    };
    return {
      ...plan,
      remindsMe: isReminded(plan, userId, interest),
      followedByMe: interest.followsPlan,
    };
  });
}

/**
 * A membership ending (member-departure.ts): the plans of that circle the member followed and
 * what their inbox held of it go with it, so a former member neither hears of nor reads the
 * circle again.
 */
export async function forgetCircleInterest(
  tx: Tx,
  membership: { circleId: number; userId: number },
): Promise<void> {
  await tx
    .delete(planFollows)
    .where(
      and(
        eq(planFollows.userId, membership.userId),
        inArray(
          planFollows.planId,
          tx.select({ id: plans.id }).from(plans).where(eq(plans.circleId, membership.circleId)),
        ),
      ),
    );
  await tx
    .delete(inboxItems)
    .where(
      and(eq(inboxItems.userId, membership.userId), eq(inboxItems.circleId, membership.circleId)),
    );
}

/**
 * What a feed holds (docs/decisions/026, "Window and bound"): the plans of its circles that
 * touch the window (a series: that started before its end and has not ended before its start),
 * less the tasks withdrawn from its owner (occurrence-sql.ts hiddenFrom), at most
 * CALENDAR_FEED_PLANS_MAX (the series first, then the one-off plans nearest to now); and the
 * series' occurrences that differ from their series (moved or edited, cancelled, a task's or
 * to-do's occurrence completed on its own), at most CALENDAR_FEED_EXCEPTIONS_MAX, nearest first. One
 * round trip, answered as JSON texts.
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import {
  CALENDAR_FEED_EXCEPTIONS_MAX,
  CALENDAR_FEED_PLANS_MAX,
  type PlanType,
} from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import { hiddenFrom } from "../plans/occurrence-sql";

export interface FeedPlan {
  id: number;
  circleId: number;
  creatorId: number;
  type: PlanType;
  title: string;
  description: string | null;
  location: string | null;
  allDay: boolean;
  startsAt: string | null;
  endsAt: string | null;
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
  assignedTo: number | null;
  assigneeName: string | null;
  assignmentAccepted: boolean | null;
  isCompleted: boolean;
  reminderTimes: string[];
  recurrence: Record<string, unknown> | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Whether the feed's owner follows the plan (it then reminds them). */
  followed: boolean;
}

export interface FeedException {
  planId: number;
  originalStart: string | null;
  originalDate: string | null;
  startsAt: string | null;
  endsAt: string | null;
  startDate: string | null;
  endDate: string | null;
  isCancelled: boolean;
  isException: boolean;
  overrides: OccurrenceOverrides | null;
  isCompleted: boolean | null;
}

export interface FeedWindow {
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
  now: Date;
}

const startOf = sql`coalesce(p.starts_at, p.start_date::timestamp at time zone 'UTC')`;

export async function readFeedPlans(
  db: Executor,
  feed: { userId: number; circleIds: number[] },
  window: FeedWindow,
): Promise<{ plans: FeedPlan[]; exceptions: FeedException[] }> {
  if (feed.circleIds.length === 0) return { plans: [], exceptions: [] };
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const now = window.now.toISOString();
  const circles = sql.join(
    feed.circleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [answer] = await queryRows<{ plans: string; exceptions: string }>(
    db,
    sql`with found as (
        select p.*, trim(a.first_name || ' ' || a.last_name) as assignee_name,
          exists (select 1 from plan_follows pf
            where pf.plan_id = p.id and pf.user_id = ${feed.userId}) as followed
        from plans p
        left join users a on a.id = p.assigned_to
        where p.circle_id in (${circles})
          and not ${hiddenFrom(feed.userId)}
          and (
            (p.recurrence is null and (
              (p.starts_at < ${to}::timestamptz
                and coalesce(p.ends_at, p.starts_at) >= ${from}::timestamptz)
              or (p.start_date <= ${window.lastDay}::date
                and coalesce(p.end_date, p.start_date) >= ${window.firstDay}::date)))
            or (p.recurrence is not null and ${startOf} < ${to}::timestamptz
              and coalesce((p.recurrence->>'until')::date >= ${window.firstDay}::date, true)))
        order by p.recurrence is null,
          abs(extract(epoch from ${startOf} - ${now}::timestamptz)), p.id
        limit ${CALENDAR_FEED_PLANS_MAX}
      ),
      exceptions as (
        select o.* from plan_occurrences o
        join found p on p.id = o.plan_id
        where p.recurrence is not null
          and (o.is_exception or o.is_cancelled
            -- an occurrence completed on its own, where feed-calendar.ts showsState
            or (o.is_completed is not null and (p.type <> 'event' or p.assigned_to is not null)))
        order by abs(extract(epoch from
            coalesce(o.original_start, o.original_date::timestamp at time zone 'UTC') - ${now}::timestamptz)),
          o.id
        limit ${CALENDAR_FEED_EXCEPTIONS_MAX}
      )
      select
        (select coalesce(json_agg(json_build_object(
          'id', p.id, 'circleId', p.circle_id, 'creatorId', p.creator_id, 'type', p.type,
          'title', p.title, 'description', p.description, 'location', p.location,
          'allDay', p.all_day, 'startsAt', p.starts_at, 'endsAt', p.ends_at,
          'startDate', p.start_date, 'endDate', p.end_date, 'timeZone', p.time_zone,
          'assignedTo', p.assigned_to, 'assigneeName', p.assignee_name,
          'assignmentAccepted', p.assignment_accepted, 'isCompleted', p.is_completed,
          'reminderTimes', p.reminder_times, 'recurrence', p.recurrence, 'version', p.version,
          'createdAt', p.created_at, 'updatedAt', p.updated_at, 'followed', p.followed)
          order by p.id), '[]') from found p)::text as plans,
        (select coalesce(json_agg(json_build_object(
          'planId', o.plan_id, 'originalStart', o.original_start, 'originalDate', o.original_date,
          'startsAt', o.starts_at, 'endsAt', o.ends_at, 'startDate', o.start_date,
          'endDate', o.end_date, 'isCancelled', o.is_cancelled, 'isException', o.is_exception,
          'overrides', o.overrides, 'isCompleted', o.is_completed)
          order by o.plan_id, o.original_start, o.original_date), '[]') from exceptions o)::text as exceptions`,
  );
  return {
    plans: JSON.parse(answer?.plans ?? "[]") as FeedPlan[],
    exceptions: JSON.parse(answer?.exceptions ?? "[]") as FeedException[],
  };
}

/**
 * The plan views (plans spec, sections 2 and 7): a day, the upcoming plans, a range of days, one
 * circle, the calendar month and its summary. Every view reads occurrences (occurrences.ts: one
 * indexed query, no rule expanded on a read) of the caller's circles only, in the caller's zone
 * (time-ranges.ts), and answers them through toPlanEvents, as every other plan answer.
 *
 * What the spec leaves open (docs/decisions/009):
 * - no day, range or `upcoming`: 30 days back to 90 days ahead of today, never everything;
 * - `upcoming`: from now on (today's all-day plans included), up to a year ahead, at most
 *   `limit` (30 unless told); read two weeks ahead first, further only while the page is short;
 * - a range with one end: `from` reaches 90 days on, `to` reaches 30 days back; at most 366 days;
 * - `date` wins over `from`/`to`, which win over `upcoming`; `limit` caps any of them;
 * - a task its creator withdrew leaves its former assignee's views (api-conventions.md).
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import { UPCOMING_LIMIT_DEFAULT } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import type { ListEventsInput } from "@circleplan/shared/plan-schemas";
import { sql } from "drizzle-orm";
import { circleAccess } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { writeCalendarSummary } from "./calendar-summary";
import { listOccurrences, type OccurrenceQuery, type OccurrenceRow } from "./occurrences";
import { toPlanEvents } from "./plan-event";
import { viewerZoneOf } from "./plans";
import {
  addDays,
  DEFAULT_WINDOW_DAYS_AFTER,
  DEFAULT_WINDOW_DAYS_BEFORE,
  dayCount,
  daysWindow,
  dayWindow,
  defaultWindow,
  monthWindow,
  type PlanWindow,
} from "./time-ranges";

/**
 * How far ahead the upcoming list looks, in widening steps: most callers fill a page within two
 * weeks, and a narrow range spares the database sorting a year of occurrences for 30 of them.
 */
const UPCOMING_STEPS_DAYS = [14, 90, 366];
/** The longest range a list answers. */
export const RANGE_DAYS_MAX = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

interface Scope {
  zone: string;
  circleIds: number[];
  /** How far the series of these circles are written (OccurrenceQuery.seriesWrittenThrough). */
  seriesWrittenThrough?: Date | null;
}

/**
 * The caller's zone and the circles a view reads: the one asked for (a member's only: 404
 * otherwise, from circles/access.ts), else every circle the caller belongs to.
 */
async function scopeOf(db: Executor, userId: number, circleId: number | undefined): Promise<Scope> {
  if (circleId !== undefined) {
    const [access, zone] = await Promise.all([
      circleAccess(db, userId, { circleId }),
      viewerZoneOf(db, userId),
    ]);
    return { zone, circleIds: [access.circle.id] };
  }
  // One round trip for all three: every list asks them, and the lists are the busiest reads.
  const [row] = await queryRows<{
    time_zone: string;
    circle_ids: number[];
    written_through: number | string | null;
  }>(
    db,
    sql`SELECT u.time_zone,
          coalesce((SELECT json_agg(m.circle_id) FROM circle_members m WHERE m.user_id = u.id),
                   '[]'::json) AS circle_ids,
          (SELECT extract(epoch FROM min(p.expanded_until)) * 1000 FROM plans p
            JOIN circle_members m ON m.circle_id = p.circle_id AND m.user_id = u.id
            WHERE p.expanded_until IS NOT NULL)::float8 AS written_through
        FROM users u WHERE u.id = ${userId}`,
  );
  // The session named a user that is gone: as viewerZoneOf answers it.
  if (!row) return { zone: await viewerZoneOf(db, userId), circleIds: [] };
  return {
    zone: row.time_zone,
    circleIds: row.circle_ids.map(Number),
    seriesWrittenThrough:
      row.written_through === null ? null : new Date(Number(row.written_through)),
  };
}

/** A task its creator withdrew, seen by the one it was withdrawn from: gone from their views. */
function withdrawnFrom(row: OccurrenceRow, userId: number): boolean {
  const { plan } = row;
  return (
    plan.cancelledAt !== null &&
    plan.cancelledAssignee === userId &&
    plan.assignedTo !== userId &&
    plan.creatorId !== userId
  );
}

/**
 * The occurrences the caller may see. With a limit, rows hidden from the caller would leave the
 * page short: ask again for as many more (rare: withdrawn tasks only).
 */
async function visibleRows(
  db: Executor,
  userId: number,
  query: OccurrenceQuery,
): Promise<OccurrenceRow[]> {
  const wanted = query.limit;
  for (let limit = wanted; ; ) {
    const rows = await listOccurrences(db, { ...query, limit });
    const visible = rows.filter((row) => !withdrawnFrom(row, userId));
    if (limit === undefined || wanted === undefined) return visible;
    if (rows.length < limit || visible.length >= wanted) return visible.slice(0, wanted);
    limit += wanted - visible.length;
  }
}

/** The first `limit` occurrences from `now` on, looking further ahead only while the page is short. */
async function upcomingRows(
  db: Executor,
  userId: number,
  query: Omit<OccurrenceQuery, "from" | "to">,
  now: Date,
): Promise<OccurrenceRow[]> {
  let rows: OccurrenceRow[] = [];
  for (const days of UPCOMING_STEPS_DAYS) {
    const to = new Date(now.getTime() + days * DAY_MS);
    rows = await visibleRows(db, userId, { ...query, from: now, to });
    if (query.limit === undefined || rows.length >= query.limit) break;
  }
  return rows;
}

/** The window a list reads, from its parameters (see the file's comment for the rules). */
function windowOf(
  input: NonNullable<ListEventsInput>,
  zone: string,
  now: Date,
): PlanWindow | "upcoming" {
  if (input.date) return dayWindow(input.date, zone);
  if (input.from || input.to) {
    const from = input.from ?? addDays(input.to as string, -DEFAULT_WINDOW_DAYS_BEFORE);
    const to = input.to ?? addDays(from, DEFAULT_WINDOW_DAYS_AFTER);
    if (dayCount(from, to) > RANGE_DAYS_MAX) {
      throw new AppError("VALIDATION_FAILED", messages.rangeTooLong, {
        issues: [{ path: "to", message: messages.rangeTooLong }],
      });
    }
    return daysWindow(from, to, zone);
  }
  if (input.upcoming) return "upcoming";
  return defaultWindow(now, zone);
}

/**
 * GET /api/events, /api/events/all and their aliases: a day (`date`), the upcoming plans
 * (`upcoming`, `limit`), a range (`from`, `to`), one circle (`circleId` or `circle`), one type.
 */
export async function listEvents({
  deps,
  caller,
  input,
}: Call<ListEventsInput, SignedInCaller>): Promise<PlanEvent[]> {
  const options = input ?? {};
  const { zone, circleIds, seriesWrittenThrough } = await scopeOf(
    deps.db,
    caller.userId,
    options.circleId ?? options.circle,
  );
  const now = deps.clock.now();
  const window = windowOf(options, zone, now);
  const query = {
    circleIds,
    seriesWrittenThrough,
    viewerZone: zone,
    types: options.type ? [options.type] : undefined,
    limit: options.limit ?? (window === "upcoming" ? UPCOMING_LIMIT_DEFAULT : undefined),
  };
  const rows =
    window === "upcoming"
      ? await upcomingRows(deps.db, caller.userId, query, now)
      : await visibleRows(deps.db, caller.userId, { ...query, from: window.from, to: window.to });
  return toPlanEvents(rows, { viewerZone: zone });
}

type MonthInput = { month: string; circleId?: number | undefined };

/** GET /api/events/calendar/{yyyy-MM}: the month's occurrences, on their days in the caller's zone. */
export async function calendarMonth({
  deps,
  caller,
  input,
}: Call<MonthInput, SignedInCaller>): Promise<PlanEvent[]> {
  const { zone, circleIds, seriesWrittenThrough } = await scopeOf(
    deps.db,
    caller.userId,
    input.circleId,
  );
  const window = monthWindow(input.month, zone);
  const rows = await visibleRows(deps.db, caller.userId, {
    circleIds,
    seriesWrittenThrough,
    from: window.from,
    to: window.to,
    viewerZone: zone,
  });
  return toPlanEvents(rows, { viewerZone: zone });
}

/**
 * GET /api/events/calendar-summary/{yyyy-MM}: a few sentences about the month, written by rules
 * from the same occurrences the calendar shows (calendar-summary.ts).
 */
export async function calendarSummary(
  call: Call<MonthInput, SignedInCaller>,
): Promise<{ summary: string }> {
  return { summary: writeCalendarSummary(call.input.month, await calendarMonth(call)) };
}

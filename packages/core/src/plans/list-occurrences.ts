/**
 * Reading plans by date range: the one way lists, days and the month's grid find occurrences
 * (docs/decisions/009). A read is one indexed range query over the rows write-occurrences.ts
 * wrote; a read reaching past a series' horizon extends it first.
 */

import { type Executor, planOnce, queryRows } from "@circleplan/db/client";
import { addDays, dayIn, startOfDay } from "@circleplan/shared/days";
import type { PlanType } from "@circleplan/shared/limits";
import { type SQL, sql } from "drizzle-orm";
import { circleIdsOfMember } from "../circles/access";
import { decodeFound, FOUND_PLANS, FOUND_ROW, type FoundOccurrences } from "./occurrence-json";
import { hiddenFrom, shownField, startInstantIn } from "./occurrence-sql";
import type { OccurrenceRow } from "./plan-rows";
import { extendOccurrences } from "./write-occurrences";

export interface OccurrenceQuery {
  /**
   * The circles to read (the caller of this function decides which the viewer may read): these
   * ids, or every circle `memberOf` belongs to (read in the same statement as the occurrences).
   */
  circleIds?: number[] | undefined;
  memberOf?: number | undefined;
  /** Occurrences starting in [from, to). All-day ones by day: the viewer's days the range touches. */
  from: Date;
  to: Date;
  /** The viewer's zone: which days [from, to) covers, and where an all-day plan sorts. */
  viewerZone: string;
  /** Only these plans. */
  planIds?: number[] | undefined;
  /** Only plans of these types. */
  types?: readonly PlanType[] | undefined;
  /** Only tasks assigned to this user. */
  assignedTo?: number | undefined;
  /** Only plans created by this user. */
  creatorId?: number | undefined;
  /** At most this many, the earliest first. */
  limit?: number | undefined;
  /** Leave out what this viewer must not see (hiddenFrom). */
  visibleTo?: number | undefined;
}

const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * "`column` is one of the circles the query reads". A member's circles are an array the statement
 * computes first (`= any(array(...))`), which the planner takes into the index scan as it does a
 * list of ids; `in (select ...)` made it scan every circle's range and filter.
 */
function inCirclesOf(query: OccurrenceQuery, column: string): SQL {
  if (query.memberOf !== undefined) {
    return sql`${sql.raw(column)} = any(array(${circleIdsOfMember(query.memberOf)}))`;
  }
  return sql`${sql.raw(column)} in (${idList(query.circleIds ?? [])})`;
}

/**
 * The statement that finds a query's occurrences (`o`; `p` its plan when a filter needs it) with
 * where each sorts: `sort_at` is an all-day one's midnight in the viewer's zone, and at equal
 * times the all-day ones (`timed` false) come first. Sorted here only to cut at `limit`; the
 * callers order what they build.
 */
function findOccurrences(query: OccurrenceQuery, columns: SQL): SQL {
  const fromDay = dayIn(query.from, query.viewerZone);
  const lastDay = dayIn(new Date(query.to.getTime() - 1), query.viewerZone);
  const needsPlans = query.types || query.assignedTo !== undefined || query.creatorId !== undefined;
  const filters: SQL[] = [];
  if (query.planIds) filters.push(sql` and o.plan_id in (${idList(query.planIds)})`);
  if (query.types) filters.push(sql` and p.type in (${idList(query.types)})`);
  if (query.assignedTo !== undefined) filters.push(sql` and p.assigned_to = ${query.assignedTo}`);
  if (query.creatorId !== undefined) filters.push(sql` and p.creator_id = ${query.creatorId}`);
  // The plans hidden from the viewer, found once (an index holds only withdrawn tasks): joining
  // every occurrence's plan to test each cost the upcoming list half its speed.
  if (query.visibleTo !== undefined) {
    filters.push(
      sql` and o.plan_id not in (select p.id from plans p where ${hiddenFrom(query.visibleTo)})`,
    );
  }
  return sql`select ${columns},
      ${startInstantIn(sql`${query.viewerZone}`)} as sort_at,
      o.starts_at is not null as timed
    from plan_occurrences o${needsPlans ? sql` join plans p on p.id = o.plan_id` : sql``}
    where ${inCirclesOf(query, "o.circle_id")} and o.is_cancelled = false
      and ((o.starts_at >= ${query.from.toISOString()}::timestamptz
            and o.starts_at < ${query.to.toISOString()}::timestamptz)
        or (o.start_date >= ${fromDay}::date and o.start_date <= ${lastDay}::date))${sql.join(filters)}${
          query.limit === undefined
            ? sql``
            : sql` order by sort_at, timed, o.plan_id limit ${query.limit}`
        }`;
}

/** How far the query's circles' series are written (epoch ms; null: they hold none). */
function writtenThrough(query: OccurrenceQuery): SQL {
  return sql`(select extract(epoch from min(s.expanded_until)) * 1000 from plans s
    where ${inCirclesOf(query, "s.circle_id")} and s.expanded_until is not null)::float8 as written_through`;
}

/**
 * Runs a read that answers `written_through` with what it found; when the circles' series are
 * written short of the query's end, extends them and reads again (rare: a year and a half
 * ahead, once).
 */
async function readWritten<T extends { writtenThrough: Date | null }>(
  db: Executor,
  query: OccurrenceQuery,
  read: () => Promise<T>,
): Promise<T> {
  const found = await read();
  const bound = extensionBound(query.to);
  if (found.writtenThrough === null || found.writtenThrough >= bound) return found;
  await extendSeriesReaching(db, query, bound);
  return read();
}

const instantOf = (value: number | string | null) =>
  value === null ? null : new Date(Number(value));

/**
 * The occurrences of the given circles' plans that start in [from, to), in start order (ties: the
 * all-day ones first, then by plan), without cancelled ones. One statement, which also answers
 * how far the circles' series are written: a read reaching past that extends them first and
 * reads again (rare: a year and a half ahead). The caller decides which circles the viewer may
 * read (circleAccess or the viewer's memberships).
 */
export async function listOccurrences(
  db: Executor,
  query: OccurrenceQuery,
): Promise<OccurrenceRow[]> {
  if (query.memberOf === undefined && (query.circleIds ?? []).length === 0) return [];
  if (query.from >= query.to) return [];
  const { occurrences, plans: byId } = await readWritten(db, query, () => readAsJson(db, query));
  return occurrences.flatMap((occurrence) => {
    const plan = byId.get(occurrence.planId);
    return plan ? [{ ...plan, occurrence }] : [];
  });
}

/** One day of a month's grid (plan-views.ts calendarDays). */
export interface OccurrenceDay {
  date: string;
  count: number;
  /** The colours of its first two occurrences: the plan's (or the occurrence's own), else the circle's. */
  colors: string[];
}

/**
 * What a month's grid shows, per day of the viewer's zone that holds occurrences: how many, and
 * the first two's colours, in the order listOccurrences answers them. One statement; the
 * occurrences are counted where they are, never sent.
 */
export async function occurrenceDays(
  db: Executor,
  query: Omit<OccurrenceQuery, "limit">,
): Promise<OccurrenceDay[]> {
  if (query.memberOf === undefined && (query.circleIds ?? []).length === 0) return [];
  if (query.from >= query.to) return [];
  // An instant's day by the viewer's midnights, looked up among the month's (width_bucket),
  // costs a third of converting each start to the zone.
  const fromDay = dayIn(query.from, query.viewerZone);
  const midnights = [query.from];
  for (let day = addDays(fromDay, 1); ; day = addDays(day, 1)) {
    const midnight = startOfDay(day, query.viewerZone);
    if (midnight >= query.to) break;
    midnights.push(midnight);
  }
  midnights.push(query.to);
  const bounds = `{${midnights.map((instant) => instant.toISOString()).join(",")}}`;
  const columns = sql`o.plan_id, o.circle_id, o.starts_at, o.overrides,
    coalesce(o.start_date - ${fromDay}::date,
      width_bucket(o.starts_at, (select ${bounds}::timestamptz[])) - 1) as day`;
  // Each day's occurrences are ranked in the lists' order (within a day: the all-day ones, then
  // by start; days as numbers, which sort faster than text) and counted; only the first two of a
  // day meet their plan and circle for the colour: the one it shows by the override rule
  // (occurrence-sql.ts), else its circle's.
  const { days } = await readWritten(db, query, async () => {
    const [answer] = await queryRows<{ days: string; written_through: number | string | null }>(
      db,
      sql`${planOnce}with found as (${findOccurrences(query, columns)}),
        ranked as (
          select found.*, count(*) over by_day as n,
            row_number() over (by_day order by timed, starts_at, plan_id) as rank
          from found window by_day as (partition by day))
        select
          (select coalesce(json_agg(json_build_array((${fromDay}::date + day)::text, n, colors)
              order by day), '[]')
            from (select r.day, max(r.n)::int as n,
                    array_agg(coalesce(${shownField("eventColor", { occurrence: "r", plan: "p" })},
                      c.color) order by r.rank) as colors
                  from ranked r
                  join plans p on p.id = r.plan_id
                  join circles c on c.id = r.circle_id
                  where r.rank <= 2
                  group by r.day) by_day)::text as days,
          ${writtenThrough(query)}`,
    );
    return {
      days: JSON.parse(answer?.days ?? "[]") as [string, number, string[]][],
      writtenThrough: instantOf(answer?.written_through ?? null),
    };
  });
  return days.map(([date, count, colors]) => ({ date, count, colors }));
}

/**
 * The occurrences a query selects and each of their plans once (with its circle, creator and
 * assignee), their attachments, and how far the circles' series are written, in one round trip
 * answered as JSON texts rather than as rows (occurrence-json.ts).
 */
async function readAsJson(
  db: Executor,
  query: OccurrenceQuery,
): Promise<FoundOccurrences & { writtenThrough: Date | null }> {
  const [answer] = await queryRows<{
    occurrences: string;
    plans: string;
    attachments: string;
    written_through: number | string | null;
  }>(
    db,
    sql`${planOnce}with found as (${findOccurrences(query, sql`o.*`)})
      select
        (select coalesce(json_agg(${FOUND_ROW} order by found.sort_at, found.timed, found.plan_id), '[]') from found)::text as occurrences,
        ${FOUND_PLANS},
        ${writtenThrough(query)}`,
  );
  return {
    ...decodeFound(answer),
    writtenThrough: instantOf(answer?.written_through ?? null),
  };
}

/** How far series must be written for a read that ends at `to`. */
const extensionBound = (to: Date) => new Date(to.getTime() + 2 * 24 * 60 * 60 * 1000);

/**
 * Extends the series of the query's circles whose written occurrences stop before `through`. The margin
 * of two days (extensionBound) covers every zone's offset from UTC, in which an all-day series'
 * bound is kept.
 */
async function extendSeriesReaching(db: Executor, query: OccurrenceQuery, through: Date) {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select p.id from plans p where ${inCirclesOf(query, "p.circle_id")}
      and expanded_until is not null and expanded_until < ${through.toISOString()}::timestamptz`,
  );
  for (const { id } of due) {
    await db.transaction((tx) => extendOccurrences(tx, Number(id), through));
  }
}

/**
 * Reading plans by date range: the one way lists, days and the month's grid find occurrences
 * (docs/decisions/009, 016). A read is one indexed range query over the rows write-occurrences.ts
 * wrote. Where a series' rows stop short of the range (its written window is around now: a read
 * a year and a half ahead, or months back), the same statement says so, and the read answers
 * those series' occurrences by expanding their rules in memory over its own days. No read writes.
 */

import { type Executor, planOnce, queryRows } from "@circleplan/db/client";
import { addDays, dayIn, startOfDay, startsOfDays } from "@circleplan/shared/days";
import type { PlanType } from "@circleplan/shared/limits";
import { lastTimedDay, spanDaysWithin } from "@circleplan/shared/plan-span";
import { type SQL, sql } from "drizzle-orm";
import { circleIdsOfMember } from "../circles/access";
import { decodeFound, FOUND_PLANS, FOUND_ROW, type FoundOccurrences } from "./occurrence-json";
import { hiddenFrom, overlapsRange, shownField, startInstantIn } from "./occurrence-sql";
import { dayToUtc } from "./plan-days";
import type { OccurrenceRecord, OccurrenceRow } from "./plan-rows";
import { keyOf } from "./series-window";
import { unwrittenOccurrences } from "./unwritten-occurrences";

export interface OccurrenceQuery {
  /**
   * The circles to read (the caller of this function decides which the viewer may read): these
   * ids, or every circle `memberOf` belongs to (read in the same statement as the occurrences).
   */
  circleIds?: number[] | undefined;
  memberOf?: number | undefined;
  /**
   * Occurrences covering part of [from, to), those that began earlier included (occurrence-sql.ts
   * overlapsRange). All-day ones by day: the viewer's days the range touches.
   */
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
  /** After skipping this many (with `limit`: a page of the list). */
  offset?: number | undefined;
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
 * The query's filters on a plan: `planId` is the column holding the plan's id, `p` the plan
 * when a filter needs it.
 */
function planFilters(query: OccurrenceQuery, planId: string): SQL[] {
  const id = sql.raw(planId);
  const filters: SQL[] = [];
  if (query.planIds) filters.push(sql` and ${id} in (${idList(query.planIds)})`);
  if (query.types) filters.push(sql` and p.type in (${idList(query.types)})`);
  if (query.assignedTo !== undefined) filters.push(sql` and p.assigned_to = ${query.assignedTo}`);
  if (query.creatorId !== undefined) filters.push(sql` and p.creator_id = ${query.creatorId}`);
  // The plans hidden from the viewer, found once (an index holds only withdrawn tasks): joining
  // every occurrence's plan to test each cost the upcoming list half its speed.
  if (query.visibleTo !== undefined) {
    filters.push(
      sql` and ${id} not in (select p.id from plans p where ${hiddenFrom(query.visibleTo)})`,
    );
  }
  return filters;
}

/** The viewer's days [from, to) touches: all-day occurrences are read by these. */
function daysOf(query: OccurrenceQuery): { fromDay: string; lastDay: string } {
  return {
    fromDay: dayIn(query.from, query.viewerZone),
    lastDay: dayIn(new Date(query.to.getTime() - 1), query.viewerZone),
  };
}

/**
 * The statement that finds a query's occurrences (`o`; `p` its plan when a filter needs it) with
 * where each sorts: `sort_at` is an all-day one's midnight in the viewer's zone, and at equal
 * times the all-day ones (`timed` false) come first. Sorted here only to cut at `limit`; the
 * callers order what they build.
 */
function findOccurrences(query: OccurrenceQuery, columns: SQL): SQL {
  const { fromDay, lastDay } = daysOf(query);
  const needsPlans = query.types || query.assignedTo !== undefined || query.creatorId !== undefined;
  return sql`select ${columns},
      ${startInstantIn(sql`${query.viewerZone}`)} as sort_at,
      o.starts_at is not null as timed
    from plan_occurrences o${needsPlans ? sql` join plans p on p.id = o.plan_id` : sql``}
    where ${inCirclesOf(query, "o.circle_id")} and o.is_cancelled = false
      and ${overlapsRange({ from: query.from, to: query.to, fromDay, lastDay })}${sql.join(
        planFilters(query, "o.plan_id"),
      )}${
        query.limit === undefined
          ? sql``
          : sql` order by sort_at, timed, o.plan_id limit ${query.limit} offset ${query.offset ?? 0}`
      }`;
}

/** How long each occurrence of the series `alias` lasts (all-day: its days after the first). */
const seriesSpan = (alias: string) =>
  sql.raw(
    `coalesce(${alias}.ends_at - ${alias}.starts_at, (${alias}.end_date - ${alias}.start_date) * interval '1 day', interval '0')`,
  );

/**
 * Where the query's circles' series are written: the latest start of a written window, moved on
 * by its series' length (an unwritten occurrence before it may run that far into a read), and
 * the earliest end (epoch ms; null: no series' rows stop there).
 */
function writtenWindow(query: OccurrenceQuery): SQL {
  return sql`(select extract(epoch from max(s.expanded_from + ${seriesSpan("s")})) * 1000 from plans s
      where ${inCirclesOf(query, "s.circle_id")} and s.expanded_from is not null)::float8 as written_from,
    (select extract(epoch from min(s.expanded_until)) * 1000 from plans s
      where ${inCirclesOf(query, "s.circle_id")} and s.expanded_until is not null)::float8 as written_through`;
}

/** Where the circles' series are written, as a read found it. */
interface Written {
  writtenFrom: Date | null;
  writtenThrough: Date | null;
}

const instantOf = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(Number(value));

const writtenOf = (
  answer:
    | { written_from?: number | string | null; written_through?: number | string | null }
    | undefined,
): Written => ({
  writtenFrom: instantOf(answer?.written_from),
  writtenThrough: instantOf(answer?.written_through),
});

/**
 * The margin of two days around a read covers every zone's offset from UTC, in which an
 * all-day series' window is kept.
 */
const MARGIN_MS = 2 * 24 * 60 * 60 * 1000;

/** Whether every series' rows hold the whole of the query's range. */
function isCovered(query: OccurrenceQuery, written: Written): boolean {
  const from = query.from.getTime() - MARGIN_MS;
  const to = query.to.getTime() + MARGIN_MS;
  return (
    (written.writtenFrom === null || written.writtenFrom.getTime() <= from) &&
    (written.writtenThrough === null || written.writtenThrough.getTime() >= to)
  );
}

/**
 * The occurrences of the given circles' plans that overlap [from, to) (decision 023, "Plans over
 * several days": begun before it and still under way count), in start order (ties: the
 * all-day ones first, then by plan), without cancelled ones; with `limit` (and `offset`) a page
 * of them. One statement, which also answers where the circles' series are written: a read
 * reaching outside that adds the series' unwritten occurrences (withUnwritten). The caller
 * decides which circles the viewer may read (circleAccess or the viewer's memberships).
 */
export async function listOccurrences(
  db: Executor,
  query: OccurrenceQuery,
): Promise<OccurrenceRow[]> {
  if (query.memberOf === undefined && (query.circleIds ?? []).length === 0) return [];
  if (query.from >= query.to) return [];
  const found = await readAsJson(db, query);
  const { occurrences, plans: byId } = isCovered(query, found)
    ? found
    : await withUnwritten(db, query, found);
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
  /** Its first three occurrences' titles and colours, for a wide grid's lines (issue 21). */
  previews: { title: string; color: string }[];
}

/** How many plans a day of the month grid names (issue 21: "+N more" for the rest). */
const PREVIEWS_PER_DAY = 3;

/**
 * What a month's grid shows, per day of the viewer's zone that holds occurrences: how many, and
 * the first names' colours, all-day plans first, then by start, each on every day it covers
 * (decision 023). One statement; the
 * occurrences are counted where they are, never sent. A month outside some series' written
 * windows is counted here from its occurrences instead (rows and rules, as a list reads them).
 */
export async function occurrenceDays(
  db: Executor,
  query: Omit<OccurrenceQuery, "limit">,
): Promise<OccurrenceDay[]> {
  if (query.memberOf === undefined && (query.circleIds ?? []).length === 0) return [];
  if (query.from >= query.to) return [];
  // An instant's day by the viewer's midnights, looked up among the month's (width_bucket),
  // costs a third of converting each start to the zone.
  const { fromDay, lastDay } = daysOf(query);
  const midnights = [
    query.from,
    ...startsOfDays(addDays(fromDay, 1), lastDay, query.viewerZone).filter(
      (midnight) => midnight < query.to,
    ),
    query.to,
  ];
  const boundsOf = (instants: Date[]) =>
    sql`(select ${`{${instants.map((instant) => instant.toISOString()).join(",")}}`}::timestamptz[])`;
  const bounds = boundsOf(midnights);
  // An end's day: the same bounds a millisecond on, so an end at midnight is the day before's.
  const endBounds = boundsOf(midnights.map((midnight) => new Date(midnight.getTime() + 1)));
  const lastDayIndex = midnights.length - 2;
  // An occurrence counts on every day it covers (decision 023, "Plans over several days"),
  // clipped to the range's days. Its first day, from its start (-1: it began before the range):
  const firstDayOf = (alias: string) => {
    const o = sql.raw(alias);
    return sql`coalesce(${o}.start_date - ${fromDay}::date, width_bucket(${o}.starts_at, ${bounds}) - 1)`;
  };
  // Its last day: an all-day one's last; a timed one's end's, an end at midnight not covering
  // the day it opens.
  const lastDayOf = (alias: string) => {
    const o = sql.raw(alias);
    return sql`least(coalesce(coalesce(${o}.end_date, ${o}.start_date) - ${fromDay}::date,
      width_bucket(${o}.ends_at, ${endBounds}) - 1, ${firstDayOf(alias)}), ${lastDayIndex})`;
  };
  const columns = sql`o.id, o.plan_id, o.starts_at, o.ends_at, o.start_date, o.end_date,
    ${firstDayOf("o")} as first_day`;
  // Each first visible day's occurrences are ranked in the lists' order (within a day: the
  // all-day ones, then by start; days as numbers, which sort faster than text) and counted in
  // the same pass over the sorted ids. A day keeps the ids of its first three and of those that
  // may go on to a later day (a timed one ending after its first day's next midnight, an all-day
  // one over several days); only these few are read again, for their exact last day and for the
  // title and colour they show by the override rule (occurrence-sql.ts), else their circle's
  // colour. spreadDays adds those going on to their later days: spreading every occurrence in
  // the statement cost the busy month's grid half as much again, and carrying every
  // occurrence's columns and last day through the sort, with a second window to count, a tenth
  // more (bench notes, issue 23). `offset 0` computes each first day once.
  const [answer] = await queryRows<{
    days: string;
    shown: string;
    written_from: number | string | null;
    written_through: number | string | null;
  }>(
    db,
    sql`${planOnce}with found as (${findOccurrences(query, columns)} offset 0),
      ranked as (
        select f.id, greatest(f.first_day, 0) as day,
          case when f.timed then f.ends_at >= (${endBounds})[f.first_day + 2]
            else f.end_date > f.start_date end as goes_on,
          row_number() over (partition by greatest(f.first_day, 0)
            order by f.timed, f.starts_at, f.plan_id) as rank
        from found f),
      days as materialized (
        select r.day, count(*)::int as n,
          coalesce(array_agg(r.id) filter (where r.rank <= ${PREVIEWS_PER_DAY}), '{}') as firsts,
          coalesce(array_agg(r.id) filter (where r.goes_on), '{}') as going_on
        from ranked r group by r.day)
      select
        (select coalesce(json_agg(json_build_array(d.day, d.n, d.firsts, d.going_on)), '[]')
          from days d)::text as days,
        (select coalesce(json_agg(json_build_array(x.id, ${lastDayOf("x")},
            coalesce(${shownField("eventColor", { occurrence: "x", plan: "p" })}, c.color),
            ${shownField("title", { occurrence: "x", plan: "p" })},
            x.starts_at is not null, extract(epoch from x.starts_at), x.plan_id)), '[]')
          from plan_occurrences x
          join plans p on p.id = x.plan_id
          join circles c on c.id = x.circle_id
          where x.id = any(array(select unnest(d.firsts || d.going_on) from days d)))::text as shown,
        ${writtenWindow(query)}`,
  );
  if (!isCovered(query, writtenOf(answer))) return daysOfRows(await collect(db, query), query);
  return spreadDays(
    fromDay,
    statementDays(
      JSON.parse(answer?.days ?? "[]") as RankedDay[],
      JSON.parse(answer?.shown ?? "[]") as ShownRow[],
    ),
  );
}

/**
 * A day as the statement ranks it: its index from the range's first day, how many occurrences
 * start in it, the ids of its first three, and of those that may go on to a later day.
 */
type RankedDay = [day: number, count: number, firsts: number[], goingOn: number[]];

/** An occurrence the statement read again: its id, last day (index), and how it shows. */
type ShownRow = [id: number, lastDay: number, ...shown: Shown];

/** The statement's days with the occurrences they name, those going on only if they do. */
function statementDays(days: RankedDay[], rows: ShownRow[]): StatementDay[] {
  const byId = new Map(
    rows.map(([id, lastDay, ...shown]) => [id, { lastDay, shown: shown as Shown }]),
  );
  return days.map(([day, count, firsts, goingOn]) => [
    day,
    count,
    firsts.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row.shown] : [];
    }),
    goingOn.flatMap((id): [number, Shown][] => {
      const row = byId.get(id);
      return row && row.lastDay > day ? [[row.lastDay, row.shown]] : [];
    }),
  ]);
}

/** An occurrence as the grid shows it: colour, title, and its place in a day (timed, start, plan). */
type Shown = [color: string, title: string, timed: boolean, start: number | null, planId: number];

/**
 * A day of the grid's statement: its index from the range's first day, how many occurrences
 * it counts, its first three, and those going on to a later day (up to the index of their last).
 */
type StatementDay = [day: number, count: number, firsts: Shown[], later: [number, Shown][]];

/** The statement's order of a day: the all-day ones, then by start, then by plan. */
const shownOrder = (a: Shown, b: Shown) =>
  Number(a[2]) - Number(b[2]) || (a[3] ?? 0) - (b[3] ?? 0) || a[4] - b[4];

/**
 * The grid's days from the statement's: each occurrence that goes on is counted, and may be
 * named, on every later day it covers; a day's first three are then the earliest of its own
 * first three and those.
 */
function spreadDays(fromDay: string, statementDays: StatementDay[]): OccurrenceDay[] {
  const byIndex = new Map<number, { count: number; shown: Shown[] }>();
  const dayAt = (index: number) => {
    let day = byIndex.get(index);
    if (!day) {
      day = { count: 0, shown: [] };
      byIndex.set(index, day);
    }
    return day;
  };
  for (const [index, count, firsts, later] of statementDays) {
    const day = dayAt(index);
    day.count += count;
    day.shown.push(...firsts);
    for (const [last, shown] of later) {
      for (let next = index + 1; next <= last; next++) {
        const nextDay = dayAt(next);
        nextDay.count += 1;
        nextDay.shown.push(shown);
      }
    }
  }
  return [...byIndex]
    .sort(([a], [b]) => a - b)
    .map(([index, { count, shown }]) => {
      const firsts = shown.sort(shownOrder).slice(0, PREVIEWS_PER_DAY);
      return {
        date: addDays(fromDay, index),
        count,
        colors: firsts.slice(0, 2).map(([color]) => color),
        previews: firsts.map(([color, title]) => ({ title, color })),
      };
    });
}

/** collectOccurrences for a whole range (no page). */
async function collect(db: Executor, query: Omit<OccurrenceQuery, "limit">) {
  const found = await readAsJson(db, query);
  const { occurrences, plans: byId } = await withUnwritten(db, query, found);
  return occurrences.flatMap((occurrence) => {
    const plan = byId.get(occurrence.planId);
    return plan ? [{ ...plan, occurrence }] : [];
  });
}

/**
 * The grid's days counted from rows already read (the occurrence statement's rule, written
 * again for a month outside the written windows): per day of the viewer's zone each occurrence
 * covers, the count and the first two's colours (an occurrence's own colour, else its plan's,
 * else its circle's).
 */
function daysOfRows(rows: OccurrenceRow[], query: OccurrenceQuery): OccurrenceDay[] {
  const { fromDay, lastDay } = daysOf(query);
  const byDay = new Map<string, OccurrenceDay>();
  // Each day's all-day occurrences first, then the timed by start (the statement's rank).
  const ordered = [...rows].sort(
    (a, b) =>
      Number(a.occurrence.startsAt !== null) - Number(b.occurrence.startsAt !== null) ||
      (a.occurrence.startsAt?.getTime() ?? 0) - (b.occurrence.startsAt?.getTime() ?? 0) ||
      a.plan.id - b.plan.id,
  );
  for (const row of ordered) {
    const { occurrence, plan, circle } = row;
    const span = occurrence.startDate
      ? { first: occurrence.startDate, last: occurrence.endDate ?? occurrence.startDate }
      : {
          first: dayIn(occurrence.startsAt as Date, query.viewerZone),
          last: lastTimedDay(occurrence.startsAt as Date, occurrence.endsAt, query.viewerZone),
        };
    const own = occurrence.overrides ?? {};
    const color = ("eventColor" in own ? own.eventColor : plan.eventColor) ?? circle.color;
    const title = "title" in own && typeof own.title === "string" ? own.title : plan.title;
    for (const date of spanDaysWithin(span, fromDay, lastDay)) {
      const day = byDay.get(date) ?? { date, count: 0, colors: [], previews: [] };
      day.count += 1;
      if (day.previews.length < PREVIEWS_PER_DAY) {
        if (day.colors.length < 2) day.colors.push(color);
        day.previews.push({ title, color });
      }
      byDay.set(date, day);
    }
  }
  return [...byDay.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The occurrences a query selects and each of their plans once (with its circle, creator and
 * assignee), their attachments, and how far the circles' series are written, in one round trip
 * answered as JSON texts rather than as rows (occurrence-json.ts).
 */
async function readAsJson(
  db: Executor,
  query: OccurrenceQuery,
): Promise<FoundOccurrences & Written> {
  const [answer] = await queryRows<{
    occurrences: string;
    plans: string;
    attachments: string;
    written_from: number | string | null;
    written_through: number | string | null;
  }>(
    db,
    sql`${planOnce}with found as (${findOccurrences(query, sql`o.*`)})
      select
        (select coalesce(json_agg(${FOUND_ROW} order by found.sort_at, found.timed, found.plan_id), '[]') from found)::text as occurrences,
        ${FOUND_PLANS},
        ${writtenWindow(query)}`,
  );
  return { ...decodeFound(answer), ...writtenOf(answer) };
}

/**
 * A read outside some series' written windows (docs/decisions/016): the rows the statement found
 * (read again without the page's offset when the query is a page: the page is cut after the
 * merge), plus, for each series of the query's circles whose rows stop short of the range, its
 * occurrences there expanded in memory, less those with a row of their own. Two statements
 * more: the series with their plans, circles and people, and the rows of theirs in the range.
 * A page expands the range a month at a time and stops once it holds the page: everything
 * before a month's end is known by then, so a year of a hundred daily series costs a month of
 * them.
 */
async function withUnwritten(
  db: Executor,
  query: OccurrenceQuery,
  found: FoundOccurrences,
): Promise<FoundOccurrences> {
  const page = query.limit === undefined ? null : { offset: query.offset ?? 0, limit: query.limit };
  const rows =
    page && page.offset > 0
      ? await readAsJson(db, { ...query, offset: 0, limit: page.offset + page.limit })
      : found;
  const series = await seriesReaching(db, query);
  const occurrences: OccurrenceRecord[] = [...rows.occurrences];
  const plans = new Map(rows.plans);
  const needed = page ? page.offset + page.limit : Number.POSITIVE_INFINITY;
  let unwrittenCount = 0;
  const { fromDay } = daysOf(query);
  for (const [index, chunk] of chunksOf(query).entries()) {
    for (const [id, plan] of series.plans) {
      const taken = series.taken.get(id) ?? new Set<string>();
      // The first stretch reaches back by the series' length, for an occurrence that began
      // before the range and runs into it; one that ended by then is left out.
      // An hour more: an occurrence over an autumn clock change runs an hour longer than the
      // first one, whose length this is.
      const back = index === 0 ? spanMs(plan.plan) + (spanMs(plan.plan) > 0 ? 60 * 60_000 : 0) : 0;
      const range = plan.plan.allDay
        ? { from: new Date(dayToUtc(chunk.firstDay).getTime() - back), to: dayToUtc(chunk.endDay) }
        : { from: new Date(chunk.from.getTime() - back), to: chunk.to };
      const unwritten = (
        await unwrittenOccurrences(plan.plan, range, (key) => taken.has(key))
      ).filter((occurrence) =>
        occurrence.startDate !== null
          ? (occurrence.endDate ?? occurrence.startDate) >= fromDay
          : (occurrence.startsAt as Date) >= query.from ||
            (occurrence.endsAt !== null && occurrence.endsAt > query.from),
      );
      if (unwritten.length === 0) continue;
      occurrences.push(...unwritten);
      plans.set(id, plan);
      unwrittenCount += unwritten.length;
    }
    if (unwrittenCount >= needed) break;
  }
  const sorted = sortedLikeTheStatement(occurrences, query.viewerZone);
  return {
    occurrences: page ? sorted.slice(page.offset, page.offset + page.limit) : sorted,
    plans,
  };
}

/** How long each occurrence of a series lasts, in ms (all-day: its days after the first). */
function spanMs(plan: OccurrenceRow["plan"]): number {
  if (plan.startsAt && plan.endsAt) return plan.endsAt.getTime() - plan.startsAt.getTime();
  if (plan.startDate && plan.endDate)
    return dayToUtc(plan.endDate).getTime() - dayToUtc(plan.startDate).getTime();
  return 0;
}

/** Days a far read expands at a time. */
const CHUNK_DAYS = 31;

/**
 * The query's range in stretches of CHUNK_DAYS of the viewer's days: each as instants (timed
 * series) and as days, `endDay` excluded (all-day series).
 */
function chunksOf(query: OccurrenceQuery) {
  const { fromDay, lastDay } = daysOf(query);
  const afterLast = addDays(lastDay, 1);
  const chunks: { from: Date; to: Date; firstDay: string; endDay: string }[] = [];
  for (let day = fromDay; day <= lastDay; ) {
    let endDay = addDays(day, CHUNK_DAYS);
    if (endDay > afterLast) endDay = afterLast;
    chunks.push({
      from: day === fromDay ? query.from : startOfDay(day, query.viewerZone),
      to: endDay === afterLast ? query.to : startOfDay(endDay, query.viewerZone),
      firstDay: day,
      endDay,
    });
    day = endDay;
  }
  return chunks;
}

/**
 * The series of the query's circles (with the query's filters) whose written window misses part
 * of its range and that start before it ends, each with its plan, circle, people and
 * attachments; and the original starts of their rows in the range (reaching back by each
 * series' length), by plan.
 */
async function seriesReaching(
  db: Executor,
  query: OccurrenceQuery,
): Promise<{ plans: FoundOccurrences["plans"]; taken: Map<number, Set<string>> }> {
  const from = new Date(query.from.getTime() - MARGIN_MS).toISOString();
  const to = new Date(query.to.getTime() + MARGIN_MS).toISOString();
  const { fromDay, lastDay } = daysOf(query);
  const [answer] = await queryRows<{ plans: string; attachments: string; taken: string }>(
    db,
    sql`with found as (select p.id as plan_id from plans p
        where ${inCirclesOf(query, "p.circle_id")} and p.recurrence is not null
          and (p.expanded_from + ${seriesSpan("p")} > ${from}::timestamptz
            or p.expanded_until < ${to}::timestamptz)
          and coalesce(p.starts_at, p.start_date::timestamp at time zone 'UTC') < ${to}::timestamptz${sql.join(
            planFilters(query, "p.id"),
          )})
      select ${FOUND_PLANS},
        (select coalesce(json_agg(json_build_array(o.plan_id, o.original_start, o.original_date)), '[]')
          from plan_occurrences o join plans s on s.id = o.plan_id
          where o.plan_id in (select plan_id from found)
            and ((o.original_start >= ${query.from.toISOString()}::timestamptz - ${seriesSpan("s")}
                  and o.original_start < ${query.to.toISOString()}::timestamptz)
              or (o.original_date >= ${fromDay}::date - coalesce(s.end_date - s.start_date, 0)
                  and o.original_date <= ${lastDay}::date)))::text as taken`,
  );
  const { plans } = decodeFound(answer && { ...answer, occurrences: "[]" });
  const taken = new Map<number, Set<string>>();
  for (const [planId, start, date] of JSON.parse(answer?.taken ?? "[]") as [
    number,
    string | null,
    string | null,
  ][]) {
    const keys = taken.get(planId) ?? new Set<string>();
    keys.add(keyOf({ originalStart: start === null ? null : new Date(start), originalDate: date }));
    taken.set(planId, keys);
  }
  return { plans, taken };
}

/**
 * Occurrences in the statement's order (findOccurrences): by start, an all-day one at its
 * day's midnight in the viewer's zone; at equal times the all-day ones first, then by plan.
 */
function sortedLikeTheStatement(
  occurrences: OccurrenceRecord[],
  viewerZone: string,
): OccurrenceRecord[] {
  const midnights = new Map<string, number>();
  const sortAt = (occurrence: OccurrenceRecord) => {
    if (occurrence.startsAt) return occurrence.startsAt.getTime();
    const day = occurrence.startDate as string;
    let midnight = midnights.get(day);
    if (midnight === undefined) {
      midnight = startOfDay(day, viewerZone).getTime();
      midnights.set(day, midnight);
    }
    return midnight;
  };
  const keyed = occurrences.map((occurrence) => ({
    occurrence,
    at: sortAt(occurrence),
    timed: occurrence.startsAt !== null ? 1 : 0,
  }));
  keyed.sort(
    (a, b) =>
      a.at - b.at ||
      a.timed - b.timed ||
      a.occurrence.planId - b.occurrence.planId ||
      keyOf(a.occurrence).localeCompare(keyOf(b.occurrence)),
  );
  return keyed.map((entry) => entry.occurrence);
}

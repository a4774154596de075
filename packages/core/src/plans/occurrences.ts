/**
 * Plans as occurrences: the one way to read plans by date range, and the one place that writes
 * the rows it reads (docs/decisions/009).
 *
 * Expanding a rule costs time (500 weekly series over a month: ~100 ms with the library), so no
 * read expands one. Every plan's occurrences are rows of `plan_occurrences`, written when the plan
 * is written: one row for a one-off plan, one per occurrence for a series, up to a horizon
 * (`SERIES_HORIZON_MONTHS` ahead, `plans.expanded_until`). A read is then one indexed range query;
 * a read reaching past a series' horizon first extends it (rare: a year and a half ahead).
 *
 * Exceptions (an occurrence moved, edited, deleted or completed on its own) are the same rows
 * with their own state, keyed by the original start. Rewriting a series keeps the exceptions
 * whose original start the new rule still has and drops the others.
 */
import { type Executor, planOnce, queryRows, type Tx } from "@circleplan/db/client";
import { circles, planAttachments, planOccurrences, plans, users } from "@circleplan/db/schema";
import type { PlanType } from "@circleplan/shared/limits";
import {
  type AnyColumn,
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Temporal } from "temporal-polyfill";
import { type Attachment, type AttachmentRow, toAttachment } from "./attachments";
import {
  loadRecurrenceLibrary,
  type OriginalStart,
  occurrencesBetween,
  type RecurrenceRule,
  type SeriesStart,
  storedRule,
} from "./recurrence";

export type PlanRow = typeof plans.$inferSelect;
export type OccurrenceRecord = typeof planOccurrences.$inferSelect;

/** How far ahead a series' occurrences are written when it is written. */
export const SERIES_HORIZON_MONTHS = 18;
/** How far past the requested range a lazy extension writes, so the next reads need none. */
const EXTENSION_MONTHS = 12;
/** Rows per insert statement (Postgres allows 65,535 parameters per statement). */
const INSERT_BATCH = 1000;

/** One occurrence with everything an answer shows about it. */
export interface OccurrenceRow {
  plan: PlanRow;
  occurrence: OccurrenceRecord;
  circle: { id: number; name: string; color: string };
  creator: { id: number; firstName: string; lastName: string };
  /** The assignee, or the one a cancelled task was withdrawn from; null otherwise. */
  assignee: { id: number; firstName: string; lastName: string } | null;
  /** The plan's attachments, when the read carried them (listOccurrences does). */
  attachments?: readonly Attachment[] | undefined;
}

/** Where a plan's series starts (its anchor, RFC 5545's DTSTART). */
export function seriesStartOf(plan: PlanRow): SeriesStart {
  if (plan.allDay) {
    if (!plan.startDate) throw new Error(`all-day plan ${plan.id} has no start date`);
    return { allDay: true, date: plan.startDate };
  }
  if (!plan.startsAt) throw new Error(`timed plan ${plan.id} has no start`);
  return { allDay: false, start: plan.startsAt, timeZone: plan.timeZone };
}

const dayToUtc = (day: string) => new Date(`${day}T00:00:00Z`);

function addMonths(instant: Date, months: number): Date {
  return new Date(
    Temporal.Instant.fromEpochMilliseconds(instant.getTime())
      .toZonedDateTimeISO("UTC")
      .add({ months })
      .toInstant().epochMilliseconds,
  );
}

function addDays(day: string, days: number): string {
  return Temporal.PlainDate.from(day).add({ days }).toString();
}

function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(to, { largestUnit: "days" }).days;
}

/** The row an occurrence of `plan` has when nothing about it was changed on its own. */
function generatedRow(plan: PlanRow, original: OriginalStart) {
  if (original.allDay) {
    const length =
      plan.startDate && plan.endDate ? daysBetween(plan.startDate, plan.endDate) : null;
    return {
      planId: plan.id,
      circleId: plan.circleId,
      originalStart: null,
      originalDate: original.date,
      startsAt: null,
      endsAt: null,
      startDate: original.date,
      endDate: length === null ? null : addDays(original.date, length),
    };
  }
  const duration =
    plan.startsAt && plan.endsAt ? plan.endsAt.getTime() - plan.startsAt.getTime() : null;
  return {
    planId: plan.id,
    circleId: plan.circleId,
    originalStart: original.start,
    originalDate: null,
    startsAt: original.start,
    endsAt: duration === null ? null : new Date(original.start.getTime() + duration),
    startDate: null,
    endDate: null,
  };
}

/** The original start a row is keyed by, as a comparable string. */
function keyOf(row: { originalStart: Date | null; originalDate: string | null }): string {
  return row.originalDate ?? row.originalStart?.toISOString() ?? "";
}
function keyOfOriginal(original: OriginalStart): string {
  return original.allDay ? original.date : original.start.toISOString();
}

/** The instant a series starts at, for windows (all-day: its date at UTC midnight). */
export function anchorInstant(start: SeriesStart): Date {
  return start.allDay ? dayToUtc(start.date) : start.start;
}

/**
 * How far a series is written when it is written up to `target`: every occurrence when it ends
 * by then (a count ends within 500 occurrences; an end date before the target), else up to the
 * target. Null means every occurrence is written.
 */
function boundFor(rule: RecurrenceRule, target: Date): Date | null {
  if (rule.count !== null) return null;
  if (rule.until !== null && dayToUtc(addDays(rule.until, 2)) <= target) return null;
  return target;
}

/** A series' horizon when it is (re)written: ahead of now or of its start, never nearer than before. */
function horizonFor(start: SeriesStart, now: Date, already: Date | null): Date {
  const from = anchorInstant(start);
  const horizon = addMonths(from > now ? from : now, SERIES_HORIZON_MONTHS);
  return already && already > horizon ? already : horizon;
}

async function insertRows(
  tx: Executor,
  rows: ReturnType<typeof generatedRow>[],
  allDay: boolean,
  onConflict: "update" | "skip",
) {
  const target = allDay
    ? [planOccurrences.planId, planOccurrences.originalDate]
    : [planOccurrences.planId, planOccurrences.originalStart];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = tx.insert(planOccurrences).values(rows.slice(i, i + INSERT_BATCH));
    if (onConflict === "skip") {
      await batch.onConflictDoNothing({ target });
    } else {
      // A row kept for its own state (completed, cancelled) follows the series' times; a moved
      // one keeps its own.
      await batch.onConflictDoUpdate({
        target,
        set: {
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          startDate: sql`excluded.start_date`,
          endDate: sql`excluded.end_date`,
          circleId: sql`excluded.circle_id`,
        },
        setWhere: sql`${planOccurrences.isException} = false`,
      });
    }
  }
}

/** Rows that carry state of their own: what rewriting a series must not lose. */
const hasOwnState = or(
  eq(planOccurrences.isException, true),
  eq(planOccurrences.isCancelled, true),
  isNotNull(planOccurrences.isCompleted),
) as SQL;

/**
 * (Re)writes a plan's occurrences after the plan row was written: call it in the same
 * transaction, after every change to start, end, all-day, zone, circle or rule. A one-off plan
 * gets its one row; a series its occurrences up to its horizon, keeping the exceptions whose
 * original start it still has. Sets `plans.expanded_until`.
 */
export async function writeOccurrences(tx: Tx, plan: PlanRow, now: Date): Promise<void> {
  const rule = storedRule(plan.recurrence);
  await tx
    .delete(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), rule ? sql`not (${hasOwnState})` : sql`true`));
  if (!rule) {
    await tx.insert(planOccurrences).values({
      planId: plan.id,
      circleId: plan.circleId,
      startsAt: plan.allDay ? null : plan.startsAt,
      endsAt: plan.allDay ? null : plan.endsAt,
      startDate: plan.allDay ? plan.startDate : null,
      endDate: plan.allDay ? plan.endDate : null,
    });
    if (plan.expandedUntil !== null) {
      await tx.update(plans).set({ expandedUntil: null }).where(eq(plans.id, plan.id));
    }
    return;
  }

  const start = seriesStartOf(plan);
  const bound = boundFor(rule, horizonFor(start, now, plan.expandedUntil));
  await loadRecurrenceLibrary();
  const originals = occurrencesBetween(rule, start, anchorInstant(start), bound);
  await insertRows(
    tx,
    originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "update",
  );
  // The exceptions whose occurrence the rule no longer has go with it.
  const wanted = new Set(originals.map(keyOfOriginal));
  const kept = await tx
    .select({
      id: planOccurrences.id,
      originalStart: planOccurrences.originalStart,
      originalDate: planOccurrences.originalDate,
    })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), hasOwnState));
  const orphans = kept.filter((row) => !wanted.has(keyOf(row))).map((row) => row.id);
  if (orphans.length > 0) {
    await tx.delete(planOccurrences).where(inArray(planOccurrences.id, orphans));
  }
  await tx.update(plans).set({ expandedUntil: bound }).where(eq(plans.id, plan.id));
}

/**
 * Writes a series' occurrences past its horizon up to `through` (and a year beyond, so the next
 * reads need nothing). The plan row is locked: two readers extending at once write each row once.
 */
export async function extendOccurrences(tx: Tx, planId: number, through: Date): Promise<void> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
  if (!plan?.expandedUntil || plan.expandedUntil >= through) return;
  const rule = storedRule(plan.recurrence);
  if (!rule) return;
  const start = seriesStartOf(plan);
  const bound = boundFor(rule, addMonths(through, EXTENSION_MONTHS));
  await loadRecurrenceLibrary();
  const originals = occurrencesBetween(rule, start, plan.expandedUntil, bound);
  await insertRows(
    tx,
    originals.map((original) => generatedRow(plan, original)),
    plan.allDay,
    "skip",
  );
  await tx.update(plans).set({ expandedUntil: bound }).where(eq(plans.id, plan.id));
}

/**
 * A zone's `yyyy-MM-dd` for an instant. Runs once per answered row, so it keeps one Intl
 * formatter per zone (a Temporal conversion per row costs several times more).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "iso8601",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of format.formatToParts(instant)) {
    if (part.type === "year") year = part.value;
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year.padStart(4, "0")}-${month}-${day}`;
}

/** The first instant of `day` in `timeZone`: midnight, or the first that exists where DST skips it. */
export function startOfDay(day: string, timeZone: string): Date {
  return new Date(
    Temporal.PlainDate.from(day).toZonedDateTime({ timeZone }).toInstant().epochMilliseconds,
  );
}

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

const assignees = alias(users, "assignee");

/** The select every occurrence read uses: the occurrence, its plan, circle, creator, assignee. */
export function occurrenceSelect(db: Executor) {
  return db
    .select({
      plan: plans,
      occurrence: planOccurrences,
      circle: { id: circles.id, name: circles.name, color: circles.color },
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      assignee: {
        id: assignees.id,
        firstName: assignees.firstName,
        lastName: assignees.lastName,
      },
    })
    .from(planOccurrences)
    .innerJoin(plans, eq(plans.id, planOccurrences.planId))
    .innerJoin(circles, eq(circles.id, planOccurrences.circleId))
    .innerJoin(users, eq(users.id, plans.creatorId))
    .leftJoin(
      assignees,
      eq(assignees.id, sql`coalesce(${plans.assignedTo}, ${plans.cancelledAssignee})`),
    );
}

type SelectedRow = Omit<OccurrenceRow, "assignee"> & {
  assignee: { id: number | null; firstName: string | null; lastName: string | null } | null;
};

export function toOccurrenceRow(row: SelectedRow): OccurrenceRow {
  const { assignee, ...rest } = row;
  return {
    ...rest,
    assignee:
      assignee && assignee.id !== null
        ? {
            id: assignee.id,
            firstName: assignee.firstName ?? "",
            lastName: assignee.lastName ?? "",
          }
        : null,
  };
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
    return sql`${sql.raw(column)} = any(array(select m.circle_id from circle_members m where m.user_id = ${query.memberOf}))`;
  }
  return sql`${sql.raw(column)} in (${idList(query.circleIds ?? [])})`;
}

/**
 * A task its creator withdrew is gone from the views of the one it was withdrawn from
 * (api-conventions.md): the one home of that rule for every read of occurrences and the digest.
 * `p` is the plan; `viewer` a user id, or the column that holds one.
 */
export function hiddenFrom(viewer: number | SQL): SQL {
  return sql`(p.cancelled_at is not null and p.cancelled_assignee = ${viewer}
    and p.assigned_to is distinct from ${viewer} and p.creator_id <> ${viewer})`;
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
      coalesce(o.starts_at, (o.start_date::timestamp at time zone ${query.viewerZone})) as sort_at,
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
  const columns = sql`o.plan_id, o.circle_id, o.starts_at,
    o.overrides ? 'eventColor' as own_color_set, o.overrides->>'eventColor' as own_color,
    coalesce(o.start_date - ${fromDay}::date,
      width_bucket(o.starts_at, (select ${bounds}::timestamptz[])) - 1) as day`;
  // Each day's occurrences are ranked in the lists' order (within a day: the all-day ones, then
  // by start; days as numbers, which sort faster than text) and counted; only the first two of a
  // day meet their plan and circle for the colour: an occurrence's own (occurrence.overrides,
  // as plan-event.ts picks it), else its plan's, else its circle's.
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
                    array_agg(coalesce(
                      case when r.own_color_set then r.own_color else p.event_color end,
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
 * The statement's fixed text, rendered once: drizzle's builder walks every column of a select
 * on each call, which cost a list more time than its database work (docs/decisions/009).
 */
const occurrenceColumns = Object.entries(getTableColumns(planOccurrences));
const FOUND_ROW = sql.raw(
  `json_build_array(${occurrenceColumns.map(([, column]) => `found."${column.name}"`).join(", ")})`,
);
const PERSON = (alias: string) =>
  `json_build_array(${alias}.id, ${alias}.first_name, ${alias}.last_name)`;
const FOUND_PLANS = sql.raw(`(select coalesce(json_agg(json_build_array(
      to_json(p), c.id, c.name, c.color, ${PERSON("u")},
      case when a.id is null then null else ${PERSON("a")} end)), '[]')
    from plans p
    join circles c on c.id = p.circle_id
    join users u on u.id = p.creator_id
    left join users a on a.id = coalesce(p.assigned_to, p.cancelled_assignee)
    where p.id in (select plan_id from found))::text as plans,
  (select coalesce(json_agg(to_json(f) order by f.created_at, f.id), '[]')
    from plan_attachments f
    where f.plan_id in (select plan_id from found))::text as attachments`);

/**
 * The occurrences a query selects and each of their plans once (with its circle, creator and
 * assignee), their attachments, and how far the circles' series are written, in one round trip
 * answered as JSON texts rather than as rows. The embedded database (PGlite) pays per row and
 * per value: a month of 500 weekly series is ~2,200 occurrences, and as JSON it reads in about a
 * third of the time (docs/decisions/009).
 */
async function readAsJson(
  db: Executor,
  query: OccurrenceQuery,
): Promise<{
  occurrences: OccurrenceRecord[];
  plans: Map<number, Omit<OccurrenceRow, "occurrence">>;
  writtenThrough: Date | null;
}> {
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
  const occurrences = (JSON.parse(answer?.occurrences ?? "[]") as unknown[][]).map(
    decodeOccurrence,
  );
  const byId = new Map<number, Omit<OccurrenceRow, "occurrence">>();
  type Person = [number, string, string];
  const personOf = ([id, firstName, lastName]: Person) => ({ id, firstName, lastName });
  for (const [planJson, circleId, name, color, creator, assignee] of JSON.parse(
    answer?.plans ?? "[]",
  ) as [unknown, number, string, string, Person, Person | null][]) {
    const plan = decodePlan(planJson as Record<string, unknown>);
    byId.set(plan.id, {
      plan,
      circle: { id: circleId, name, color },
      creator: personOf(creator),
      assignee: assignee ? personOf(assignee) : null,
      attachments: [],
    });
  }
  for (const json of JSON.parse(answer?.attachments ?? "[]") as Record<string, unknown>[]) {
    const attachment = decodeRow(attachmentColumns, json) as AttachmentRow;
    (byId.get(attachment.planId)?.attachments as Attachment[] | undefined)?.push(
      toAttachment(attachment),
    );
  }
  return {
    occurrences,
    plans: byId,
    writtenThrough: instantOf(answer?.written_through ?? null),
  };
}

/** A column's JSON value decoded as drizzle decodes the column's own value. */
function decode(column: AnyColumn, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapFromDriverValue(value);
}

const planColumns = Object.entries(getTableColumns(plans));
const attachmentColumns = Object.entries(getTableColumns(planAttachments));

/** An occurrence from its JSON array (the table's columns, in order). */
function decodeOccurrence(values: unknown[]): OccurrenceRecord {
  const row: Record<string, unknown> = {};
  occurrenceColumns.forEach(([key, column], i) => {
    row[key] = decode(column, values[i]);
  });
  return row as OccurrenceRecord;
}

/** A row from its JSON object (`to_json(table)`, keyed by column name). */
function decodeRow(columns: [string, AnyColumn][], json: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) row[key] = decode(column, json[column.name]);
  return row;
}

const decodePlan = (json: Record<string, unknown>) => decodeRow(planColumns, json) as PlanRow;

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

/** Names one occurrence: by original start (timed series) or original date (all-day series). */
export interface OccurrenceName {
  occurrenceStart?: Date | undefined;
  occurrenceDate?: string | undefined;
}

/**
 * One plan's occurrence row: the one named, or for a series named by nothing its first
 * occurrence (a one-off plan has only one). Null when the name is not one of the plan's
 * occurrences (or names a cancelled one). A series named past its horizon is extended first.
 */
export async function findOccurrence(
  db: Executor,
  planId: number,
  name: OccurrenceName,
): Promise<OccurrenceRow | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) return null;
  const where = [eq(planOccurrences.planId, planId), eq(planOccurrences.isCancelled, false)];
  // A one-off plan's one occurrence is the plan, whatever a client names.
  if (plan.recurrence !== null) {
    if (name.occurrenceStart) where.push(eq(planOccurrences.originalStart, name.occurrenceStart));
    else if (name.occurrenceDate) where.push(eq(planOccurrences.originalDate, name.occurrenceDate));
    const at =
      name.occurrenceStart ??
      (name.occurrenceDate ? dayToUtc(name.occurrenceDate) : anchorInstant(seriesStartOf(plan)));
    if (plan.expandedUntil && plan.expandedUntil <= at) {
      await db.transaction((tx) => extendOccurrences(tx, planId, new Date(at.getTime() + 1)));
    }
  }
  const [row] = await occurrenceSelect(db)
    .where(and(...where))
    .orderBy(asc(planOccurrences.originalStart), asc(planOccurrences.originalDate))
    .limit(1);
  return row ? toOccurrenceRow(row) : null;
}

/**
 * Search (docs/decisions/020-search.md): the plans of the caller's circles whose title,
 * description or place holds every word typed, each word as a prefix, accents and case aside.
 * Each plan found answers once, as one occurrence: its next one from now on (today's all-day
 * plans included, as in the upcoming list), else its latest one; cancelled occurrences never.
 * Upcoming plans come first, soonest first, then past ones, most recent first.
 *
 * One statement finds the plans through the GIN index on their words (plans_search_idx), picks
 * each one's occurrence from its rows, orders and cuts the page, and reads the page's plans as
 * every list does (occurrence-json.ts). A series whose rows stop short of its next or last
 * occurrence (decision 016: its rule begins beyond its written window, or runs on past it, or
 * ended before it) is sorted where its rows stop, and that occurrence is expanded from its rule.
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import { planSearchDocument, prefixQuery } from "@circleplan/db/search-text";
import { dayIn, startOfDay } from "@circleplan/shared/days";
import type { SearchPlansAnswer } from "@circleplan/shared/search-outputs";
import type { SearchPlansInput } from "@circleplan/shared/search-schemas";
import { sql } from "drizzle-orm";
import { viewerZoneOf } from "../auth/viewer-zone";
import { circleIdsOfMember } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { withViewerInterest } from "../notifications/follows";
import { withinAnswerBudget } from "./answer-budget";
import { decodeFound, FOUND_PLANS, FOUND_ROW } from "./occurrence-json";
import { hiddenFrom, startInstantIn } from "./occurrence-sql";
import type { OccurrenceRecord, OccurrenceRow } from "./plan-rows";
import { toPlans } from "./to-plan";
import { keysOutsideWindow, unwrittenOccurrenceFrom } from "./unwritten-occurrences";

/**
 * One plan of the page, as the statement picked it (instants as epoch ms): the occurrence row it
 * answers as (null: none of its rows will do), whether that row is its next one, and for a
 * series whose rows stop short, where they stop (`nextAt` ahead, `lastAt` behind).
 */
type Picked = [
  planId: number,
  occurrenceId: number | null,
  isNext: boolean,
  nextAt: number | null,
  lastAt: number | null,
];

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The statement: the plans matched (a member's circles, none withdrawn from the caller), each
 * one's next or else latest occurrence, in the answer's order, cut at `limit`. A one-off plan's
 * one occurrence starts where the plan does, so only series look among their rows: most plans
 * found cost the index and their own row, nothing more.
 */
function searchStatement(options: {
  userId: number;
  text: string;
  zone: string;
  now: Date;
  today: string;
  limit: number;
}) {
  const { userId, text, zone, now, today, limit } = options;
  // From now on, today's all-day plans included (as the upcoming list).
  const isAhead = (alias: string) =>
    sql`coalesce(${sql.raw(alias)}.starts_at >= ${now.toISOString()}::timestamptz
      or ${sql.raw(alias)}.start_date >= ${today}::date, false)`;
  // The gates are inside the subqueries: as a join's condition they would be tested only after
  // each plan's rows had been read.
  const seriesRow = (when: "next" | "last") => {
    const order = when === "next" ? sql`sort_at, timed` : sql`sort_at desc, timed desc`;
    return sql`select o.id, ${startInstantIn(sql`${zone}`)} as sort_at, o.starts_at is not null as timed
      from plan_occurrences o
      where ${when === "next" ? sql`m.repeats` : sql`m.repeats and nxt.id is null`}
        and o.plan_id = m.id and o.is_cancelled = false
        and ${when === "next" ? isAhead("o") : sql`not ${isAhead("o")}`}
      order by ${order} limit 1`;
  };
  const document = planSearchDocument({
    title: sql.raw("p.title"),
    description: sql.raw("p.description"),
    location: sql.raw("p.location"),
  });
  return sql`with matched as (
      select p.id, p.recurrence is not null as repeats, p.expanded_from, p.expanded_until,
        coalesce(p.starts_at, p.start_date::timestamp at time zone ${zone}) as own_at,
        p.starts_at is not null as own_timed, ${isAhead("p")} as own_ahead
      from plans p
      where p.circle_id = any(array(${circleIdsOfMember(userId)}))
        and ${document} @@ ${prefixQuery(text)}
        and not ${hiddenFrom(userId)}),
    keyed as (
      select m.id as plan_id, m.repeats, nxt.id as next_id, lst.id as last_id,
        case when m.repeats then coalesce(nxt.sort_at, m.expanded_until)
          when m.own_ahead then m.own_at end as next_at,
        case when m.repeats then coalesce(lst.sort_at, m.expanded_from)
          when not m.own_ahead then m.own_at end as last_at,
        coalesce(nxt.timed, lst.timed, m.own_timed) as timed,
        (m.repeats and nxt.id is not null) or (not m.repeats and m.own_ahead) as is_next
      from matched m
      left join lateral (${seriesRow("next")}) nxt on true
      left join lateral (${seriesRow("last")}) lst on true),
    ranked as (
      -- Upcoming first, soonest first (an all-day plan before a timed one on its day), then
      -- past, latest first: "timed" breaks ties within each, never across past days.
      select keyed.*, row_number() over (order by next_at is null, next_at,
          case when next_at is not null then timed end, last_at desc nulls last, timed desc,
          plan_id) as rank
      from keyed order by rank limit ${limit}),
    paged as (
      select r.*, case when r.repeats then coalesce(r.next_id, r.last_id)
          else (select o.id from plan_occurrences o where o.plan_id = r.plan_id limit 1)
        end as occurrence_id
      from ranked r),
    found as (select plan_id from paged)
    select
      (select coalesce(json_agg(json_build_array(r.plan_id, r.occurrence_id, r.is_next,
          ${epochMs("r.next_at")}, ${epochMs("r.last_at")}) order by r.rank), '[]')
        from paged r)::text as picked,
      (select coalesce(json_agg(${FOUND_ROW}), '[]')
        from paged r join plan_occurrences found on found.id = r.occurrence_id)::text as occurrences,
      ${FOUND_PLANS}`;
}

interface Hit {
  row: OccurrenceRow;
  upcoming: boolean;
  /** When it starts, an all-day one at its day's start in the caller's zone. */
  at: number;
}

/**
 * GET /api/events/search?q=&limit= and plans.search: the page of plans found, in two groups.
 * Only the caller's circles are read, so another circle's plans are never counted or shown.
 */
export async function searchPlans({
  deps,
  caller,
  input,
}: Call<SearchPlansInput, SignedInCaller>): Promise<SearchPlansAnswer> {
  const zone = await viewerZoneOf(deps.db, caller);
  const now = deps.clock.now();
  const [answer] = await queryRows<{
    picked: string;
    occurrences: string;
    plans: string;
    attachments: string;
  }>(
    deps.db,
    searchStatement({
      userId: caller.userId,
      text: input.q,
      zone,
      now,
      today: dayIn(now, zone),
      limit: input.limit,
    }),
  );
  const found = decodeFound(answer);
  const occurrences = new Map(found.occurrences.map((occurrence) => [occurrence.id, occurrence]));
  const hits: Hit[] = [];
  for (const picked of JSON.parse(answer?.picked ?? "[]") as Picked[]) {
    const base = found.plans.get(picked[0]);
    const hit = base && (await hitOf(deps.db, base, picked, occurrences, now, zone));
    if (hit) hits.push(hit);
  }
  // Only a series expanded from its rule can have moved within the page: sorted again.
  hits.sort((a, b) =>
    a.upcoming !== b.upcoming ? (a.upcoming ? -1 : 1) : a.upcoming ? a.at - b.at : b.at - a.at,
  );
  const plans = await withViewerInterest(
    deps.db,
    caller.userId,
    withinAnswerBudget(
      toPlans(
        hits.map((hit) => hit.row),
        { viewerZone: zone },
      ),
    ),
  );
  const upcoming = hits.filter((hit) => hit.upcoming).length;
  return { upcoming: plans.slice(0, upcoming), past: plans.slice(upcoming) };
}

/**
 * The occurrence a picked plan answers as: the row the statement chose, or for a series whose
 * rows stop short, the one its rule has beyond them. Null when the plan has none to show (every
 * occurrence cancelled).
 */
async function hitOf(
  db: Executor,
  base: Omit<OccurrenceRow, "occurrence">,
  [, occurrenceId, isNext, nextAt, lastAt]: Picked,
  occurrences: Map<number, OccurrenceRecord>,
  now: Date,
  zone: string,
): Promise<Hit | null> {
  const hit = (occurrence: OccurrenceRecord | null | undefined, upcoming: boolean) =>
    occurrence ? { row: { ...base, occurrence }, upcoming, at: startOf(occurrence, zone) } : null;
  const row = occurrenceId === null ? null : occurrences.get(occurrenceId);
  if (isNext) return hit(row, true);
  let outside: Set<string> | null = null;
  const expanded = async (at: number, direction: "next" | "previous") => {
    outside ??= await keysOutsideWindow(db, base.plan);
    const taken = outside;
    return unwrittenOccurrenceFrom(base.plan, new Date(at), direction, (key) => taken.has(key));
  };
  // A series with no next row may still have a next occurrence, beyond its rows.
  if (nextAt !== null) {
    const next = await expanded(Math.max(nextAt, now.getTime()), "next");
    if (next) return hit(next, true);
  }
  if (row) return hit(row, false);
  if (lastAt === null || base.plan.recurrence === null) return null;
  return hit(await expanded(Math.min(lastAt, now.getTime()), "previous"), false);
}

function startOf(occurrence: OccurrenceRecord, zone: string): number {
  if (occurrence.startsAt) return occurrence.startsAt.getTime();
  return startOfDay(occurrence.startDate as string, zone).getTime();
}

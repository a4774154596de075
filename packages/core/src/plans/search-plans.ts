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

/** One plan of the page, as the statement picked it (instants as epoch ms). */
type Picked = [
  planId: number,
  nextId: number | null,
  /** The next occurrence's start, or where a series' rows stop short of it. */
  nextAt: number | null,
  lastId: number | null,
  /** The latest occurrence's start, or where a series' rows begin after it. */
  lastAt: number | null,
];

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The statement: the plans matched (a member's circles, none withdrawn from the caller), each
 * one's next and latest occurrence from its rows, in the answer's order, cut at `limit`.
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
  const start = startInstantIn(sql`${zone}`);
  const occurrenceOf = (when: "next" | "last") => {
    const isNext = when === "next";
    const side = isNext
      ? sql`(o.starts_at >= ${now.toISOString()}::timestamptz or o.start_date >= ${today}::date)`
      : sql`(o.starts_at < ${now.toISOString()}::timestamptz or o.start_date < ${today}::date)`;
    const order = isNext ? sql`sort_at, timed` : sql`sort_at desc, timed desc`;
    return sql`select o.id, ${start} as sort_at, o.starts_at is not null as timed
      from plan_occurrences o
      where o.plan_id = m.id and o.is_cancelled = false and ${side}
      order by ${order} limit 1`;
  };
  const document = planSearchDocument({
    title: sql.raw("p.title"),
    description: sql.raw("p.description"),
    location: sql.raw("p.location"),
  });
  return sql`with matched as (
      select p.id, p.recurrence is not null as repeats, p.expanded_from, p.expanded_until
      from plans p
      where p.circle_id = any(array(${circleIdsOfMember(userId)}))
        and ${document} @@ ${prefixQuery(text)}
        and not ${hiddenFrom(userId)}),
    keyed as (
      select m.id as plan_id, nxt.id as next_id,
        coalesce(nxt.sort_at, case when m.repeats then m.expanded_until end) as next_at,
        nxt.timed as next_timed, lst.id as last_id,
        coalesce(lst.sort_at, case when m.repeats then m.expanded_from end) as last_at,
        lst.timed as last_timed
      from matched m
      left join lateral (${occurrenceOf("next")}) nxt on true
      left join lateral (${occurrenceOf("last")}) lst on nxt.id is null),
    ranked as (
      select keyed.*, row_number() over (order by next_at is null, next_at, next_timed,
          last_at desc nulls last, last_timed desc, plan_id) as rank
      from keyed order by rank limit ${limit}),
    found as (select plan_id from ranked)
    select
      (select coalesce(json_agg(json_build_array(r.plan_id, r.next_id, ${epochMs("r.next_at")},
          r.last_id, ${epochMs("r.last_at")}) order by r.rank), '[]') from ranked r)::text as picked,
      (select coalesce(json_agg(${FOUND_ROW}), '[]')
        from ranked r join plan_occurrences found on found.id = coalesce(r.next_id, r.last_id))::text
        as occurrences,
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
  [, nextId, nextAt, lastId, lastAt]: Picked,
  occurrences: Map<number, OccurrenceRecord>,
  now: Date,
  zone: string,
): Promise<Hit | null> {
  const hit = (occurrence: OccurrenceRecord | null | undefined, upcoming: boolean) =>
    occurrence ? { row: { ...base, occurrence }, upcoming, at: startOf(occurrence, zone) } : null;
  if (nextId !== null) return hit(occurrences.get(nextId), true);
  let outside: Set<string> | null = null;
  const expanded = async (at: Date, direction: "next" | "previous") => {
    outside ??= await keysOutsideWindow(db, base.plan);
    const taken = outside;
    return unwrittenOccurrenceFrom(base.plan, at, direction, (key) => taken.has(key));
  };
  if (nextAt !== null) {
    const from = Math.max(nextAt, now.getTime());
    const next = await expanded(new Date(from), "next");
    if (next) return hit(next, true);
  }
  if (lastId !== null) return hit(occurrences.get(lastId), false);
  if (lastAt !== null) {
    const before = Math.min(lastAt, now.getTime());
    return hit(await expanded(new Date(before), "previous"), false);
  }
  return null;
}

function startOf(occurrence: OccurrenceRecord, zone: string): number {
  if (occurrence.startsAt) return occurrence.startsAt.getTime();
  return startOfDay(occurrence.startDate as string, zone).getTime();
}

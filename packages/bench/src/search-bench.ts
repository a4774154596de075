/**
 * Section `search` (docs/decisions/020-search.md): the busy parent of the plans section's data
 * (plans-seed.ts: 20,000 plans, 500 series; they belong to all ten circles, so every plan is
 * theirs to find) searches for a few words, one request at a time. Each search is timed through
 * the REST door (GET /api/events/search), in-process (core searchPlans: no HTTP), and as one raw
 * SQL statement that reads the same answer; then EXPLAIN ANALYZE of that statement shows whether
 * the GIN index on the plans' words (plans_search_idx) finds them.
 */
import { searchPlans } from "@circleplan/core/plans/search-plans";
import type { Executor } from "@circleplan/db/client";
import { queryRows } from "@circleplan/db/client";
import { planSearchDocument, prefixQuery } from "@circleplan/db/search-text";
import { dayIn } from "@circleplan/shared/days";
import { SEARCH_LIMIT_DEFAULT } from "@circleplan/shared/limits";
import type { SearchPlansAnswer } from "@circleplan/shared/search-outputs";
import { type SQL, sql } from "drizzle-orm";
import { startBenchServer } from "./bench-server";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { type SeededViewer, seedPlans } from "./plans-seed";
import { openPlansStore, type PlansStoreOptions } from "./plans-store";
import { type LatencySummary, sequential } from "./stats";

export interface SearchBenchOptions extends PlansStoreOptions {
  /** Timed answers of each search, after 5 discarded ones. */
  samples: number;
}

/** A search's p95 through the REST door, on this 2-core machine (issue 21). */
const SEARCH_TARGET_MS = 50;

/**
 * What the busy parent types: the issue's word (one title in fifteen holds it), its prefix, two
 * words across fields, and one letter, the widest prefix anyone can type.
 */
const SEARCHES = ["dentist", "dent", "piano lesson", "s"];

/**
 * The same answer as searchPlans in one statement: the matched plans (the viewer's circles, none
 * withdrawn from them), each with its next occurrence or else its latest, upcoming first, cut at
 * the page, with plan, circle, creator, assignee and attachments as JSON. Series beyond their
 * written rows are left out: the seed has none. As searchPlans, only series look among their
 * rows; a one-off plan starts where its one occurrence does.
 */
function searchSql(viewer: SeededViewer, text: string, now: Date): SQL {
  const zone = viewer.timeZone;
  const today = dayIn(now, zone);
  const nowText = now.toISOString();
  const person = (alias: string) =>
    sql.raw(
      `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name)`,
    );
  const ahead = (alias: string) =>
    sql`coalesce(${sql.raw(alias)}.starts_at >= ${nowText}::timestamptz OR ${sql.raw(alias)}.start_date >= ${today}::date, false)`;
  const seriesRow = (gate: SQL, side: SQL, order: SQL) => sql`SELECT o.id,
        coalesce(o.starts_at, o.start_date::timestamp AT TIME ZONE ${zone}) AS sort_at,
        o.starts_at IS NOT NULL AS timed
      FROM plan_occurrences o
      WHERE ${gate} AND o.plan_id = m.id AND o.is_cancelled = false AND ${side}
      ORDER BY sort_at ${order}, o.starts_at IS NOT NULL ${order} LIMIT 1`;
  const document = planSearchDocument({
    title: sql.raw("p.title"),
    description: sql.raw("p.description"),
    location: sql.raw("p.location"),
  });
  return sql`
    WITH matched AS (
      SELECT p.id, p.recurrence IS NOT NULL AS repeats,
        coalesce(p.starts_at, p.start_date::timestamp AT TIME ZONE ${zone}) AS own_at,
        p.starts_at IS NOT NULL AS own_timed, ${ahead("p")} AS own_ahead
      FROM plans p
      WHERE p.circle_id IN (SELECT m.circle_id FROM circle_members m WHERE m.user_id = ${viewer.userId})
        AND ${document} @@ ${prefixQuery(text)}
        AND NOT (p.cancelled_at IS NOT NULL AND p.cancelled_assignee = ${viewer.userId}
          AND p.assigned_to IS DISTINCT FROM ${viewer.userId} AND p.creator_id <> ${viewer.userId})),
    keyed AS (
      SELECT m.id AS plan_id, m.repeats, nxt.id AS next_id, lst.id AS last_id,
        CASE WHEN m.repeats THEN nxt.sort_at WHEN m.own_ahead THEN m.own_at END AS next_at,
        CASE WHEN m.repeats THEN lst.sort_at WHEN NOT m.own_ahead THEN m.own_at END AS last_at,
        coalesce(nxt.timed, lst.timed, m.own_timed) AS timed
      FROM matched m
      LEFT JOIN LATERAL (${seriesRow(sql`m.repeats`, ahead("o"), sql`ASC`)}) nxt ON true
      LEFT JOIN LATERAL (${seriesRow(sql`m.repeats AND nxt.id IS NULL`, sql`NOT ${ahead("o")}`, sql`DESC`)}) lst ON true),
    page AS (
      SELECT k.*, row_number() OVER (ORDER BY next_at IS NULL, next_at,
          CASE WHEN next_at IS NOT NULL THEN timed END, last_at DESC NULLS LAST, timed DESC,
          plan_id) AS rank
      FROM keyed k WHERE coalesce(next_at, last_at) IS NOT NULL
      ORDER BY rank LIMIT ${SEARCH_LIMIT_DEFAULT}),
    paged AS (
      SELECT k.*, CASE WHEN k.repeats THEN coalesce(k.next_id, k.last_id)
          ELSE (SELECT o.id FROM plan_occurrences o WHERE o.plan_id = k.plan_id LIMIT 1) END AS occurrence_id
      FROM page k)
    SELECT coalesce(json_agg(json_build_object(
        'upcoming', k.next_at IS NOT NULL, 'occurrence', to_json(o), 'plan', to_json(p),
        'circle', json_build_object('id', c.id, 'name', c.name, 'color', c.color),
        'creator', ${person("u")},
        'assignee', CASE WHEN a.id IS NULL THEN NULL ELSE ${person("a")} END,
        'attachments', (SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]')
                        FROM plan_attachments f WHERE f.plan_id = p.id)
      ) ORDER BY k.rank), '[]')::text AS answer
    FROM paged k
    JOIN plan_occurrences o ON o.id = k.occurrence_id
    JOIN plans p ON p.id = k.plan_id
    JOIN circles c ON c.id = p.circle_id
    JOIN users u ON u.id = p.creator_id
    LEFT JOIN users a ON a.id = coalesce(p.assigned_to, p.cancelled_assignee)`;
}

/** The plans the raw SQL answers, by id. */
async function readBySql(db: Executor, query: SQL): Promise<number[]> {
  const [row] = await queryRows<{ answer: string }>(db, query);
  return (JSON.parse(row?.answer ?? "[]") as { plan: { id: number } }[]).map(({ plan }) => plan.id);
}

/** EXPLAIN ANALYZE of the statement, as lines, and whether the search index found the plans. */
async function explain(db: Executor, query: SQL): Promise<{ lines: string[]; usesIndex: boolean }> {
  const rows = await queryRows<{ "QUERY PLAN": string }>(
    db,
    sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`,
  );
  const lines = rows.map((row) => row["QUERY PLAN"]);
  return { lines, usesIndex: lines.some((line) => line.includes("plans_search_idx")) };
}

interface Measured {
  text: string;
  /** Plans the caller's circles hold with these words (the work before the page is cut). */
  matched: number;
  answered: number;
  rest: LatencySummary;
  core: LatencySummary;
  raw: LatencySummary;
  usesIndex: boolean;
}

export async function runSearchBench(options: SearchBenchOptions): Promise<SummaryRow[]> {
  const store = await openPlansStore(options);
  const server = await startBenchServer({ db: store.handle });
  try {
    heading(`Search: the busy parent's words among 20,000 plans (${store.label})`);
    const data = await seedPlans(server);
    const busy = data.busy;
    const caller = { userId: busy.userId, sessionId: "bench", ip: "127.0.0.1", requestId: "bench" };
    const results: Measured[] = [];
    for (const text of SEARCHES) {
      const path = `/api/events/search?q=${encodeURIComponent(text)}`;
      const restCall = async () => {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie: busy.cookie } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        const body = (await response.json()) as SearchPlansAnswer;
        return [...body.upcoming, ...body.past].map((plan) => plan.id);
      };
      const answeredIds = await restCall();
      const answered = answeredIds.length;
      const [{ matched } = { matched: 0 }] = await queryRows<{ matched: number }>(
        server.deps.db,
        sql`SELECT count(*)::int AS matched FROM plans p
          WHERE p.circle_id IN (SELECT m.circle_id FROM circle_members m WHERE m.user_id = ${busy.userId})
            AND ${planSearchDocument({ title: sql.raw("p.title"), description: sql.raw("p.description"), location: sql.raw("p.location") })} @@ ${prefixQuery(text)}`,
      );
      console.log(
        `"${text}": ${matched} plans match, ${answered} answered; ${options.samples} answers each…`,
      );
      const rest = await sequential(options.samples, restCall);
      const core = await sequential(options.samples, () =>
        searchPlans({ deps: server.deps, caller, input: { q: text, limit: SEARCH_LIMIT_DEFAULT } }),
      );
      const statement = () => searchSql(busy, text, new Date());
      // The same plans, or the two figures would time different work. As a set: the door
      // places a series whose written rows stop short by its rule's next date, which plain SQL
      // cannot read, so two such plans may stand in another order.
      const rawIds = await readBySql(server.deps.db, statement());
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b).join();
      if (sorted(rawIds) !== sorted(answeredIds)) {
        throw new Error(
          `"${text}": the raw SQL answers plans ${rawIds.join()}, the door ${answeredIds.join()}`,
        );
      }
      const raw = await sequential(options.samples, () => readBySql(server.deps.db, statement()));
      const plan = await explain(server.deps.db, statement());
      if (text === SEARCHES[0]) {
        console.log(`EXPLAIN ANALYZE of the raw SQL for "${text}":`);
        for (const line of plan.lines) console.log(`  ${line}`);
      }
      results.push({ text, matched, answered, rest, core, raw, usesIndex: plan.usesIndex });
    }
    printTable(
      [
        "search",
        "matched",
        "answered",
        "REST p50",
        "REST p95",
        "core p50",
        "core p95",
        "SQL p50",
        "SQL p95",
        "index",
      ],
      results.map((r) => [
        `"${r.text}"`,
        String(r.matched),
        String(r.answered),
        ms(r.rest.p50),
        ms(r.rest.p95),
        ms(r.core.p50),
        ms(r.core.p95),
        ms(r.raw.p50),
        ms(r.raw.p95),
        r.usesIndex ? "plans_search_idx" : "not used",
      ]),
    );
    const storeName = store.label.startsWith("embedded") ? "embedded" : "PostgreSQL";
    return results.map((r) => {
      const isTarget = r.text === SEARCHES[0];
      return {
        figure: `search "${r.text}" (${r.matched} of 20,000 plans match) p95, REST · raw SQL (${storeName})`,
        value: `${ms(r.rest.p95)} · ${ms(r.raw.p95)} (p50 ${ms(r.rest.p50)} · ${ms(r.raw.p50)}; index ${r.usesIndex ? "used" : "not used"})`,
        target: isTarget ? `≤ ${SEARCH_TARGET_MS} ms, index used` : "",
        verdict: isTarget ? verdict(r.rest.p95 <= SEARCH_TARGET_MS && r.usesIndex) : "",
      };
    });
  } finally {
    await server.close();
    await store.close();
  }
}

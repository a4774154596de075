/**
 * Section `plans`: the three busiest plan reads (a day, the upcoming list, a calendar month) on
 * faker-seeded data (plans-seed.ts), each measured three times at the same concurrency on the
 * same database: through the REST door and the tRPC door over HTTP (session, the occurrence
 * statement with the caller's circles and attachments, the answer's mapping, output validation,
 * JSON or superjson), and as one raw SQL statement that reads the same answer. The loads ask as
 * the 49 ordinary users, cycling through their days and months. Then the month of the one user
 * whose circles hold all 500 series, asked alone: the calendar's grid (plans.calendarDays) and
 * every plan (plans.calendarMonth), through the door and in-process, the raw SQL of every plan,
 * and the index lookup alone, which shows that no read expands a rule.
 */
import { forgetGrids } from "@circleplan/core/plans/grid-cache";
import { calendarDays, calendarMonth } from "@circleplan/core/plans/plan-views";
import { dayWindow, monthWindow, type PlanWindow } from "@circleplan/core/plans/time-ranges";
import type { Executor } from "@circleplan/db/client";
import { SHORT_SPAN } from "@circleplan/db/schema";
import { addDays, dayIn } from "@circleplan/shared/days";
import { planSpan, spanDaysWithin } from "@circleplan/shared/plan-span";
import { sql } from "drizzle-orm";
import { type BenchServer, startBenchServer } from "./bench-server";
import { CORES, type CpuPerOperation, cpuPerOperation, cpuTimes } from "./cpu-accounting";
import {
  heading,
  LOAD_HEADERS,
  loadRow,
  loadWarning,
  ms,
  perSecond,
  printTable,
  ratio,
  type SummaryRow,
  verdict,
} from "./format";
import { type LoadRequest, type LoadResult, runLoad } from "./load";
import { type PlansSeed, type SeededViewer, seedPlans } from "./plans-seed";
import { openPlansStore, type PlansStoreOptions } from "./plans-store";
import { type ClosedLoopResult, closedLoopLoad, type LatencySummary, sequential } from "./stats";

export interface PlansBenchOptions extends PlansStoreOptions {
  connections: number;
  duration: number;
  warmup: number;
  /** Timed answers of the busy user's month, after 5 discarded ones. */
  monthSamples: number;
}

/** Each door within this factor of its raw SQL (issue 8). */
const DOOR_RATIO_TARGET = 1.5;
/** One month for the user whose circles hold the 500 series (issue 8). */
const MONTH_TARGET_MS = 10;
/** Days a viewer's day requests cycle through: today and the six after it. */
const DAYS_ASKED = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The first range the door's upcoming list reads (plan-views.ts). */
const UPCOMING_FIRST_DAYS = 14;
/** The upcoming list's fetch limit (plans spec, section 9), as the web client asks it. */
const UPCOMING_LIMIT = 30;

/** One read as the door is asked it, and the parameters of the same read in SQL. */
interface ReadCase {
  path: string;
  /** The same read through the tRPC door. */
  trpcPath: string;
  viewer: SeededViewer;
  window: PlanWindow;
  limit?: number;
}

interface Read {
  name: string;
  /** The path as the tables name it. */
  door: string;
  cases: ReadCase[];
}

const monthOf = (day: string) => day.slice(0, 7);

/** A tRPC query's GET path, its input as superjson sends plain JSON values. */
const trpcGet = (procedure: string, input: unknown) =>
  `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/**
 * The loads' requests: every user but the busy one, whose month is measured on its own. autocannon
 * starts every connection at the first request of the list; a month five times the others' there
 * would make the first 50 answers of every run wait on each other.
 */
function readsFor(data: PlansSeed): Read[] {
  const day: ReadCase[] = [];
  const upcoming: ReadCase[] = [];
  const month: ReadCase[] = [];
  for (const viewer of data.viewers.filter((viewer) => viewer !== data.busy)) {
    const today = dayIn(data.now, viewer.timeZone);
    for (let k = 0; k < DAYS_ASKED; k++) {
      const date = addDays(today, k);
      day.push({
        path: `/api/events/all?date=${date}`,
        trpcPath: trpcGet("plans.list", { date }),
        viewer,
        window: dayWindow(date, viewer.timeZone),
      });
    }
    // "From now on": the SQL side reads from the moment it runs, as the door does.
    upcoming.push({
      path: `/api/events/all?upcoming=true&limit=${UPCOMING_LIMIT}`,
      trpcPath: trpcGet("plans.list", { upcoming: true, limit: UPCOMING_LIMIT }),
      viewer,
      window: { from: data.now, to: data.now, fromDate: today, toDate: today },
      limit: UPCOMING_LIMIT,
    });
    month.push({
      path: `/api/events/calendar/${monthOf(today)}`,
      trpcPath: trpcGet("plans.calendarMonth", { month: monthOf(today) }),
      viewer,
      window: monthWindow(monthOf(today), viewer.timeZone),
    });
  }
  return [
    { name: "day", door: "GET /api/events/all?date={day}", cases: day },
    {
      name: "upcoming",
      door: `GET /api/events/all?upcoming=true&limit=${UPCOMING_LIMIT}`,
      cases: upcoming,
    },
    { name: "month", door: "GET /api/events/calendar/{month}", cases: month },
  ];
}

/**
 * One statement that reads everything the door answers for the same request: the viewer's
 * circles' occurrences in the window, in start order, each with its plan, circle, creator,
 * assignee and attachments. It answers one JSON text, the form the embedded store returns
 * fastest (list-occurrences.ts reads the same way). Upcoming reads the first two weeks, as the door
 * does first (enough to fill a page for every seeded user).
 */
async function readBySql(db: Executor, read: ReadCase): Promise<number> {
  const upcoming = read.limit !== undefined;
  const now = new Date();
  const zone = read.viewer.timeZone;
  const from = upcoming ? now : read.window.from;
  const to = upcoming ? new Date(now.getTime() + UPCOMING_FIRST_DAYS * DAY_MS) : read.window.to;
  const fromDay = upcoming ? dayIn(now, zone) : read.window.fromDate;
  const lastDay = upcoming ? dayIn(new Date(to.getTime() - 1), zone) : read.window.toDate;
  const person = (alias: string) =>
    sql.raw(
      `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name)`,
    );
  const result = (await db.execute(sql`
    SELECT coalesce(json_agg(json_build_object(
             'occurrence', to_json(o), 'plan', to_json(p),
             'circle', json_build_object('id', c.id, 'name', c.name, 'color', c.color),
             'creator', ${person("u")},
             'assignee', CASE WHEN a.id IS NULL THEN NULL ELSE ${person("a")} END,
             'attachments', (SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]')
                             FROM plan_attachments f WHERE f.plan_id = p.id)
           ) ORDER BY o.sort_at, o.timed, o.plan_id), '[]')::text AS answer
    FROM (
      SELECT o.*, coalesce(o.starts_at, o.start_date::timestamp AT TIME ZONE ${zone}) AS sort_at,
             o.starts_at IS NOT NULL AS timed
      FROM plan_occurrences o
      WHERE o.circle_id IN (SELECT m.circle_id FROM circle_members m WHERE m.user_id = ${read.viewer.userId})
        AND o.is_cancelled = false
        AND ${overlapping(from, to, fromDay, lastDay)}
      ORDER BY sort_at, timed, o.plan_id
      ${upcoming ? sql`LIMIT ${read.limit}` : sql``}
    ) o
    JOIN plans p ON p.id = o.plan_id
    JOIN circles c ON c.id = o.circle_id
    JOIN users u ON u.id = p.creator_id
    LEFT JOIN users a ON a.id = coalesce(p.assigned_to, p.cancelled_assignee)`)) as unknown as {
    rows: { answer: string }[];
  };
  return result.rows[0]?.answer.length ?? 0;
}

/**
 * The occurrences that overlap a range, as core's occurrence statement selects them (decision
 * 023, "Plans over several days"), written out here as the raw SQL's own: the short timed ones
 * by start from SHORT_SPAN back, the longer ones and the all-day ones over several days by end.
 */
function overlapping(from: Date, to: Date, fromDay: string, lastDay: string) {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = sql`${to.toISOString()}::timestamptz`;
  return sql`((o.starts_at >= ${start} - interval '${sql.raw(SHORT_SPAN)}' AND o.starts_at < ${end}
      AND (o.starts_at >= ${start} OR o.ends_at > ${start}))
    OR (o.ends_at - o.starts_at > interval '${sql.raw(SHORT_SPAN)}' AND o.ends_at > ${start} AND o.starts_at < ${end})
    OR (o.start_date >= ${fromDay}::date AND o.start_date <= ${lastDay}::date)
    OR (o.end_date > o.start_date AND o.end_date >= ${fromDay}::date AND o.start_date <= ${lastDay}::date))`;
}

/** How many occurrences the read finds: the index lookup alone, without any of their details. */
async function countBySql(db: Executor, read: ReadCase): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS found FROM plan_occurrences o
    WHERE o.circle_id IN (SELECT m.circle_id FROM circle_members m WHERE m.user_id = ${read.viewer.userId})
      AND o.is_cancelled = false
      AND ${overlapping(read.window.from, read.window.to, read.window.fromDate, read.window.toDate)}`)) as unknown as {
    rows: { found: number }[];
  };
  return result.rows[0]?.found ?? 0;
}

type SqlResult = ClosedLoopResult;

/** The raw SQL of the same read, under the same closed-loop load as the door. */
function sqlLoad(
  db: Executor,
  cases: ReadCase[],
  concurrency: number,
  seconds: number,
): Promise<SqlResult> {
  return closedLoopLoad(
    (i) => readBySql(db, cases[i % cases.length] as ReadCase),
    concurrency,
    seconds,
  );
}

/** Spreads the requests so neighbouring connections ask different users and days. */
function interleave(cases: ReadCase[]): ReadCase[] {
  const step = 7919; // a prime: visits every index once when it does not divide the length
  return cases.length % step === 0
    ? cases
    : cases.map((_, i) => cases[(i * step) % cases.length] as ReadCase);
}

/**
 * One load through the server, after a warm-up run of its own, each drained before the next: a
 * month takes long enough that autocannon's built-in warm-up would leave 50 answers still queued
 * into the measured run.
 */
async function drainedLoad(
  server: BenchServer,
  title: string,
  requests: LoadRequest[],
  options: PlansBenchOptions,
  label: string,
): Promise<Measured<LoadResult>> {
  const load = (duration: number) =>
    runLoad({
      title,
      url: server.url,
      connections: options.connections,
      duration,
      warmupSeconds: 0,
      requests,
    });
  await server.drain();
  console.log(`${label}: ${options.warmup} s warm-up, ${options.duration} s measured…`);
  if (options.warmup > 0) await load(options.warmup);
  await server.drain();
  const answeredBefore = server.answered();
  return withCpu(
    async () => {
      const result = await load(options.duration);
      await server.drain();
      return result;
    },
    () => server.answered() - answeredBefore,
  );
}

/** A load's figures and the CPU each program spent per request during it (cpu-accounting.ts). */
type Measured<T> = T & { cpu: CpuPerOperation | null };

/**
 * Runs a measured load and adds the CPU each program spent per operation. `operations` counts
 * what the CPU paid for: for a door, every request the server answered, those still queued
 * when the load generator stopped included (the load drains them inside the measurement).
 */
async function withCpu<T>(
  run: () => Promise<T>,
  operations: (result: T) => number,
): Promise<Measured<T>> {
  const before = cpuTimes();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  return { ...result, cpu: cpuPerOperation(before, cpuTimes(), operations(result), seconds) };
}

interface ReadResult {
  read: Read;
  rest: Measured<LoadResult>;
  trpc: Measured<LoadResult>;
  raw: Measured<SqlResult>;
}

async function measureRead(
  server: BenchServer,
  read: Read,
  options: PlansBenchOptions,
): Promise<ReadResult> {
  const cases = interleave(read.cases);
  const doorLoad = async (door: "REST" | "tRPC") => {
    const requests: LoadRequest[] = cases.map((c) => ({
      method: "GET",
      path: door === "REST" ? c.path : c.trpcPath,
      headers: { cookie: c.viewer.cookie },
    }));
    const title =
      door === "REST"
        ? `REST ${read.door}`
        : `tRPC GET /api/trpc/${read.name === "month" ? "plans.calendarMonth" : "plans.list"} (${read.name})`;
    return drainedLoad(server, title, requests, options, `${read.name}: ${door}`);
  };
  const rest = await doorLoad("REST");
  const trpc = await doorLoad("tRPC");
  console.log(`${read.name}: raw SQL ${options.warmup} s warm-up, ${options.duration} s measured…`);
  await sqlLoad(server.deps.db, cases, options.connections, options.warmup);
  const raw = await withCpu(
    () => sqlLoad(server.deps.db, cases, options.connections, options.duration),
    (result) => result.completed,
  );
  return { read, rest, trpc, raw };
}

/**
 * Each door's floor: the current user (GET /api/auth/user, tRPC auth.user) asked as the same
 * viewers at the same concurrency. Any plan read through a door pays this much (HTTP, the
 * session, an answer) before it reads a plan, so `floor p95 ÷ raw SQL p95` is the least ratio
 * any implementation of that door could reach for the read.
 */
async function measureFloors(
  server: BenchServer,
  data: PlansSeed,
  options: PlansBenchOptions,
): Promise<{ rest: Measured<LoadResult>; trpc: Measured<LoadResult> }> {
  const viewers = data.viewers.filter((viewer) => viewer !== data.busy);
  const floor = async (title: string, path: string) => {
    const requests: LoadRequest[] = viewers.map((viewer) => ({
      method: "GET",
      path,
      headers: { cookie: viewer.cookie },
    }));
    return drainedLoad(server, title, requests, options, title);
  };
  return {
    rest: await floor("floor: REST GET /api/auth/user", "/api/auth/user"),
    trpc: await floor("floor: tRPC GET /api/trpc/auth.user", "/api/trpc/auth.user"),
  };
}

/** The share of the cores a load must keep busy for the cores to bound it. */
const BUSY_CORES = 0.85;

/** One load's CPU per request by program, as a table row. */
function cpuRow(label: string, cpu: CpuPerOperation | null): string[] {
  const cell = (value: number | undefined) => (value === undefined ? "?" : value.toFixed(2));
  return [
    label,
    cell(cpu?.server),
    cell(cpu?.database),
    cell(cpu?.proxy),
    cell(cpu?.loadGenerator),
    cell(cpu?.total),
    cpu ? `${cpu.coresBusy.toFixed(1)} of ${CORES}` : "?",
  ];
}

/**
 * Where each request's CPU went, by program, and what that bounds. When the cores are all busy,
 * a load's rate is the cores over its CPU per request. Any door does at least its floor's work
 * (HTTP, the session, an answer; less the floor's own small answer read by the load generator),
 * its database does at least the raw statement's, and the load generator reads the answer the
 * spec defines, as it did from this door. A door whose database built the whole answer and which
 * passed it through would do exactly that, so on busy cores
 * `(floor - floor's reading + raw SQL + the door's answer's reading) ÷ raw SQL`, in CPU, is the
 * least ratio any door reaches on this machine.
 */
function printCpu(
  results: ReadResult[],
  floors: { rest: Measured<LoadResult>; trpc: Measured<LoadResult> },
): string[] {
  console.log("\nCPU per request in ms, by program (/proc; the kernel's 10 ms tick):");
  printTable(
    ["load", "this process", "PostgreSQL", "WS proxy", "load generator", "total", "cores busy"],
    [
      cpuRow("floor REST", floors.rest.cpu),
      cpuRow("floor tRPC", floors.trpc.cpu),
      ...results.flatMap(({ read, rest, trpc, raw }) => [
        cpuRow(`REST ${read.name}`, rest.cpu),
        cpuRow(`tRPC ${read.name}`, trpc.cpu),
        cpuRow(`raw SQL ${read.name}`, raw.cpu),
      ]),
    ],
  );
  return results.map(({ read, rest, raw }) => {
    const floor = floors.rest.cpu;
    if (!floor || !rest.cpu || !raw.cpu) return `${read.name} ?`;
    // Only a raw SQL load that keeps the cores busy is bound by them (on the embedded store it
    // runs on the database's one thread, and a door overlaps its own work with it).
    if (raw.cpu.coresBusy < BUSY_CORES * CORES) return `${read.name} n/a (raw SQL left cores idle)`;
    const least = floor.total - floor.loadGenerator + raw.cpu.total + rest.cpu.loadGenerator;
    return `${read.name} ${ratio(least / raw.cpu.total)}`;
  });
}

export async function runPlansBench(options: PlansBenchOptions): Promise<SummaryRow[]> {
  const store = await openPlansStore(options);
  const server = await startBenchServer({ db: store.handle });
  try {
    heading(
      `Plans: day, upcoming and month at ${options.connections} connections, REST and raw SQL (${store.label})`,
    );
    const data = await seedPlans(server);
    const reads = readsFor(data);
    const results: ReadResult[] = [];
    for (const read of reads) results.push(await measureRead(server, read, options));
    const floors = await measureFloors(server, data, options);

    printTable(LOAD_HEADERS, [
      loadRow(floors.rest),
      loadRow(floors.trpc),
      ...results.flatMap(({ read, rest, trpc, raw }) => [
        loadRow(rest),
        loadRow(trpc),
        [
          `raw SQL ${read.name}`,
          String(options.connections),
          `${options.duration.toFixed(1)} s`,
          perSecond(raw.opsPerSecond),
          ms(raw.p50),
          ms(raw.p95),
          ms(raw.p99),
          `ok×${raw.completed}`,
        ],
      ]),
    ]);
    printTable(
      [
        "read",
        "door",
        "p50 ÷ SQL",
        "p95 ÷ SQL",
        "p99 ÷ SQL",
        "SQL ops/s ÷ door req/s",
        "door's floor p95 ÷ SQL",
      ],
      results.flatMap(({ read, rest, trpc, raw }) =>
        (
          [
            ["REST", rest, floors.rest],
            ["tRPC", trpc, floors.trpc],
          ] as const
        ).map(([door, load, floor]) => [
          read.name,
          door,
          ratio(load.p50 / raw.p50),
          ratio(load.p95 / raw.p95),
          ratio(load.p99 / raw.p99),
          ratio(raw.opsPerSecond / load.requestsPerSecond),
          ratio(floor.p95 / raw.p95),
        ]),
      ),
    );
    console.log(
      "A door's floor: its cheapest signed-in request (the current user: HTTP, session, answer) at the same load. A read through that door does all of it and more, so its p95 cannot be below the floor's.",
    );
    console.log(
      "HTTP latencies come from autocannon's histogram in whole milliseconds; SQL latencies from performance.now().",
    );
    const passThroughBounds = printCpu(results, floors);
    console.log(
      `The least ratio any REST door reaches on these busy cores, even one passing the database's answer through (floor + raw SQL + reading the answer, in CPU, ÷ raw SQL): ${passThroughBounds.join(" · ")}`,
    );

    // The busy user's month, alone: through the door, in-process (no HTTP), and its raw SQL.
    const busy = data.busy;
    const month = monthOf(dayIn(data.now, busy.timeZone));
    console.log(
      `\nMonth ${month} for the user whose ${busy.circleIds.length} circles hold all ${data.counts.series} series (${options.monthSamples} answers each)…`,
    );
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: busy.cookie } });
      const body = (await response.json()) as T;
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return body;
    };
    type Listed = { allDay: boolean; date: string; startTime: string; endTime: string | null };
    const monthPage = (offset: number) =>
      get<Listed[]>(`/api/events/calendar/${month}${offset ? `?offset=${offset}` : ""}`);
    const restCall = async () => (await monthPage(0)).length;
    const gridCall = () => get<{ days: { count: number }[] }>(`/api/events/calendar/${month}/days`);
    // The month answers LIST_ITEMS_MAX plans at most (decision 016): its pages hold them all.
    const listed: Listed[] = [];
    for (let page = await monthPage(0); page.length > 0; page = await monthPage(listed.length)) {
      listed.push(...page);
    }
    const items = listed.length;
    // The grid counts a plan on each of the month's days it covers (decision 023).
    const [first, last] = [`${month}-01`, addDays(`${nextMonthOf(month)}-01`, -1)];
    const coveredDays = listed.reduce((sum, plan) => {
      const span = planSpan(
        {
          allDay: plan.allDay,
          date: plan.date,
          startTime: new Date(plan.startTime),
          endTime: plan.endTime ? new Date(plan.endTime) : null,
        },
        busy.timeZone,
      );
      return sum + spanDaysWithin(span, first, last).length;
    }, 0);
    const grid = await gridCall();
    const gridItems = grid.days.reduce((sum, day) => sum + day.count, 0);
    if (gridItems !== coveredDays)
      throw new Error(
        `the grid counts ${gridItems} plan-days, the month's plans cover ${coveredDays}`,
      );
    const restMonth = await sequential(options.monthSamples, restCall);
    const restGrid = await sequential(options.monthSamples, gridCall);
    // The same grid as after a change in one of the circles: nothing kept (grid-cache.ts), so
    // each answer is worked out afresh.
    const afresh =
      <T>(call: () => Promise<T>) =>
      () => {
        forgetGrids(server.deps.db);
        return call();
      };
    const restGridAfresh = await sequential(options.monthSamples, afresh(gridCall));
    const caller = { userId: busy.userId, sessionId: "bench", ip: "127.0.0.1", requestId: "bench" };
    const coreMonth = await sequential(options.monthSamples, () =>
      calendarMonth({ deps: server.deps, caller, input: { month } }),
    );
    const coreGrid = await sequential(options.monthSamples, () =>
      calendarDays({ deps: server.deps, caller, input: { month } }),
    );
    const coreGridAfresh = await sequential(
      options.monthSamples,
      afresh(() => calendarDays({ deps: server.deps, caller, input: { month } })),
    );
    const monthCase = {
      path: "",
      trpcPath: "",
      viewer: busy,
      window: monthWindow(month, busy.timeZone),
    };
    const sqlMonth = await sequential(options.monthSamples, () =>
      readBySql(server.deps.db, monthCase),
    );
    // Finding the month's occurrences alone (the index, no details): the step a design expanding
    // rules on every read would pay ~100 ms for (issue 8); here it is a range scan.
    const findMonth = await sequential(options.monthSamples, () =>
      countBySql(server.deps.db, monthCase),
    );
    const row = (label: string, figures: LatencySummary) => [
      label,
      label.includes("days") ? `${grid.days.length} days` : String(items),
      ms(figures.p50),
      ms(figures.p95),
      ms(figures.p99),
    ];
    printTable(
      ["busy user's month", "items", "p50", "p95", "p99"],
      [
        row("REST GET /api/events/calendar/{month}/days (the grid, kept)", restGrid),
        row("REST …/{month}/days after a change (worked out afresh)", restGridAfresh),
        row("core calendarDays (in-process, kept)", coreGrid),
        row("core calendarDays after a change", coreGridAfresh),
        row("REST GET /api/events/calendar/{month} (every plan)", restMonth),
        row("core calendarMonth (in-process)", coreMonth),
        row("raw SQL of the same month", sqlMonth),
        row("raw SQL: finding its occurrences (count)", findMonth),
      ],
    );

    const storeName = store.label.startsWith("embedded") ? "embedded" : "PostgreSQL";
    const rows: SummaryRow[] = results.flatMap(({ read, rest, trpc, raw }) =>
      (
        [
          ["REST", rest],
          ["tRPC", trpc],
        ] as const
      ).map(([door, load]) => {
        const factor = load.p95 / raw.p95;
        return {
          figure: `plans ${read.name} p95, ${door} / raw SQL (${storeName})`,
          value: `${ms(load.p95)} / ${ms(raw.p95)} = ${ratio(factor)}${loadWarning(load)}`,
          target: `≤ ${ratio(DOOR_RATIO_TARGET)}`,
          verdict: verdict(load.completed > 0 && factor <= DOOR_RATIO_TARGET && !loadWarning(load)),
        };
      }),
    );
    rows.push(
      ...(
        [
          ["REST", floors.rest],
          ["tRPC", floors.trpc],
        ] as const
      ).map(([door, floor]) => ({
        figure: `${door} floor (current user) p95 ÷ raw SQL p95: day · upcoming · month`,
        value: results.map(({ raw }) => ratio(floor.p95 / raw.p95)).join(" · "),
        target: "",
        verdict: "",
      })),
      {
        figure:
          "least REST door ratio on these cores: (floor + raw SQL + reading the answer) ÷ raw SQL, CPU",
        value: passThroughBounds.join(" · "),
        target: "",
        verdict: "",
      },
      ...results.map(({ read, rest, raw }) => ({
        figure: `plans ${read.name} p50/p99 REST · raw SQL`,
        value: `${ms(rest.p50)}/${ms(rest.p99)} · ${ms(raw.p50)}/${ms(raw.p99)}`,
        target: "",
        verdict: "",
      })),
      {
        figure: `busy user's month grid (${items} plans, ${data.counts.series} series), REST p50 (p95)`,
        value: `${ms(restGrid.p50)} (${ms(restGrid.p95)})`,
        target: `≤ ${MONTH_TARGET_MS} ms`,
        verdict: verdict(restGrid.p50 <= MONTH_TARGET_MS),
      },
      {
        figure: "the same grid after a change in a circle (nothing kept), REST p50 (p95)",
        value: `${ms(restGridAfresh.p50)} (${ms(restGridAfresh.p95)})`,
        target: `≤ ${MONTH_TARGET_MS} ms`,
        verdict: verdict(restGridAfresh.p50 <= MONTH_TARGET_MS),
      },
      {
        figure: "busy user's full month (every plan), REST p50 (p95)",
        value: `${ms(restMonth.p50)} (${ms(restMonth.p95)})`,
        target: "",
        verdict: "",
      },
      {
        figure:
          "busy user's month p50: grid in-process (kept · afresh) · full in-process · raw SQL · finding",
        value: `${ms(coreGrid.p50)} · ${ms(coreGridAfresh.p50)} · ${ms(coreMonth.p50)} · ${ms(sqlMonth.p50)} · ${ms(findMonth.p50)}`,
        target: "",
        verdict: "",
      },
    );
    return rows;
  } finally {
    await server.close();
    await store.close();
  }
}

function nextMonthOf(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
}

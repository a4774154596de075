/**
 * Section 2: one question ("who is signed in?") asked through each door, to see what each layer
 * costs. tRPC and REST go through HTTP, the context (Lucia's session lookup) and the procedure;
 * raw SQL runs the one statement the server runs per request (the session joined to its user),
 * directly on the same database with the same concurrency: the floor both doors are compared to.
 */
import { sql } from "drizzle-orm";
import type { BenchServer } from "./bench-server";
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
} from "./format";
import { type LoadResult, runLoad } from "./load";
import type { Seed } from "./seed";
import { type LatencySummary, summarize } from "./stats";

export interface DoorOverheadOptions {
  connections: number;
  duration: number;
  warmup: number;
}

interface SqlResult extends LatencySummary {
  opsPerSecond: number;
  completed: number;
}

/** The query behind GET /api/auth/user: Lucia's session lookup, which joins the user row. */
async function currentUserBySql(server: BenchServer, sessionId: string): Promise<void> {
  const found = (await server.deps.db.execute(sql`
    SELECT s.id, s.user_id, s.expires_at, u.*
    FROM sessions s INNER JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sessionId}`)) as unknown as { rows: unknown[] };
  if (found.rows.length !== 1) throw new Error("raw SQL: seeded session not found");
}

/** `concurrency` loops issuing queries back to back until the time is up, like autocannon's connections. */
async function sqlLoad(
  server: BenchServer,
  sessionIds: string[],
  concurrency: number,
  seconds: number,
): Promise<SqlResult> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i += concurrency) {
      const t0 = performance.now();
      await currentUserBySql(server, sessionIds[i % sessionIds.length] as string);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...summarize(samples),
    opsPerSecond: samples.length / elapsed,
    completed: samples.length,
  };
}

export async function runDoorOverhead(
  server: BenchServer,
  data: Seed,
  options: DoorOverheadOptions,
): Promise<SummaryRow[]> {
  heading(
    `2. Door overhead: the current user via tRPC, REST and raw SQL (${options.connections} concurrent)`,
  );
  const door = async (title: string, path: string) => {
    await server.drain();
    console.log(`${title}: ${options.warmup} s warm-up, ${options.duration} s measured…`);
    return runLoad({
      title,
      url: server.url,
      connections: options.connections,
      duration: options.duration,
      warmupSeconds: options.warmup,
      requests: data.sessions.map((session) => ({
        method: "GET",
        path,
        headers: { cookie: session.cookie },
      })),
    });
  };
  const trpc = await door("tRPC GET /api/trpc/auth.user", "/api/trpc/auth.user");
  const rest = await door("REST GET /api/auth/user", "/api/auth/user");

  await server.drain();
  console.log(`raw SQL: ${options.warmup} s warm-up, ${options.duration} s measured…`);
  const sessionIds = data.sessions.map((session) => session.sessionId);
  await sqlLoad(server, sessionIds, options.connections, options.warmup);
  const raw = await sqlLoad(server, sessionIds, options.connections, options.duration);

  printTable(LOAD_HEADERS, [
    loadRow(trpc),
    loadRow(rest),
    [
      "raw SQL (db.execute, session ⋈ user)",
      String(options.connections),
      `${options.duration.toFixed(1)} s`,
      perSecond(raw.opsPerSecond),
      ms(raw.p50),
      ms(raw.p95),
      ms(raw.p99),
      `ok×${raw.completed}`,
    ],
  ]);

  // Throughput ratio: how many raw lookups fit in the time of one request through the door.
  const slower = (result: LoadResult) => raw.opsPerSecond / result.requestsPerSecond;
  const latency = (result: LoadResult) => result.p50 / raw.p50;
  printTable(
    ["door", "SQL ops/s ÷ door req/s", "door p50 ÷ SQL p50"],
    [
      ["tRPC / SQL", ratio(slower(trpc)), ratio(latency(trpc))],
      ["REST / SQL", ratio(slower(rest)), ratio(latency(rest))],
    ],
  );
  console.log(
    "HTTP latencies come from autocannon's histogram in whole milliseconds; SQL latencies from performance.now().",
  );

  return [
    {
      figure: "tRPC auth.user req/s (p50)",
      value: `${perSecond(trpc.requestsPerSecond)} (${ms(trpc.p50)})${loadWarning(trpc)}`,
      target: "",
      verdict: "",
    },
    {
      figure: "REST /api/auth/user req/s (p50)",
      value: `${perSecond(rest.requestsPerSecond)} (${ms(rest.p50)})${loadWarning(rest)}`,
      target: "",
      verdict: "",
    },
    {
      figure: "raw SQL current user ops/s (p50)",
      value: `${perSecond(raw.opsPerSecond)} (${ms(raw.p50)})`,
      target: "",
      verdict: "",
    },
    { figure: "tRPC / SQL (throughput cost)", value: ratio(slower(trpc)), target: "", verdict: "" },
    { figure: "REST / SQL (throughput cost)", value: ratio(slower(rest)), target: "", verdict: "" },
  ];
}

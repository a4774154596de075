/**
 * Section 2: one question ("who is signed in?") asked through each door, to see what each layer
 * costs. tRPC and REST go through HTTP, the context (Lucia's session lookup) and the procedure;
 * raw SQL runs the one statement the server runs per request (the session joined to its user),
 * directly on the same database with the same concurrency: the floor both doors are compared to.
 */

import { sha256 } from "@circleplan/core/auth/secrets";
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
import { type ClosedLoopResult, closedLoopLoad } from "./stats";

export interface DoorOverheadOptions {
  connections: number;
  duration: number;
  warmup: number;
}

type SqlResult = ClosedLoopResult;

/**
 * The query behind GET /api/auth/user: Lucia's session lookup, which joins the user row. The
 * stored id is the SHA-256 of the cookie's token (docs/decisions/006), so the raw read hashes it
 * too, as the door does.
 */
async function currentUserBySql(server: BenchServer, token: string): Promise<void> {
  const found = (await server.deps.db.execute(sql`
    SELECT s.id, s.user_id, s.expires_at, u.*
    FROM sessions s INNER JOIN users u ON u.id = s.user_id
    WHERE s.id = ${sha256(token)}`)) as unknown as { rows: unknown[] };
  if (found.rows.length !== 1) throw new Error("raw SQL: seeded session not found");
}

/** The raw SQL of the same read, under the same closed-loop load as the door. */
function sqlLoad(
  server: BenchServer,
  sessionIds: string[],
  concurrency: number,
  seconds: number,
): Promise<SqlResult> {
  return closedLoopLoad(
    (i) => currentUserBySql(server, sessionIds[i % sessionIds.length] as string),
    concurrency,
    seconds,
  );
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

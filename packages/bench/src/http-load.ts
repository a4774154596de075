/** Section 1: the two auth endpoints under load, signed-in reads and logins. */
import type { BenchServer } from "./bench-server";
import {
  heading,
  LOAD_HEADERS,
  loadRow,
  loadWarning,
  ms,
  perSecond,
  printTable,
  type SummaryRow,
} from "./format";
import { runLoad } from "./load";
import type { Seed } from "./seed";

export interface HttpLoadOptions {
  connections: number;
  duration: number;
  loginDuration: number;
  warmup: number;
}

export async function runHttpLoad(
  server: BenchServer,
  data: Seed,
  options: HttpLoadOptions,
): Promise<SummaryRow[]> {
  heading(`1. HTTP load (${options.connections} connections, real server on ${server.url})`);
  console.log(`GET /api/auth/user: ${options.warmup} s warm-up, ${options.duration} s measured…`);
  // Every connection cycles through all seeded sessions, so lookups are not one hot row.
  const user = await runLoad({
    title: "GET /api/auth/user (cookie)",
    url: server.url,
    connections: options.connections,
    duration: options.duration,
    warmupSeconds: options.warmup,
    requests: data.sessions.map((session) => ({
      method: "GET",
      path: "/api/auth/user",
      headers: { cookie: session.cookie },
    })),
  });
  await server.drain();
  // No warm-up: scrypt costs the same from the first call, and the run is bounded as it is.
  console.log(`POST /api/auth/login: ${options.loginDuration} s measured…`);
  const login = await runLoad({
    title: "POST /api/auth/login",
    url: server.url,
    connections: options.connections,
    duration: options.loginDuration,
    warmupSeconds: 0,
    requests: data.users.map((account) => ({
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json", origin: server.appUrl },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })),
  });
  await server.drain();
  printTable(LOAD_HEADERS, [loadRow(user), loadRow(login)]);
  console.log("Login is scrypt-bound by design (N=2^15, r=8, p=3): its low rate is the point.");

  const rows: SummaryRow[] = [];
  for (const result of [user, login]) {
    rows.push(
      {
        figure: `${result.title} req/s`,
        value: perSecond(result.requestsPerSecond) + loadWarning(result),
        target: "",
        verdict: "",
      },
      {
        figure: `${result.title} p50/p95/p99`,
        value: `${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)}`,
        target: "",
        verdict: "",
      },
    );
  }
  return rows;
}

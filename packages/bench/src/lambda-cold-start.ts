/**
 * Section 3: the API Lambda bundle, its minified size and its cold start (import + first request
 * in a fresh `node` process).
 *
 * The request is GET /api/auth/user without a cookie, answered 401. It runs the whole app (deps
 * built on first request, Hono, the REST door, the tRPC caller, the error formatter) with no
 * database round trip: without a session cookie nothing is queried. DATABASE_URL points at an
 * unreachable address because the bundle's embedded-store path needs PGlite, which is external
 * to the bundle; the Neon pool connects lazily, so it is never dialled, and a 401 proves it.
 */
import { spawnSync } from "node:child_process";
import { createECDH } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { heading, kB, ms, printTable, type SummaryRow, verdict } from "./format";
import { median } from "./stats";
import { buildPackage } from "./workspace-build";

const BUNDLE = fileURLToPath(new URL("../../functions/dist/api/index.mjs", import.meta.url));
const PROBE = fileURLToPath(new URL("./lambda-probe.mjs", import.meta.url));
const SIZE_TARGET = 1_000_000;
const COLD_TARGET_MS = 150;
const SIZE_FIGURE = "API Lambda bundle (minified, all chunks)";
const COLD_FIGURE = "Lambda import + first request (median; 401, no DB)";
const NEVER_DIALLED_DATABASE = "postgresql://bench:bench@127.0.0.1:9/bench";

export interface LambdaOptions {
  runs: number;
  /** Build even when a bundle exists (it may be stale). */
  rebuild: boolean;
}

interface ProbeResult {
  importMs: number;
  firstRequestMs: number;
  importCpuMs: number;
  firstRequestCpuMs: number;
  status: number;
}

function probe(): ProbeResult {
  // A bare environment: nothing from this shell (NODE_OPTIONS, tsx, a real DATABASE_URL) leaks in.
  const result = spawnSync(process.execPath, [PROBE, BUNDLE], {
    encoding: "utf8",
    // The production settings sst.config.ts gives the function (the server refuses to start
    // without a mail transport and a secret once DATABASE_URL is set).
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: NEVER_DIALLED_DATABASE,
      MAIL_TRANSPORT: "ses",
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      TRUST_PROXY: "cloudfront",
      ORIGIN_SECRET: "bench-origin-secret-bench-origin-secret-01",
      ...vapidKeys(),
    },
    timeout: 30_000,
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  if (result.status !== 0 || !line.startsWith("{")) {
    throw new Error(
      `lambda probe failed (exit ${result.status}): ${result.stderr.trim().slice(-800)}`,
    );
  }
  const parsed = JSON.parse(line) as ProbeResult;
  if (parsed.status !== 401) throw new Error(`lambda probe: expected 401, got ${parsed.status}`);
  return parsed;
}

/** A Web Push key pair of the run's own (P-256, base64url), as production's secrets hold one. */
function vapidKeys() {
  const pair = createECDH("prime256v1");
  pair.generateKeys();
  return {
    VAPID_PUBLIC_KEY: pair.getPublicKey("base64url"),
    VAPID_PRIVATE_KEY: pair.getPrivateKey("base64url"),
  };
}

const SIZE_TARGET_TEXT = `≤ ${kB(SIZE_TARGET)}`;
const COLD_TARGET_TEXT = `≤ ${COLD_TARGET_MS} ms`;
const sizeUnavailable: SummaryRow = {
  figure: SIZE_FIGURE,
  value: "n/a",
  target: SIZE_TARGET_TEXT,
  verdict: "n/a",
};
const coldUnavailable: SummaryRow = {
  figure: COLD_FIGURE,
  value: "n/a",
  target: COLD_TARGET_TEXT,
  verdict: "n/a",
};

export function runLambdaColdStart(options: LambdaOptions): SummaryRow[] {
  heading("3. API Lambda bundle: size and cold start");
  if ((options.rebuild || !existsSync(BUNDLE)) && !buildPackage("@circleplan/functions")) {
    console.log("n/a: the functions build failed");
    return [sizeUnavailable, coldUnavailable];
  }
  if (!existsSync(BUNDLE)) {
    console.log(`n/a: no bundle at ${BUNDLE} after the build`);
    return [sizeUnavailable, coldUnavailable];
  }
  const { mtime } = statSync(BUNDLE);
  // The entry and the chunks it may load (code splitting): the whole deployed code.
  const bundleDir = path.dirname(BUNDLE);
  const size = readdirSync(bundleDir)
    .filter((file) => file.endsWith(".mjs"))
    .reduce((sum, file) => sum + statSync(path.join(bundleDir, file)).size, 0);
  console.log(`Bundle: ${BUNDLE} (built ${mtime.toISOString()}; --rebuild to build it again)`);
  console.log(
    `Measured: fresh \`node\` process → import bundle → handler(API Gateway v2 event, GET /api/auth/user, no cookie) → 401; ${options.runs} runs`,
  );
  console.log(
    "No database round trip: without a cookie nothing is queried (DATABASE_URL set but never dialled).",
  );

  const sizeRow: SummaryRow = {
    figure: SIZE_FIGURE,
    value: kB(size),
    target: SIZE_TARGET_TEXT,
    verdict: verdict(size <= SIZE_TARGET),
  };
  let runs: ProbeResult[];
  try {
    runs = Array.from({ length: options.runs }, probe);
  } catch (error) {
    // A bundle that does not start is a finding about the bundle, not a crash of the bench.
    console.log(`n/a: ${error instanceof Error ? error.message : String(error)}`);
    return [sizeRow, coldUnavailable];
  }
  printTable(
    ["run", "import", "first request", "import + first request", "CPU: import", "CPU: request"],
    runs.map((run, index) => [
      String(index + 1),
      ms(run.importMs),
      ms(run.firstRequestMs),
      ms(run.importMs + run.firstRequestMs),
      ms(run.importCpuMs),
      ms(run.firstRequestCpuMs),
    ]),
  );
  // The run with the median total, so its import and request parts add up to the figure.
  const total = (run: ProbeResult) => run.importMs + run.firstRequestMs;
  const middle = median(runs.map(total));
  const medianRun = runs.find((run) => total(run) === middle) ?? (runs[0] as ProbeResult);
  return [
    sizeRow,
    {
      figure: COLD_FIGURE,
      value: `${ms(middle)} (import ${ms(medianRun.importMs)} + request ${ms(medianRun.firstRequestMs)})`,
      target: COLD_TARGET_TEXT,
      verdict: verdict(middle <= COLD_TARGET_MS),
    },
  ];
}

/**
 * `pnpm bench [section…] [--flag value…]`: runs the chosen sections in order and prints a summary.
 * Figures are reported, not asserted: a missed target still exits 0; only a crash exits non-zero.
 */
import { parseArgs } from "node:util";
import { startBenchServer } from "./bench-server";
import { runBoundsBench } from "./bounds-bench";
import { runDigestBench } from "./digest-bench";
import { runDoorOverhead } from "./door-overhead";
import { runFeedBench } from "./feed-bench";
import { printSummary, type SummaryRow } from "./format";
import { runHttpLoad } from "./http-load";
import { runLambdaColdStart } from "./lambda-cold-start";
import { runLighthouse } from "./lighthouse";
import { runNlpBench } from "./nlp-bench";
import { runPlansBench } from "./plans-bench";
import { runRequestsBench } from "./requests-bench";
import { runScreenReady } from "./screen-ready";
import { runSearchBench } from "./search-bench";
import { seed } from "./seed";
import { runTimingProbe } from "./timing-probe";
import { runWebSize } from "./web-size";

const SECTIONS = [
  "http",
  "doors",
  "plans",
  "search",
  "feed",
  "bounds",
  "nlp",
  "digest",
  "timing",
  "lambda",
  "web",
  "lighthouse",
  "ready",
  "requests",
] as const;
type Section = (typeof SECTIONS)[number];
const ALIASES: Record<string, Section[]> = { all: [...SECTIONS], api: ["http", "doors"] };

const USAGE = `Usage: pnpm bench [all | api | http | doors | plans | search | feed | bounds | nlp | digest | timing | lambda | web | lighthouse | ready | requests]… [options]

Sections (default: all, in this order):
  http     GET /api/auth/user and POST /api/auth/login under load
  doors    the current user via tRPC, REST and raw SQL, with ratios
  plans    50 users, 10 circles, 20,000 plans (500 series): the day, upcoming and month
           reads through the REST and tRPC doors next to their raw SQL and each door's
           floor (the current user), and one month for the user whose circles hold the
           500 series (the grid, and every plan); on the embedded store unless --postgres
           or --database-url
  search   the busy user of the plans section's 20,000 plans searching a few words (one of
           them "dentist"): p50/p95 through the REST door, in-process and as the raw SQL of
           the same answer, and EXPLAIN ANALYZE showing the GIN index used; embedded store
           unless --postgres or --database-url
  feed     one circle's calendar feed of 2,000 plans (100 weekly series, each with a
           cancelled and a renamed occurrence): GET /api/calendar-feeds/{token}.ics built,
           and answered 304, p50/p95, and the answer's size plain and gzipped; embedded
           store unless --postgres or --database-url
  bounds   the heaviest requests the plan rules allow (a series from 1900, 500 times, its
           rewrite, far reads of a circle at its cap of daily series, the job moving their
           windows): rows each writes and its time; embedded store unless --postgres
  nlp      the natural-language reader: warm p50/p99 per corpus sentence, and the first
           sentence after a cold start in --cold-runs processes, after nlp.prepare (and the
           prepare's own cost) and without it
  digest   one run of the scheduled job (reminders, push, digests, outbox, upkeep) on
           100,000 users and 1,000,000 plans with 10,000 reminders due: its time and
           the statements it issued; embedded store unless --postgres or --database-url
  timing   known vs unknown accounts on login, forgot-password, resend-verification and
           reset-password: median and p90 ms of each side and their ratio (own server,
           mail that takes --mail-delay-ms per message, as SES does)
  lambda   API Lambda bundle size and cold start
  web      web app initial JS, gzipped
  lighthouse
           Lighthouse 12.8, mobile preset, as an independent run: /auth signed out and
           /dashboard, /calendar and a circle page signed in (a real session): performance,
           accessibility and best-practices scores, LCP and TBT, median of --lighthouse-runs
  ready    the same four screens in a real Chromium at Lighthouse's slow 4G and 4× CPU (DevTools
           throttling, cold cache, no service worker): first contentful paint and when the
           app's screen replaced the painted first look, median of --ready-runs; no target,
           for comparing builds (what the simulation misses: bench notes, fifth round)
  requests one active user's day of API requests with the spec's polling and with live sync,
           each screen's requests measured in Chromium, and a month's AWS cost for 100,000
           families (docs/bench-notes.md, "Requests per user per day")
  api      http + doors

Options (flag, or the environment variable in brackets):
  --duration <s>        seconds measured per load run            [BENCH_DURATION=10]
  --login-duration <s>  seconds of login load                    [BENCH_LOGIN_DURATION=10]
  --warmup <s>          discarded seconds before each read load  [BENCH_WARMUP=2]
  --connections <n>     concurrent connections / queries         [BENCH_CONNECTIONS=50]
  --users <n>           accounts registered and verified         [BENCH_USERS=200]
  --sessions <n>        of those, accounts logged in             [BENCH_SESSIONS=20]
  --timing-samples <n>  timed calls per side, after 3 warm-ups   [BENCH_TIMING_SAMPLES=40]
  --mail-delay-ms <ms>  what each mail costs the timing server   [BENCH_MAIL_DELAY_MS=70]
  --cold-runs <n>       fresh processes for the Lambda and nlp cold starts [BENCH_COLD_RUNS=5]
  --lighthouse-runs <n> Lighthouse runs per page, median reported [BENCH_LIGHTHOUSE_RUNS=5]
  --ready-runs <n>      Chromium loads per page (ready), median reported [BENCH_READY_RUNS=5]
  --lighthouse-save <dir> also write each run's Lighthouse report (JSON: its trace's main-thread
                        breakdown, bootup time by script, long tasks) to <dir>
  --chrome-path <file>  the Chromium Lighthouse and requests drive [CHROME_PATH=/usr/bin/chromium]
  --month-samples <n>   timed answers of the plans section's month [BENCH_MONTH_SAMPLES=30]
  --search-samples <n>  timed answers of each search             [BENCH_SEARCH_SAMPLES=50]
  --feed-samples <n>    timed answers of the calendar feed        [BENCH_FEED_SAMPLES=20]
  --postgres            plans and digest on a throwaway local PostgreSQL (Debian's, as pnpm test's)
  --database-url <url>  plans and digest on this PostgreSQL server, in a database of the run's own,
                        dropped afterwards                       [BENCH_DATABASE_URL]
  --rebuild             build the Lambda bundle even if one exists
  --skip-web-build      measure (web) or serve (lighthouse, ready, requests) the existing packages/web/dist`;

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: "string" },
      "login-duration": { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      users: { type: "string" },
      sessions: { type: "string" },
      "timing-samples": { type: "string" },
      "mail-delay-ms": { type: "string" },
      "cold-runs": { type: "string" },
      "lighthouse-runs": { type: "string" },
      "ready-runs": { type: "string" },
      "lighthouse-save": { type: "string" },
      "chrome-path": { type: "string" },
      "month-samples": { type: "string" },
      "search-samples": { type: "string" },
      "feed-samples": { type: "string" },
      "database-url": { type: "string" },
      postgres: { type: "boolean", default: false },
      rebuild: { type: "boolean", default: false },
      "skip-web-build": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const number = (flag: string | undefined, envName: string, fallback: number, min: number) => {
    const text = flag ?? process.env[envName];
    if (text === undefined || text === "") return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min)
      throw new Error(`${envName}/flag: expected a number ≥ ${min}, got "${text}"`);
    return value;
  };
  const sections = new Set<Section>();
  // pnpm may pass a literal "--" through; it separates nothing here.
  for (const name of positionals.filter((name) => name !== "--")) {
    const chosen = ALIASES[name] ?? (SECTIONS.includes(name as Section) ? [name as Section] : null);
    if (!chosen) throw new Error(`Unknown section "${name}".\n\n${USAGE}`);
    for (const section of chosen) sections.add(section);
  }
  const users = number(values.users, "BENCH_USERS", 200, 1);
  return {
    help: values.help,
    sections: SECTIONS.filter((section) => sections.size === 0 || sections.has(section)),
    duration: number(values.duration, "BENCH_DURATION", 10, 1),
    loginDuration: number(values["login-duration"], "BENCH_LOGIN_DURATION", 10, 1),
    warmup: number(values.warmup, "BENCH_WARMUP", 2, 0),
    connections: Math.round(number(values.connections, "BENCH_CONNECTIONS", 50, 1)),
    users: Math.round(users),
    sessions: Math.round(Math.min(users, number(values.sessions, "BENCH_SESSIONS", 20, 1))),
    timingSamples: Math.round(number(values["timing-samples"], "BENCH_TIMING_SAMPLES", 40, 1)),
    mailDelayMs: number(values["mail-delay-ms"], "BENCH_MAIL_DELAY_MS", 70, 0),
    coldRuns: Math.round(number(values["cold-runs"], "BENCH_COLD_RUNS", 5, 1)),
    lighthouseRuns: Math.round(number(values["lighthouse-runs"], "BENCH_LIGHTHOUSE_RUNS", 5, 1)),
    readyRuns: Math.round(number(values["ready-runs"], "BENCH_READY_RUNS", 5, 1)),
    lighthouseSaveDir: values["lighthouse-save"],
    chromePath: values["chrome-path"] ?? process.env.CHROME_PATH ?? "/usr/bin/chromium",
    monthSamples: Math.round(number(values["month-samples"], "BENCH_MONTH_SAMPLES", 30, 1)),
    searchSamples: Math.round(number(values["search-samples"], "BENCH_SEARCH_SAMPLES", 50, 1)),
    feedSamples: Math.round(number(values["feed-samples"], "BENCH_FEED_SAMPLES", 20, 1)),
    // Not DATABASE_URL: a shell's database must not receive the bench's plans by accident.
    databaseUrl: values["database-url"] ?? (process.env.BENCH_DATABASE_URL || undefined),
    postgres: values.postgres,
    rebuild: values.rebuild,
    webBuild: !values["skip-web-build"],
  };
}

async function main(): Promise<void> {
  const options = parse();
  if (options.help) {
    console.log(USAGE);
    return;
  }
  console.log(`Circleplan bench: ${options.sections.join(", ")} (Node ${process.version})`);
  const summary: SummaryRow[] = [];

  const needsServer = options.sections.some((section) => section === "http" || section === "doors");
  if (needsServer) {
    const server = await startBenchServer();
    try {
      const data = await seed(server, { users: options.users, sessions: options.sessions });
      if (options.sections.includes("http"))
        summary.push(...(await runHttpLoad(server, data, options)));
      if (options.sections.includes("doors"))
        summary.push(...(await runDoorOverhead(server, data, options)));
    } finally {
      await server.close();
    }
  }
  // Its own server and database: 20,000 plans, and PostgreSQL when asked.
  if (options.sections.includes("plans")) summary.push(...(await runPlansBench(options)));
  if (options.sections.includes("search")) {
    summary.push(
      ...(await runSearchBench({
        postgres: options.postgres,
        databaseUrl: options.databaseUrl,
        samples: options.searchSamples,
      })),
    );
  }
  if (options.sections.includes("feed")) {
    summary.push(
      ...(await runFeedBench({
        postgres: options.postgres,
        databaseUrl: options.databaseUrl,
        samples: options.feedSamples,
      })),
    );
  }
  if (options.sections.includes("bounds")) {
    summary.push(
      ...(await runBoundsBench({ postgres: options.postgres, databaseUrl: options.databaseUrl })),
    );
  }
  if (options.sections.includes("nlp")) {
    summary.push(...(await runNlpBench({ coldRuns: options.coldRuns })));
  }
  // Its own database: 1,000,000 plans, and PostgreSQL when asked.
  if (options.sections.includes("digest")) {
    summary.push(
      ...(await runDigestBench({ postgres: options.postgres, databaseUrl: options.databaseUrl })),
    );
  }
  // Its own server: mail must cost time there, and the load runs must not leave rows behind.
  if (options.sections.includes("timing")) {
    summary.push(
      ...(await runTimingProbe({
        samples: options.timingSamples,
        mailDelayMs: options.mailDelayMs,
      })),
    );
  }
  if (options.sections.includes("lambda")) {
    summary.push(
      ...(await runLambdaColdStart({ runs: options.coldRuns, rebuild: options.rebuild })),
    );
  }
  if (options.sections.includes("web")) summary.push(...runWebSize({ build: options.webBuild }));
  if (options.sections.includes("lighthouse")) {
    summary.push(
      ...(await runLighthouse({
        // The web section has just built it.
        build: options.webBuild && !options.sections.includes("web"),
        runs: options.lighthouseRuns,
        chromePath: options.chromePath,
        saveDir: options.lighthouseSaveDir,
      })),
    );
  }

  if (options.sections.includes("ready")) {
    summary.push(
      ...(await runScreenReady({
        // An earlier section has just built it.
        build:
          options.webBuild &&
          !options.sections.includes("web") &&
          !options.sections.includes("lighthouse"),
        runs: options.readyRuns,
        chromePath: options.chromePath,
      })),
    );
  }

  if (options.sections.includes("requests")) {
    summary.push(
      ...(await runRequestsBench({
        // An earlier section has just built it.
        build:
          options.webBuild &&
          !options.sections.includes("web") &&
          !options.sections.includes("lighthouse") &&
          !options.sections.includes("ready"),
        chromePath: options.chromePath,
      })),
    );
  }

  printSummary(summary);
}

// Explicit exits: a figure is final once printed, and stray handles must not hold the run open.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

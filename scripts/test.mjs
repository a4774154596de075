// `pnpm test`: the whole suite, as CI runs it (`.ci/run`). Phases run side by side, so that
// neither core of a 2-core machine waits (docs/decisions/012-test-suite.md):
//   1. Chromium, its headless shell and PostgreSQL installed when missing (apt-get, one at a
//      time), and a throwaway PostgreSQL server started
//   2. at once: static checks (biome, then an incremental `tsc -b`), and the web build, then
//      the browser tests (vitest project e2e: one server and one Chromium for the run), which
//      go on beside what follows
//   3. at once too, unit and component tests and the embedded store's own integration files
//      on the embedded database (PGlite), then every integration file on the PostgreSQL server
//      through the production driver (CIRCLEPLAN_TEST_PG_URL)
//   4. beside all of it, the Lambda smoke (`pnpm smoke:lambda`): the functions bundled as SST
//      bundles them, run under Node 22 against that PostgreSQL server and an S3 server; and
//      `pnpm typecheck:sst` (sst.config.ts against SST's platform types, installed once per
//      machine: scripts/sst-platform.mjs)
//   5. the time of each phase, then one closing line `N passed, N failed, N skipped` summed
//      over every run (CI reads that line: it stays the last one)
// The browser run and the static checks print in one piece when they end.
// `--quick` runs only the embedded pass, every integration file on PGlite, for local iteration.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePostgresInstalled, startPostgres } from "./ensure-postgres.mjs";
import { ensureInstalled, log, pnpmAsync, repoRoot } from "./lib.mjs";
import { smokeLambda } from "./smoke-lambda.mjs";

const quick = process.argv.includes("--quick");
const started = Date.now();
const reportDir = mkdtempSync(join(tmpdir(), "circleplan-test-"));
process.on("exit", () => rmSync(reportDir, { recursive: true, force: true }));

function seconds() {
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

/** Every phase's name and duration, for the summary before the closing line. */
const phases = [];
const formatMs = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** What failed outside a test count (a static check, a run without a report). */
const problems = [];

/** Runs one phase of the suite (sync or async) and records how long it took. */
async function timed(name, work) {
  const phaseStarted = Date.now();
  try {
    return await work();
  } finally {
    const ms = Date.now() - phaseStarted;
    phases.push({ name, ms });
    log(`${name}: ${formatMs(ms)} (${seconds()} so far)`);
  }
}

/** Prints what a phase that ran beside others wrote, in one piece. */
function printOutput(label, file) {
  if (!existsSync(file)) return;
  log(`output of ${label}:`);
  process.stdout.write(readFileSync(file, "utf8"));
}

/**
 * Runs vitest with the default reporter plus a JSON report; returns the run's counts. With
 * `quiet`, its output is kept until it ends (it runs beside another vitest).
 */
async function vitest(label, projectArgs, { env = {}, quiet = false } = {}) {
  const reportFile = join(reportDir, `${label}.json`);
  const outputFile = quiet ? join(reportDir, `${label}.log`) : undefined;
  log(`vitest: ${label} (${seconds()} so far)`);
  const status = await timed(`vitest ${label}`, () =>
    pnpmAsync(
      [
        "exec",
        "vitest",
        "run",
        ...projectArgs,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${reportFile}`,
      ],
      { env: { ...process.env, ...env }, outputFile },
    ),
  );
  if (outputFile) printOutput(`vitest ${label}`, outputFile);
  return { label, status, ...readCounts(reportFile) };
}

function firstLine(message) {
  return (message ?? "(no message)").split("\n", 1)[0].slice(0, 300);
}

function readCounts(reportFile) {
  if (!existsSync(reportFile)) {
    return { passed: 0, failed: 0, skipped: 0, failures: [], reported: false };
  }
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  // Named again at the very end: CI keeps only the tail of a long log.
  const failures = (report.testResults ?? []).flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failed.length === 0 && file.status === "failed")
      return [`${where}: ${firstLine(file.message)}`];
    return failed.map(
      (test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
    );
  });
  // A file that fails to load (syntax error, failing beforeAll) has no failed test
  // inside it; count it as one failure so the summary cannot read all green.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === "failed" &&
      !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
    reported: true,
  };
}

/** A command whose output is kept until it ends; a failure is one of the run's problems. */
async function check(label, args) {
  const outputFile = join(reportDir, `${label}.log`);
  const status = await pnpmAsync(args, { outputFile });
  if (status !== 0) {
    printOutput(label, outputFile);
    problems.push(`${label} failed (exit ${status}; its output is above)`);
  }
  return status;
}

await timed("install", () => ensureInstalled());

const quickProjects = [
  "--project",
  "unit",
  "--project",
  "component",
  "--project",
  "component-isolated",
  "--project",
  "integration",
];
const runs = [];
if (quick) {
  runs.push(await vitest("embedded", quickProjects));
} else {
  const env = {};
  const browsers = await timed("Chromium", () => ensureChromium());
  env.CHROMIUM_PATH = browsers.chromium;
  env.CHROMIUM_HEADLESS_SHELL_PATH = browsers.headlessShell;
  await timed("PostgreSQL install", () => ensurePostgresInstalled());

  const pg = await timed("PostgreSQL setup", () => startPostgres());
  try {
    // The browser tests run from the moment the build is there to the end, beside the static
    // checks and then the two passes (their Chromium is most of the suite's CPU: starting it
    // first keeps it off the critical path). Only the passes write to the terminal as they go.
    log("static checks beside the web build and the browser tests");
    const staticChecks = timed("lint + typecheck", async () => {
      if ((await check("lint", ["lint"])) !== 0) return;
      await check("typecheck", ["exec", "tsc", "-b"]);
    });
    const browserRun = (async () => {
      const built = await timed("web build", () =>
        check("web build", ["--filter", "@circleplan/web", "build"]),
      );
      if (built !== 0) return { label: "browser", status: 1, passed: 0, failed: 0, skipped: 0 };
      env.WEB_DIST = join(repoRoot, "packages", "web", "dist");
      // Screens saved for a person to look at only when asked (CIRCLEPLAN_SCREENSHOTS=1):
      // a tenth of the browser run's CPU, and CI keeps no files.
      const screens = { CIRCLEPLAN_SCREENSHOTS: process.env.CIRCLEPLAN_SCREENSHOTS ?? "0" };
      return vitest("browser", ["--project", "e2e"], { env: { ...env, ...screens }, quiet: true });
    })();
    // The embedded pass starts at once (the static checks beside it are a few core-seconds),
    // with only the integration files of the embedded store itself; then the PostgreSQL pass
    // runs every integration file through the production driver (decision 012, "Which store
    // runs what"). One vitest pool at a time beside the browser run: three at once thrash two
    // cores. (The other order, PostgreSQL first, stretched that pass from 134 s to 225 s beside
    // the browser run's start: its tests wait on a server that then shares the cores.)
    const embeddedRun = vitest("embedded", quickProjects, {
      env: { ...env, CIRCLEPLAN_TEST_INTEGRATION: "store" },
    });
    const postgresRun = embeddedRun.then(() =>
      vitest("postgres", ["--project", "integration"], {
        env: { ...env, CIRCLEPLAN_TEST_PG_URL: pg.url },
      }),
    );
    // Mostly waiting (bundling, Node 22 starting, network): a few core-seconds beside the rest.
    const lambdaSmoke = timed("Lambda smoke", async () => {
      const result = await smokeLambda({ pgUrl: pg.url, quiet: true });
      log("output of the Lambda smoke:");
      process.stdout.write(result.output);
      return {
        label: "Lambda smoke",
        status: result.failed > 0 ? 1 : 0,
        skipped: 0,
        reported: true,
        ...result,
      };
    });
    // SST's platform types, for sst.config.ts: a download the first time (~320 MB, network
    // bound), then a few seconds of tsc; beside the rest too.
    const sstTypes = timed("SST typecheck", () => check("SST typecheck", ["typecheck:sst"]));
    runs.push(...(await Promise.all([embeddedRun, postgresRun, browserRun, lambdaSmoke])));
    await Promise.all([staticChecks, sstTypes]);
  } finally {
    await timed("PostgreSQL stop", () => pg.stop());
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const run of runs) {
  total.passed += run.passed;
  total.failed += run.failed;
  total.skipped += run.skipped;
  if (!run.reported) problems.push(`the ${run.label} run wrote no JSON report`);
  else if (run.status !== 0 && run.failed === 0) {
    problems.push(`vitest exited with ${run.status} in the ${run.label} run (see its output)`);
  }
}
if (total.passed + total.failed === 0) problems.push("no test ran");

log(
  `runs: ${runs.map((run) => `${run.label} ${run.passed} passed/${run.failed} failed/${run.skipped} skipped`).join("; ")}; took ${seconds()}`,
);
log(
  `phases: ${phases.map((phase) => `${phase.name} ${formatMs(phase.ms)}`).join(", ")}; total ${formatMs(Date.now() - started)}`,
);
for (const run of runs) {
  // A test retried or reported twice is named once.
  for (const failure of new Set(run.failures ?? [])) {
    console.error(`[circleplan] failed (${run.label}): ${failure}`);
  }
}
for (const problem of problems) console.error(`[circleplan] FAILED: ${problem}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || problems.length > 0 ? 1 : 0);

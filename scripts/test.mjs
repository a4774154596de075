// `pnpm test`: the whole suite, as CI runs it (`.ci/run`).
//   1. lint (biome) and typecheck
//   2. Chromium and a fresh web build for the browser tests
//   3. every vitest project (unit, integration, e2e) on the embedded database (PGlite)
//   4. the integration project again on a real PostgreSQL server (CIRCLEPLAN_TEST_PG_URL)
//   5. the time of each phase, then one closing line `N passed, N failed, N skipped` summed
//      over both runs (CI reads that line: it stays the last one)
// `--quick` runs only step 3's unit, component and integration projects, for local iteration.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { startPostgres } from "./ensure-postgres.mjs";
import { ensureInstalled, ensureWebBuilt, log, pnpm } from "./lib.mjs";

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

/** Runs one phase of the suite (sync or async) and records how long it took. */
async function timed(name, work) {
  const phaseStarted = Date.now();
  try {
    return await work();
  } finally {
    const ms = Date.now() - phaseStarted;
    phases.push({ name, ms });
    log(`${name}: ${formatMs(ms)}`);
  }
}

/** Runs vitest with the default reporter plus a JSON report; returns the run's counts. */
async function vitest(label, projectArgs, env = {}) {
  const reportFile = join(reportDir, `${label}.json`);
  log(`vitest: ${label} (${seconds()} so far)`);
  const status = await timed(`vitest ${label}`, () =>
    pnpm(
      [
        "exec",
        "vitest",
        "run",
        ...projectArgs,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${reportFile}`,
      ],
      { env, allowFailure: true },
    ),
  );
  return { label, status, ...readCounts(reportFile) };
}

function readCounts(reportFile) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 0, skipped: 0, reported: false };
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
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
    reported: true,
  };
}

await timed("install", () => ensureInstalled());

const env = {};
if (!quick) {
  log("lint");
  await timed("lint", () => pnpm(["lint"]));
  log(`typecheck (${seconds()} so far)`);
  await timed("typecheck", () => pnpm(["typecheck"]));
  env.CHROMIUM_PATH = await timed("Chromium", () => ensureChromium());
  // CI always builds; locally a build newer than its sources is reused.
  env.WEB_DIST = await timed("web build", () =>
    ensureWebBuilt({ force: process.env.CI === "true" }),
  );
}

const runs = [];
const quickProjects = ["--project", "unit", "--project", "component", "--project", "integration"];
runs.push(await vitest("embedded", quick ? quickProjects : [], env));

if (!quick) {
  const pg = await timed("PostgreSQL setup", () => startPostgres());
  try {
    runs.push(
      await vitest("postgres", ["--project", "integration"], {
        ...env,
        CIRCLEPLAN_TEST_PG_URL: pg.url,
      }),
    );
  } finally {
    await timed("PostgreSQL stop", () => pg.stop());
  }
}

const total = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
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
for (const problem of problems) console.error(`[circleplan] FAILED: ${problem}`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 || problems.length > 0 ? 1 : 0);

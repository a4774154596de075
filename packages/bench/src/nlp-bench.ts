/**
 * Section nlp: the natural-language reader (core/nlp, issue 9).
 *
 * Warm: every sentence of the reader's corpus read through `parsePlanText` in this process,
 * `rounds` times after one discarded pass; p50/p99 of one sentence (target p50 ≤ 2 ms).
 *
 * Cold: what the first sentence after a cold start costs on top of a warm one (target ≤ 150 ms).
 * The reader is bundled the way the Lambda build bundles it (esbuild, code splitting, minified,
 * Node 20), so chrono-node and compromise are chunks of their own; then each of `coldRuns` fresh
 * `node` processes imports it, reads a first sentence, and reads the same sentence again 20
 * times: the first one's cost over the median of those, in wall time and in CPU time (which a
 * shared machine inflates less). Two kinds of process (decision 010, "Cold start"): one asked
 * to prepare first (`warmReader`, what `nlp.prepare` runs while the person types: its own cost
 * is printed beside), whose first sentence over a warm one is the issue's figure; and one whose
 * first sentence arrives unprepared (a REST client's) and loads everything itself. Under Node 22
 * (the Lambda runtime's, once `pnpm smoke:lambda` has installed it) both run again, and the
 * unprepared one with Node's module compile cache, filled by one discarded process first.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FAMILY, instantOf } from "@circleplan/core/nlp/corpus/corpus-case";
import { DATES_AND_TIMES } from "@circleplan/core/nlp/corpus/dates-and-times";
import { EVERYDAY } from "@circleplan/core/nlp/corpus/everyday";
import { OTHER_ZONES } from "@circleplan/core/nlp/corpus/other-zones";
import { REMINDERS_AND_PLACES } from "@circleplan/core/nlp/corpus/reminders-and-places";
import { REPEATS } from "@circleplan/core/nlp/corpus/repeats";
import { TYPES_AND_PEOPLE } from "@circleplan/core/nlp/corpus/types-and-people";
import { parsePlanText } from "@circleplan/core/nlp/parse-plan-text";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { median, summarize } from "./stats";
import { REPO_ROOT } from "./workspace-build";

const WARM_TARGET_MS = 2;
const COLD_TARGET_MS = 150;
const ESBUILD = path.join(REPO_ROOT, "packages/functions/node_modules/.bin/esbuild");
const NLP_DIR = path.join(REPO_ROOT, "packages/core/src/nlp");

export interface NlpBenchOptions {
  /** Fresh processes for each cold figure. */
  coldRuns: number;
  /** Measured passes over the corpus. */
  rounds?: number;
}

/** One fresh process's import, prepare and first sentence, wall and CPU milliseconds. */
interface ColdRun {
  node: string;
  importMs: number;
  importCpuMs: number;
  /** `warmReader`, as `nlp.prepare` runs it; 0 in a process that was not prepared. */
  prepareMs: number;
  prepareCpuMs: number;
  firstMs: number;
  firstCpuMs: number;
  warmMs: number;
  warmCpuMs: number;
}

type StartUp = "prepared" | "unprepared";

const CORPUS = [
  ...TYPES_AND_PEOPLE,
  ...REMINDERS_AND_PLACES,
  ...DATES_AND_TIMES,
  ...REPEATS,
  ...OTHER_ZONES,
  ...EVERYDAY,
];

export async function runNlpBench(options: NlpBenchOptions): Promise<SummaryRow[]> {
  heading("nlp: natural-language reader");
  return [await warm(options.rounds ?? 20), ...cold(options.coldRuns)];
}

async function warm(rounds: number): Promise<SummaryRow> {
  const contexts = CORPUS.map((sentence) => ({
    text: sentence.text,
    context: {
      timeZone: sentence.scene.zone,
      now: instantOf(sentence.scene.now, sentence.scene.zone),
      members: FAMILY,
    },
  }));
  const samples: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const { text, context } of contexts) {
      const started = performance.now();
      await parsePlanText(text, context);
      // The first pass loads the libraries and warms the JIT: not measured.
      if (round > 0) samples.push(performance.now() - started);
    }
  }
  const { p50, p99, mean } = summarize(samples);
  console.log(
    `Warm: ${CORPUS.length} corpus sentences × ${rounds} passes (one discarded pass before), parsePlanText in this process`,
  );
  printTable(
    ["sentences read", "mean", "p50", "p99"],
    [[String(samples.length), ms(mean), ms(p50), ms(p99)]],
  );
  return {
    figure: "NLP parse, warm (p50 / p99 per sentence)",
    value: `${ms(p50)} / ${ms(p99)}`,
    target: `p50 ≤ ${WARM_TARGET_MS} ms`,
    verdict: verdict(p50 <= WARM_TARGET_MS),
  };
}

function cold(runs: number): SummaryRow[] {
  const figure = (startUp: StartUp) =>
    startUp === "prepared"
      ? "NLP first sentence over a warm one, after nlp.prepare (median)"
      : "NLP first sentence over a warm one, no prepare: it loads everything (median)";
  const unmeasured = (reason: string): SummaryRow[] => {
    console.log(`n/a: ${reason}`);
    return (["prepared", "unprepared"] as const).map((startUp) => ({
      figure: figure(startUp),
      value: "n/a",
      target: "",
      verdict: "",
    }));
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), "circleplan-nlp-bench-"));
  try {
    const entry = path.join(dir, "reader.ts");
    writeFileSync(
      entry,
      `export { parsePlanText } from ${JSON.stringify(path.join(NLP_DIR, "parse-plan-text.ts"))};\n` +
        `export { warmReader } from ${JSON.stringify(path.join(NLP_DIR, "warm-reader.ts"))};\n`,
    );
    // The flags of packages/functions/scripts/build.ts.
    const built = spawnSync(
      ESBUILD,
      [
        entry,
        "--bundle",
        "--splitting",
        "--format=esm",
        "--platform=node",
        "--target=node20",
        "--minify",
        `--outdir=${path.join(dir, "out")}`,
        "--out-extension:.js=.mjs",
        "--log-level=warning",
        '--banner:js=import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
      ],
      { encoding: "utf8" },
    );
    if (built.status !== 0) {
      return unmeasured(
        `bundling the reader failed: ${`${built.stdout}${built.stderr}`.trim().slice(-600)}`,
      );
    }
    const bundle = pathToFileURL(path.join(dir, "out", "reader.mjs")).href;
    const times = (count: number, run: () => ColdRun) => Array.from({ length: count }, run);
    let table: { label: string; runs: ColdRun[] }[];
    try {
      table = (["prepared", "unprepared"] as const).map((startUp) => ({
        label: `${startUp}, Node ${process.versions.node}`,
        runs: times(runs, () => probe(process.execPath, bundle, startUp)),
      }));
      const node22 = lambdaNode();
      if (node22) {
        const cache = path.join(dir, "compile-cache");
        const prepared = times(runs, () => probe(node22, bundle, "prepared"));
        const version = prepared[0]?.node ?? "22";
        table.push({ label: `prepared, Node ${version}`, runs: prepared });
        table.push({
          label: `unprepared, Node ${version}`,
          runs: times(runs, () => probe(node22, bundle, "unprepared")),
        });
        probe(node22, bundle, "unprepared", cache);
        table.push({
          label: `unprepared, Node ${version}, compile cache`,
          runs: times(runs, () => probe(node22, bundle, "unprepared", cache)),
        });
      }
    } catch (error) {
      // A reader that does not start is a finding, not a crash of the bench.
      return unmeasured(error instanceof Error ? error.message : String(error));
    }
    console.log(
      `Cold: the reader bundled as the Lambda build does; ${runs} fresh \`node\` processes each (medians; CPU in brackets):`,
    );
    printTable(
      ["process", "import", "prepare", "first sentence", "warm sentence", "first over warm"],
      table.map(({ label, runs }) => [
        label,
        ...STAGES.map((stage) => pair(runs, stage)),
        `${ms(median(runs.map(overWarm)))} (${ms(median(runs.map(overWarmCpu)))})`,
      ]),
    );
    if (!lambdaNode()) console.log("(Node 22 rows: run `pnpm smoke:lambda` once to install it.)");
    return (["prepared", "unprepared"] as const).map((startUp, index) => {
      const results = table[index]?.runs ?? [];
      const over = median(results.map(overWarm));
      const cpu = `CPU ${ms(median(results.map(overWarmCpu)))}`;
      // The issue's figure is the prepared one; the unprepared one is what a sentence sent
      // without the dialog (a REST client) pays, printed so the trade is seen.
      return startUp === "prepared"
        ? {
            figure: figure(startUp),
            value: `${ms(over)} (${cpu}; the prepare itself ${ms(median(results.map((r) => r.prepareMs)))}, CPU ${ms(median(results.map((r) => r.prepareCpuMs)))})`,
            target: `≤ ${COLD_TARGET_MS} ms`,
            verdict: verdict(over <= COLD_TARGET_MS),
          }
        : { figure: figure(startUp), value: `${ms(over)} (${cpu})`, target: "", verdict: "" };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const overWarm = (run: ColdRun) => run.firstMs - run.warmMs;
const overWarmCpu = (run: ColdRun) => run.firstCpuMs - run.warmCpuMs;

/** The stages a probe times, each in wall (`importMs`) and CPU (`importCpuMs`) milliseconds. */
const STAGES = ["import", "prepare", "first", "warm"] as const;

/** A stage's median wall time, and its median CPU time in brackets. */
function pair(runs: ColdRun[], stage: (typeof STAGES)[number]) {
  const wall = median(runs.map((run) => run[`${stage}Ms`]));
  return `${ms(wall)} (${ms(median(runs.map((run) => run[`${stage}CpuMs`])))})`;
}

/** Node 22 as `pnpm smoke:lambda` installs it for the Lambda runtime, if it has. */
function lambdaNode(): string | undefined {
  const binary = path.join(
    REPO_ROOT,
    "node_modules/.cache/circleplan-node-22.23.3/node_modules/node/bin/node",
  );
  return existsSync(binary) ? binary : undefined;
}

/**
 * One fresh process: import the bundled reader, prepare it (for the "prepared" process), read a
 * first sentence, then the same sentence 20 times more.
 */
const PROBE = `
import module from "node:module";
const [bundle, startUp] = process.argv.slice(1);
if (process.env.NLP_COMPILE_CACHE) module.enableCompileCache?.(process.env.NLP_COMPILE_CACHE);
const cpu = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1000; };
const clock = () => [performance.now(), cpu()];
const since = ([wall, used]) => [performance.now() - wall, cpu() - used];
const started = clock();
const reader = await import(bundle);
const [importMs, importCpuMs] = since(started);
const preparing = clock();
if (startUp === "prepared") await reader.warmReader();
const [prepareMs, prepareCpuMs] = since(preparing);
const context = {
  timeZone: "America/New_York",
  now: new Date("2026-03-04T15:17:00Z"),
  members: [{ userId: 1, firstName: "Emma", lastName: "Johnson" }],
};
const sentence = "Emma's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before";
const first = clock();
await reader.parsePlanText(sentence, context);
const [firstMs, firstCpuMs] = since(first);
const walls = [], cpus = [];
for (let i = 0; i < 20; i++) {
  const again = clock();
  await reader.parsePlanText(sentence, context);
  const [wall, used] = since(again);
  walls.push(wall);
  cpus.push(used);
}
const middle = (values) => values.sort((a, b) => a - b)[values.length >> 1];
console.log(JSON.stringify({
  node: process.versions.node,
  importMs, importCpuMs, prepareMs, prepareCpuMs, firstMs, firstCpuMs,
  warmMs: middle(walls), warmCpuMs: middle(cpus),
}));
`;

function probe(node: string, bundle: string, startUp: StartUp, compileCache?: string): ColdRun {
  // A bare environment: nothing from this shell (NODE_OPTIONS, tsx) leaks in.
  const result = spawnSync(node, ["--input-type=module", "-e", PROBE, bundle, startUp], {
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      ...(compileCache ? { NLP_COMPILE_CACHE: compileCache } : {}),
    },
    timeout: 60_000,
  });
  const line = result.stdout.trim().split("\n").at(-1) ?? "";
  if (result.status !== 0 || !line.startsWith("{")) {
    throw new Error(
      `nlp cold probe failed (exit ${result.status}): ${result.stderr.trim().slice(-800)}`,
    );
  }
  return JSON.parse(line) as ColdRun;
}

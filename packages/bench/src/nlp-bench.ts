/**
 * Section nlp: the natural-language reader (core/nlp, issue 9).
 *
 * Warm: every sentence of the reader's corpus read through `parsePlanText` in this process,
 * `rounds` times after one discarded pass; p50/p99 of one sentence (target p50 ≤ 2 ms).
 *
 * Cold: what the first sentence after a cold start costs. The reader is bundled the way the
 * Lambda build bundles it (esbuild, code splitting, minified, Node 20), so chrono-node and
 * compromise are chunks of their own, loaded by the first sentence; then fresh `node`
 * processes each time importing the reader, loading the two libraries, reading a first sentence
 * (which also wakes compromise's tagger) and a second one.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
const ESBUILD = path.join(REPO_ROOT, "packages/functions/node_modules/.bin/esbuild");
const NLP_DIR = path.join(REPO_ROOT, "packages/core/src/nlp");

export interface NlpBenchOptions {
  /** Fresh processes for the cold figure. */
  coldRuns: number;
  /** Measured passes over the corpus. */
  rounds?: number;
}

interface ColdRun {
  importMs: number;
  librariesMs: number;
  firstMs: number;
  secondMs: number;
}

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
  return [await warm(options.rounds ?? 20), cold(options.coldRuns)];
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

function cold(runs: number): SummaryRow {
  const figure = "NLP first parse after a cold start (median)";
  const dir = mkdtempSync(path.join(os.tmpdir(), "circleplan-nlp-bench-"));
  try {
    const entry = path.join(dir, "reader.ts");
    writeFileSync(
      entry,
      `export { parsePlanText } from ${JSON.stringify(path.join(NLP_DIR, "parse-plan-text.ts"))};\n` +
        `export { loadLanguageLibraries } from ${JSON.stringify(path.join(NLP_DIR, "language-libraries.ts"))};\n`,
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
      console.log(
        `n/a: bundling the reader failed: ${`${built.stdout}${built.stderr}`.trim().slice(-600)}`,
      );
      return { figure, value: "n/a", target: "", verdict: "" };
    }
    const bundle = pathToFileURL(path.join(dir, "out", "reader.mjs")).href;
    let results: ColdRun[];
    try {
      results = Array.from({ length: runs }, () => probe(bundle));
    } catch (error) {
      // A reader that does not start is a finding, not a crash of the bench.
      console.log(`n/a: ${error instanceof Error ? error.message : String(error)}`);
      return { figure, value: "n/a", target: "", verdict: "" };
    }
    console.log(
      `Cold: the reader bundled as the Lambda build does (chrono-node and compromise in chunks of their own); ${runs} fresh \`node\` processes each:`,
    );
    printTable(
      [
        "run",
        "import reader",
        "load libraries",
        "first sentence",
        "second sentence",
        "libraries + first",
      ],
      results.map((run, index) => [
        String(index + 1),
        ms(run.importMs),
        ms(run.librariesMs),
        ms(run.firstMs),
        ms(run.secondMs),
        ms(run.librariesMs + run.firstMs),
      ]),
    );
    const total = (run: ColdRun) => run.librariesMs + run.firstMs;
    const middle = median(results.map(total));
    const run = results.find((r) => total(r) === middle) ?? (results[0] as ColdRun);
    return {
      figure,
      value: `${ms(middle)} (libraries ${ms(run.librariesMs)} + parse ${ms(run.firstMs)}; reader import ${ms(run.importMs)})`,
      target: "",
      verdict: "",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One fresh process: import the bundled reader, load its libraries, read two sentences. */
const PROBE = `
const started = performance.now();
const reader = await import(process.argv[1]);
const imported = performance.now();
await reader.loadLanguageLibraries();
const loaded = performance.now();
const context = {
  timeZone: "America/New_York",
  now: new Date("2026-03-04T15:17:00Z"),
  members: [{ userId: 1, firstName: "Emma", lastName: "Johnson" }],
};
await reader.parsePlanText("Emma's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before", context);
const first = performance.now();
await reader.parsePlanText("Lunch with Sarah at Olive Garden on Friday at noon", context);
const second = performance.now();
console.log(JSON.stringify({
  importMs: imported - started,
  librariesMs: loaded - imported,
  firstMs: first - loaded,
  secondMs: second - first,
}));
`;

function probe(bundle: string): ColdRun {
  // A bare environment: nothing from this shell (NODE_OPTIONS, tsx) leaks in.
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", PROBE, bundle], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
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

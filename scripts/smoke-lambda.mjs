// `pnpm smoke:lambda`: builds every Lambda function as SST does and runs each handler under the
// Node version Lambda runs (22; CI and local runs use 20) with the events AWS sends, against a
// real PostgreSQL through Neon's driver and an S3-compatible server
// (packages/functions/scripts/smoke/smoke-lambda.ts says what it checks).
//
// Node 22 comes from the `node` package of the npm registry, installed once into
// node_modules/.cache (about 8 s and 185 MB on disk the first time).
//
// As a module: `const { passed, failed, ms } = await smokeLambda({ pgUrl })`.
// As a CLI: `node scripts/smoke-lambda.mjs [--pg-url postgres://…]`; without a URL it starts a
// throwaway PostgreSQL (scripts/ensure-postgres.mjs) and stops it afterwards.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startPostgres } from "./ensure-postgres.mjs";
import { fail, isMain, log, pnpmInvocation, repoRoot } from "./lib.mjs";

/** The Node that Lambda's nodejs22.x runtime runs: a recent 22.x, pinned so runs compare. */
export const LAMBDA_NODE_VERSION = "22.23.3";

const nodeDir = join(repoRoot, "node_modules", ".cache", `circleplan-node-${LAMBDA_NODE_VERSION}`);

/** The path of Node 22's binary, installing the `node` package from npm when it is missing. */
export function ensureLambdaNode() {
  const binary = join(nodeDir, "node_modules", "node", "bin", "node");
  if (existsSync(binary)) return binary;
  log(`installing node@${LAMBDA_NODE_VERSION} from the npm registry into ${nodeDir}`);
  mkdirSync(nodeDir, { recursive: true });
  const started = Date.now();
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--prefix",
      nodeDir,
      `node@${LAMBDA_NODE_VERSION}`,
    ],
    { stdio: "inherit" },
  );
  if (npm.status !== 0 || !existsSync(binary)) {
    fail(`could not install node@${LAMBDA_NODE_VERSION} with npm (exit ${npm.status})`);
  }
  log(`node@${LAMBDA_NODE_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return binary;
}

/**
 * Runs the smoke against the PostgreSQL server at `pgUrl` (a fresh database is made on it and
 * dropped); resolves to the counts of its checks and how long it took. Its output goes to this
 * process's output as it comes, or with `quiet` is kept and returned as `output` (the suite
 * runs it beside other phases and prints it in one piece).
 */
export async function smokeLambda({ pgUrl, quiet = false }) {
  const node = ensureLambdaNode();
  const [pnpm, ...leading] = pnpmInvocation();
  const args = [
    ...leading,
    "--filter",
    "@circleplan/functions",
    "exec",
    "tsx",
    "scripts/smoke/smoke-lambda.ts",
    "--pg-url",
    pgUrl,
    "--node",
    node,
  ];
  const started = Date.now();
  const child = spawn(pnpm, args, {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", quiet ? "pipe" : "inherit"],
  });
  let tail = "";
  let output = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    if (quiet) output += chunk;
    else process.stdout.write(chunk);
    tail = `${tail}${chunk}`.slice(-8192);
  });
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const status = await new Promise((resolve) => child.once("close", (code) => resolve(code ?? 1)));
  let counts;
  try {
    counts = JSON.parse(
      tail
        .split("\n")
        .filter((line) => line.trim())
        .at(-1) ?? "",
    );
  } catch {
    counts = null;
  }
  const ms = Date.now() - started;
  if (!counts || typeof counts.passed !== "number") {
    // It ended before counting (a crash in setup): one failure, so no summary reads green.
    return { passed: 0, failed: 1, ms, output };
  }
  return {
    passed: counts.passed,
    failed: counts.failed + (status !== 0 && !counts.failed ? 1 : 0),
    ms,
    output,
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { "pg-url": { type: "string" } } });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => process.exit(130));
  }
  const pg = values["pg-url"] ? undefined : await startPostgres();
  try {
    const result = await smokeLambda({ pgUrl: values["pg-url"] ?? pg.url });
    log(
      `Lambda smoke: ${result.passed} passed, ${result.failed} failed in ${(result.ms / 1000).toFixed(1)} s`,
    );
    process.exitCode = result.failed > 0 || result.passed === 0 ? 1 : 0;
  } finally {
    pg?.stop();
  }
}

// Small helpers shared by the root scripts (start, dev, test, ensure-*).
// Plain Node ESM with no dependencies, so they run before `pnpm install`.
import { spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readdirSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));

export function log(message) {
  console.log(`\n[circleplan] ${message}`);
}

export function fail(message) {
  console.error(`\n[circleplan] ERROR: ${message}`);
  process.exit(1);
}

/**
 * Runs a command synchronously with inherited stdio; exits the process with a
 * clear message when it fails, unless `allowFailure` is set (then returns the status).
 * `timeoutMs` bounds commands that could hang (the child gets SIGTERM).
 */
export function run(
  command,
  args = [],
  { cwd = repoRoot, env, allowFailure = false, timeoutMs } = {},
) {
  const shown = [command, ...args].join(" ");
  console.log(`$ ${shown}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: "inherit",
    env: env ? { ...process.env, ...env } : process.env,
    timeout: timeoutMs,
  });
  if (result.error) {
    if (allowFailure) return 1;
    fail(`could not run \`${shown}\`: ${result.error.message}`);
  }
  const status = result.status ?? 1;
  if (status !== 0 && !allowFailure) {
    fail(`\`${shown}\` exited with ${result.signal ?? status}`);
  }
  return status;
}

/**
 * Runs a command without blocking, for phases that run side by side. Its output goes to the
 * terminal as it comes when `outputFile` is not given; otherwise to that file only (printed by
 * the caller when the command ends, so parallel phases do not interleave). Resolves with the
 * exit status (1 when it could not start).
 */
export function runAsync(command, args = [], { cwd = repoRoot, env, outputFile } = {}) {
  const shown = [command, ...args].join(" ");
  console.log(`$ ${shown}${outputFile ? ` > ${outputFile}` : ""}`);
  const output = outputFile ? openSync(outputFile, "w") : "inherit";
  const child = spawn(command, args, {
    cwd,
    stdio: ["ignore", output, output],
    env: env ? { ...process.env, ...env } : process.env,
  });
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`[circleplan] could not run \`${shown}\`: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      if (typeof output === "number") closeSync(output);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** runAsync() for pnpm. */
export function pnpmAsync(args, options) {
  const [command, ...leading] = pnpmInvocation();
  return runAsync(command, [...leading, ...args], options);
}

/** Runs a command and returns its trimmed stdout, or null when it fails. */
export function capture(command, args = [], { cwd = repoRoot } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim();
}

/** Absolute path of an executable found on PATH, or null. */
export function which(binary) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, binary);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

let aptUpdated = false;

/** Installs Debian packages; only possible as root with apt-get on PATH. */
export function aptInstall(packages, why) {
  if (!isRoot() || !which("apt-get")) {
    fail(
      `${why}: install the Debian package(s) ${packages.join(", ")} ` +
        "(e.g. `sudo apt-get install -y " +
        packages.join(" ") +
        "`), then run this command again.",
    );
  }
  // dpkg's helpers (ldconfig, start-stop-daemon) live in the sbin folders, which a minimal
  // PATH (CI, cron) may leave out.
  const path = [...new Set([...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/sbin"])];
  const env = { DEBIAN_FRONTEND: "noninteractive", PATH: path.filter(Boolean).join(delimiter) };
  const started = Date.now();
  if (!aptUpdated) {
    run("apt-get", ["update"], { env });
    aptUpdated = true;
  }
  run("apt-get", ["install", "-y", ...packages], { env });
  log(`installed ${packages.join(", ")} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Newest modification time (ms) of a file, or of any file below a directory. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * Runs `pnpm install --frozen-lockfile` when dependencies are missing or the lockfile
 * changed since the last install (pnpm rewrites node_modules/.modules.yaml on install).
 */
export function ensureInstalled() {
  const marker = join(repoRoot, "node_modules", ".modules.yaml");
  const lockfile = join(repoRoot, "pnpm-lock.yaml");
  if (existsSync(marker) && newestMtime(lockfile) <= newestMtime(marker)) return;
  log("installing dependencies");
  pnpm(["install", "--frozen-lockfile"]);
}

/**
 * How to call pnpm as [command, ...leadingArgs]. Under `npx -y pnpm@10 <script>` pnpm
 * is not on PATH on a fresh machine, but it names itself in npm_execpath; a bare
 * `node scripts/x.mjs` falls back to pnpm on PATH.
 */
export function pnpmInvocation() {
  const execPath = process.env.npm_execpath ?? "";
  if (/pnpm(\.c?js|\.mjs)?$/.test(execPath) && existsSync(execPath)) {
    return execPath.endsWith("js") ? [process.execPath, execPath] : [execPath];
  }
  if (which("pnpm")) return ["pnpm"];
  fail("pnpm is not on PATH: run this through `npx -y pnpm@10 <script>`.");
}

/** Runs pnpm with inherited stdio (see run()). */
export function pnpm(args, options) {
  const [command, ...leading] = pnpmInvocation();
  return run(command, [...leading, ...args], options);
}

/**
 * Starts a long-running child with inherited stdio in its own process group, so that
 * stopChild() also reaches its descendants (pnpm -> sh -> vite, tsx -> node).
 */
export function startChild(command, args, { cwd = repoRoot, env } = {}) {
  console.log(`$ ${[command, ...args].join(" ")}`);
  return spawn(command, args, {
    cwd,
    stdio: "inherit",
    detached: true,
    env: env ? { ...process.env, ...env } : process.env,
  });
}

export function isRunning(child) {
  return child.exitCode === null && child.signalCode === null;
}

/** Sends a signal to a child's whole process group (see startChild). */
export function stopChild(child, signal = "SIGTERM") {
  if (child.pid === undefined) return;
  try {
    // The group can outlive its leader (e.g. a shell's background job): signal it anyway.
    process.kill(-child.pid, signal);
  } catch {
    if (isRunning(child)) child.kill(signal);
  }
}

/**
 * Runs children until the first one exits or this process gets SIGINT/SIGTERM/SIGHUP;
 * then stops the others (SIGTERM, SIGKILL after 5 s) and exits with the first's code.
 */
export function superviseChildren(children) {
  let exiting = false;
  const shutdown = (code, signal = "SIGTERM") => {
    if (exiting) return;
    exiting = true;
    for (const child of children) stopChild(child, signal);
    const force = setTimeout(() => {
      for (const child of children) stopChild(child, "SIGKILL");
      process.exit(code);
    }, 5000);
    force.unref();
    Promise.all(
      children.map((child) =>
        isRunning(child) ? new Promise((resolve) => child.once("exit", resolve)) : null,
      ),
    ).then(() => {
      // Leftovers that ignored the first signal (SIGINT is ignored by background jobs).
      for (const child of children) stopChild(child, "SIGTERM");
      process.exit(code);
    });
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => shutdown(signal === "SIGINT" ? 130 : 143, signal));
  }
  for (const child of children) {
    child.once("error", (error) => {
      console.error(`[circleplan] could not start a process: ${error.message}`);
      shutdown(1);
    });
    child.once("exit", (code, signal) => shutdown(code ?? (signal ? 1 : 0)));
  }
}

/** Absolute path of `specifier` as resolved from a workspace package (pnpm does not hoist). */
export function resolveFrom(packageDir, specifier) {
  return createRequire(join(repoRoot, packageDir, "package.json")).resolve(specifier);
}

/** Path to packages/web/dist, building the web app first when it is missing or stale. */
export function ensureWebBuilt({ force = false } = {}) {
  const dist = join(repoRoot, "packages", "web", "dist");
  const builtAt = newestMtimeOfFile(join(dist, "index.html"));
  const inputs = [
    "packages/web/src",
    "packages/web/public",
    "packages/web/index.html",
    "packages/web/vite.config.ts",
    "packages/web/package.json",
    "packages/shared/src",
  ];
  const changedAt = Math.max(...inputs.map((input) => newestMtime(join(repoRoot, input))));
  if (force || builtAt === 0 || changedAt > builtAt) {
    log("building the web app");
    pnpm(["--filter", "@circleplan/web", "build"]);
  }
  return dist;
}

function newestMtimeOfFile(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when this module is the script Node was started with. */
export function isMain(metaUrl) {
  return process.argv[1] !== undefined && fileURLToPath(metaUrl) === process.argv[1];
}

// `pnpm typecheck:sst`'s first step: SST's platform types in .sst/platform, which
// sst.config.ts references. `sst install` makes them (~320 MB from npm, about 35 core-seconds of
// npm's work); a copy is kept in the user's cache, keyed by SST's version and sst.config.ts, so a
// clean checkout on a machine that has installed them once links and copies them instead (a
// second or two of disk), as pnpm's store spares a second download of the dependencies. The
// cache is only a shortcut: a cold, unwritable or missing one (no home directory) installs as
// before, and nothing here depends on a step done by hand.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fail, isMain, log, pnpm, repoRoot, run } from "./lib.mjs";

const platformDir = join(repoRoot, ".sst", "platform");

/** Where this SST version's platform for this config is kept between checkouts; null if nowhere. */
function cachedPlatform() {
  try {
    const version = JSON.parse(
      readFileSync(join(repoRoot, "node_modules", "sst", "package.json"), "utf8"),
    ).version;
    const config = createHash("sha256")
      .update(readFileSync(join(repoRoot, "sst.config.ts")))
      .digest("hex")
      .slice(0, 16);
    const root = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
    return join(root, "circleplan", "sst-platform", `${version}-${config}`, "platform");
  } catch {
    return null;
  }
}

/**
 * A copy of the cached platform: node_modules (295 MB, 34,000 files) hard-linked where the cache
 * shares the checkout's disk, the rest (SST's own code and files, 29 MB) copied. SST rewrites its
 * own files in place (package.json, the types), which through a link would change the cache
 * under every checkout; npm replaces a package's folder whole rather than writing into its
 * files. cp, not Node's cpSync: several times faster on that many files.
 */
function restore(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const linked =
      entry === "node_modules" &&
      run("cp", ["-al", join(from, entry), join(to, entry)], { allowFailure: true }) === 0;
    if (!linked && !copyTree(join(from, entry), join(to, entry))) return false;
  }
  return true;
}

function copyTree(from, to) {
  rmSync(to, { recursive: true, force: true });
  return run("cp", ["-a", from, to], { allowFailure: true }) === 0;
}

export function ensureSstPlatform() {
  if (existsSync(join(platformDir, "config.d.ts"))) return;
  const cached = cachedPlatform();
  if (cached && existsSync(join(cached, "config.d.ts"))) {
    rmSync(platformDir, { recursive: true, force: true });
    if (restore(cached, platformDir)) return;
    rmSync(platformDir, { recursive: true, force: true });
  }
  log("installing SST's platform types (sst install, ~320 MB from npm)");
  pnpm(["exec", "sst", "install"], {
    env: {
      SST_NO_BUN: "1",
      SST_SKIP_DEPENDENCY_CHECK: "1",
      SST_TELEMETRY_DISABLED: "1",
      SST_STAGE: "typecheck",
    },
  });
  if (!existsSync(join(platformDir, "config.d.ts"))) fail("sst install left no .sst/platform");
  if (cached) keep(cached);
}

/**
 * Into the cache through a copy made beside it, renamed when complete: a run stopped halfway
 * leaves no half a platform for the next checkout to take, and a checkout that finds an entry
 * already there (another one installed at the same time) leaves it as it is. A failure only
 * costs the next checkout an install.
 */
function keep(cached) {
  const partial = `${cached}.partial-${process.pid}`;
  try {
    mkdirSync(join(cached, ".."), { recursive: true });
    if (!copyTree(platformDir, partial)) throw new Error("cp failed");
    if (!existsSync(join(cached, "config.d.ts"))) renameSync(partial, cached);
  } catch (error) {
    log(`SST's platform types were not kept in the cache (${error.message}); installed here only`);
  } finally {
    if (existsSync(partial)) rmSync(partial, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) ensureSstPlatform();

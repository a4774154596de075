// `pnpm typecheck:sst`'s first step: SST's platform types in .sst/platform, which
// sst.config.ts references. `sst install` makes them (~320 MB from npm, about 35 core-seconds of
// npm's work); a copy is kept in the user's cache, keyed by SST's version and sst.config.ts, so
// a clean checkout on a machine that has installed them once links or copies them instead (a
// second or a few of disk), as pnpm's store spares a second download of the dependencies. A
// cold cache installs as before: nothing here depends on a step done by hand.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fail, isMain, log, pnpm, repoRoot, run } from "./lib.mjs";

const platformDir = join(repoRoot, ".sst", "platform");

/** Where this SST version's platform for this config is kept between checkouts. */
function cacheDir() {
  const version = JSON.parse(
    readFileSync(join(repoRoot, "node_modules", "sst", "package.json"), "utf8"),
  ).version;
  const config = createHash("sha256")
    .update(readFileSync(join(repoRoot, "sst.config.ts")))
    .digest("hex")
    .slice(0, 16);
  const root = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(root, "circleplan", "sst-platform", `${version}-${config}`);
}

export function ensureSstPlatform() {
  if (existsSync(join(platformDir, "config.d.ts"))) return;
  const cached = join(cacheDir(), "platform");
  if (existsSync(join(cached, "config.d.ts"))) {
    mkdirSync(join(repoRoot, ".sst"), { recursive: true });
    rmSync(platformDir, { recursive: true, force: true });
    // Hard links where the cache shares the checkout's disk (a second; nothing writes into
    // these files: SST replaces the platform whole when its version changes), a copy where it
    // does not. cp, not Node's cpSync: several times faster on 34,000 files.
    if (run("cp", ["-al", cached, platformDir], { allowFailure: true }) !== 0) {
      rmSync(platformDir, { recursive: true, force: true });
      run("cp", ["-a", cached, platformDir]);
    }
    return;
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
  // Into the cache through a copy made beside it, renamed when complete: a run stopped halfway
  // leaves no half a platform for the next checkout to take.
  const partial = `${cached}.partial-${process.pid}`;
  mkdirSync(cacheDir(), { recursive: true });
  run("cp", ["-a", platformDir, partial]);
  rmSync(cached, { recursive: true, force: true });
  renameSync(partial, cached);
}

if (isMain(import.meta.url)) ensureSstPlatform();

// Finds a Chromium for the browser tests, installing Debian's package when possible.
// Usable as a module (ensureChromium() returns the executable path) or as a CLI,
// which prints the path: `node scripts/ensure-chromium.mjs`.
//
// Debian's chromium is used rather than a test tool's own browser download, which the
// closed network here refuses (see docs in .library/env: only npm and apt are reachable).
import { aptInstall, capture, fail, isExecutable, isMain, log } from "./lib.mjs";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    fail(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
  }
  return candidates.find((path) => isExecutable(path)) ?? null;
}

/** Returns the absolute path of a Chromium executable, installing it if needed. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  log("Chromium not found: installing Debian's chromium package");
  aptInstall(["chromium"], "the browser tests need Chromium");
  const installed = findChromium();
  if (!installed) fail("apt-get installed chromium but /usr/bin/chromium is still missing.");
  return installed;
}

if (isMain(import.meta.url)) {
  const path = ensureChromium();
  const version = capture(path, ["--version"]);
  if (version) console.error(version);
  console.log(path);
}

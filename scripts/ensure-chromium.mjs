// Finds the two Chromium builds the browser tests use, installing Debian's packages when
// needed. Usable as a module (ensureChromium() returns both paths) or as a CLI, which prints
// them: `node scripts/ensure-chromium.mjs`.
//   - chromium-headless-shell: most test files. The headless shell has no browser UI to
//     drive, so the same tests cost about 30% less CPU (docs/bench-notes.md), and the
//     browser run is most of the suite's CPU.
//   - chromium: the files whose subject is what only the full browser has (notifications,
//     push through the service worker).
//
// Debian's builds are used rather than a test tool's own browser download, which the closed
// network here refuses (see docs in .library/env: only npm and apt are reachable).
import { aptInstall, capture, fail, isExecutable, isMain, log } from "./lib.mjs";

const BROWSERS = [
  {
    key: "chromium",
    env: "CHROMIUM_PATH",
    aptPackage: "chromium",
    candidates: ["/usr/bin/chromium", "/usr/bin/chromium-browser"],
  },
  {
    key: "headlessShell",
    env: "CHROMIUM_HEADLESS_SHELL_PATH",
    aptPackage: "chromium-headless-shell",
    candidates: ["/usr/bin/chromium-headless-shell"],
  },
];

function find(browser) {
  const fromEnv = process.env[browser.env];
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    fail(`${browser.env} is set to ${fromEnv}, which is not an executable file.`);
  }
  return browser.candidates.find((path) => isExecutable(path)) ?? null;
}

/**
 * Returns the absolute paths of Chromium and of its headless shell, installing what is
 * missing in one apt-get call.
 */
export function ensureChromium() {
  const missing = BROWSERS.filter((browser) => !find(browser));
  if (missing.length > 0) {
    const packages = missing.map((browser) => browser.aptPackage);
    log(`not found: installing Debian's ${packages.join(", ")}`);
    aptInstall(packages, "the browser tests need Chromium and its headless shell");
  }
  const paths = {};
  for (const browser of BROWSERS) {
    const path = find(browser);
    if (!path)
      fail(
        `apt-get installed ${browser.aptPackage} but ${browser.candidates[0]} is still missing.`,
      );
    paths[browser.key] = path;
  }
  return paths;
}

if (isMain(import.meta.url)) {
  const paths = ensureChromium();
  for (const path of Object.values(paths)) {
    const version = capture(path, ["--version"]);
    if (version) console.error(version);
    console.log(path);
  }
}

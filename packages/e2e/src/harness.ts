/**
 * Browser-test harness: the real server process (as `pnpm start` runs it, on a fresh embedded
 * data folder and a free port) and Debian's Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const screenshotDir = path.join(repoRoot, "test-results", "screenshots");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const webDist = path.join(repoRoot, "packages/web/dist");
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(
      "packages/web/dist is missing: build the web app first (pnpm --filter @circleplan/web build)",
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "circleplan-e2e-"));
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/serve.ts"], {
    cwd: path.join(repoRoot, "packages/api"),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      APP_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/openapi.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start in 60 s:\n${output}`);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(null);
        else child.once("exit", resolve);
        setTimeout(() => {
          child.kill("SIGKILL");
          resolve(null);
        }, 5000);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * Saves a screenshot under test-results/screenshots/<name>.png: the full page unless told
 * otherwise (fixed bars land mid-page in a full-page shot of a long, scrolled screen).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

export interface BrowserSuite {
  app: RunningApp;
  browser: Browser;
}

/**
 * One app and one Chromium for a test file, started together before its tests and stopped
 * after them. Each test registers its own people from one address, so the per-address limits
 * (meant for strangers, not for a suite) are raised.
 */
export function useBrowserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.app, suite.browser] = await Promise.all([
      startApp({ RATE_LIMIT_REGISTER_IP: "200/3600", RATE_LIMIT_LOGIN_IP: "500/900" }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}

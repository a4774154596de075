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
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Page,
  request,
} from "playwright-core";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import type { TestUser } from "./test-users";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const screenshotDir = path.join(repoRoot, "test-results", "screenshots");

/** The phone every test starts on, and the desktop its screens are saved at too. */
export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

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

/**
 * Saves the page at phone size (<name>.png) and at desktop size (<name>-desktop.png), then
 * puts the phone size back for the steps that follow.
 */
export async function screenshotBothSizes(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await screenshot(page, name, { fullPage });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
}

export interface BrowserSuite {
  app: RunningApp;
  browser: Browser;
  /**
   * A fresh browser (its own cookies and storage) on a phone, at the app's address, not yet
   * navigated (so a test can watch or prepare it first); closed when the test ends. Service
   * workers are blocked unless `options` allows them.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh browser already signed in as `user` (through the REST door, which sets the cookie). */
  signedInPage(user: TestUser, path: string, options?: BrowserContextOptions): Promise<Page>;
  /**
   * A REST client of its own, signed out, disposed when the test ends. It sends the app's own
   * Origin with every call, as state-changing calls must (api-conventions: cross-site refusal).
   */
  newApi(): Promise<APIRequestContext>;
  /** A REST client of its own signed in as `user`, for the people a test sets up without a browser. */
  apiAs(user: TestUser): Promise<APIRequestContext>;
}

/**
 * One app and one Chromium for a test file, started together before its tests and stopped
 * after them. Each test registers its own people from one address, so the per-address limits
 * (meant for strangers, not for a suite) are raised. What a test opens through the suite is
 * closed when that test finishes (after its afterEach checks, and even when they fail).
 */
export function useBrowserSuite(): BrowserSuite {
  // app and browser are filled in before the first test.
  const suite = {
    async newPage(options = {}) {
      const context = await suite.browser.newContext({
        viewport: MOBILE,
        baseURL: suite.app.url,
        // The service worker precaches the build and answers from there, out of reach of
        // page.route: a test that wants it (pwa.e2e.test.ts) asks for it.
        serviceWorkers: "block",
        ...options,
      });
      onTestFinished(() => context.close());
      context.setDefaultTimeout(15_000);
      return context.newPage();
    },
    async signedInPage(user, path, options) {
      const page = await suite.newPage(options);
      // The context's request client shares the browser's cookie jar, so the page is signed in.
      await logIn(page.context().request, suite.app.url, user);
      await page.goto(path);
      return page;
    },
    async newApi() {
      const api = await request.newContext({
        baseURL: suite.app.url,
        extraHTTPHeaders: { origin: suite.app.url },
      });
      onTestFinished(() => api.dispose());
      return api;
    },
    async apiAs(user) {
      const api = await suite.newApi();
      await logIn(api, suite.app.url, user);
      return api;
    },
  } as BrowserSuite;
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

async function logIn(api: APIRequestContext, appUrl: string, user: TestUser): Promise<void> {
  const answer = await api.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: appUrl },
  });
  if (!answer.ok()) throw new Error(`login answered ${answer.status()}: ${await answer.text()}`);
}

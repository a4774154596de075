/**
 * Browser-test harness. The run's one server and its browsers are started by global-setup.ts;
 * a test file connects to them with `useBrowserSuite()` and gets fresh browser contexts and
 * REST clients, each closed when its test ends. People a test does not sign up through the
 * screens are inserted directly and signed in with a session cookie (test-users.ts).
 */
import { mkdirSync } from "node:fs";
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
import { afterAll, beforeAll, inject, onTestFinished } from "vitest";
import { type SessionCookie, sessionCookieFor, type TestUser } from "./test-users";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const screenshotDir = path.join(repoRoot, "test-results", "screenshots");
/**
 * Screens are saved for a person to look at; `pnpm test` turns it off (CIRCLEPLAN_SCREENSHOTS=0:
 * a tenth of the browser run's CPU, and CI keeps no files), a browser file run alone keeps it.
 */
const savingScreens = !["0", "false", "no", "off"].includes(
  (process.env.CIRCLEPLAN_SCREENSHOTS ?? "").toLowerCase(),
);

/** The phone every test starts on, and the desktop its screens are saved at too. */
export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Saves a screenshot under test-results/screenshots/<name>.png: the full page unless told
 * otherwise (fixed bars land mid-page in a full-page shot of a long, scrolled screen).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!savingScreens) return;
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
  if (!savingScreens) return;
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
}

export interface BrowserSuite {
  app: { url: string };
  browser: Browser;
  /**
   * A fresh browser (its own cookies and storage) on a phone, at the app's address, not yet
   * navigated (so a test can watch or prepare it first); closed when the test ends. Service
   * workers are blocked unless `options` allows them.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A fresh browser already signed in as `user` (a session cookie set on it), at `path`. */
  signedInPage(user: TestUser, path: string, options?: BrowserContextOptions): Promise<Page>;
  /**
   * A REST client of its own, signed out, disposed when the test ends. It sends the app's own
   * Origin with every call, as state-changing calls must (api-conventions: cross-site refusal).
   */
  newApi(): Promise<APIRequestContext>;
  /** A REST client of its own signed in as `user`, for the people a test sets up without a browser. */
  apiAs(user: TestUser): Promise<APIRequestContext>;
}

/** The cookie as a browser context stores it, for the app's host. */
function contextCookie(appUrl: string, { name, value }: SessionCookie) {
  return {
    name,
    value,
    domain: new URL(appUrl).hostname,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: "Lax" as const,
  };
}

/**
 * The run's app and browser for a test file: connected before its tests, disconnected after
 * them. What a test opens through the suite is closed when that test finishes (after its
 * afterEach checks, and even when they fail).
 *
 * Files run in Chromium's headless shell, which costs about 30% less CPU for the same tests;
 * a file whose subject is system notifications or push asks for `{ browser: "full" }`: the
 * headless shell shows no notifications and delivers no push.
 */
export function useBrowserSuite({
  browser = "shell",
}: {
  browser?: "shell" | "full";
} = {}): BrowserSuite {
  const url = inject("appUrl");
  const suite = {
    app: { url },
    async newPage(options = {}) {
      const context = await suite.browser.newContext({
        viewport: MOBILE,
        baseURL: url,
        // The service worker precaches the build and answers from there, out of reach of
        // page.route: a test that wants it (pwa.e2e.test.ts) asks for it.
        serviceWorkers: "block",
        ...options,
      });
      onTestFinished(() => context.close());
      // A hang detector, not a speed limit: a busy machine must not fail a slow step.
      context.setDefaultTimeout(60_000);
      return context.newPage();
    },
    async signedInPage(user, path, options) {
      const page = await suite.newPage(options);
      await page.context().addCookies([contextCookie(url, await sessionCookieFor(user))]);
      await page.goto(path);
      return page;
    },
    async newApi() {
      const api = await request.newContext({
        baseURL: url,
        extraHTTPHeaders: { origin: url },
      });
      onTestFinished(() => api.dispose());
      return api;
    },
    async apiAs(user) {
      const api = await request.newContext({
        baseURL: url,
        extraHTTPHeaders: { origin: url },
        storageState: { cookies: [contextCookie(url, await sessionCookieFor(user))], origins: [] },
      });
      onTestFinished(() => api.dispose());
      return api;
    },
  } as BrowserSuite;
  beforeAll(async () => {
    suite.browser = await chromium.connect(
      inject(browser === "full" ? "fullBrowserWsEndpoint" : "browserWsEndpoint"),
    );
  });
  afterAll(async () => {
    await suite.browser?.close();
  });
  return suite;
}

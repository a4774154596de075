/**
 * Section 5: Lighthouse on the four first screens a person sees, `/auth` signed out and
 * `/dashboard`, `/calendar` and a circle page signed in, the way an independent run measures
 * them: Lighthouse's default mobile preset (a mid-range phone, simulated slow 4G and a 4× slower
 * CPU), Chromium started by chrome-launcher with `--headless=new` as the Lighthouse CLI starts it,
 * and the app served the way `pnpm start` serves it (serve.ts with WEB_DIST: compression and
 * cache headers included). Signed in means a real session in the browser's own cookie jar, made
 * by the login endpoint for a family with a week of plans. The simulation scales the CPU time it
 * observes, so a busy machine lowers the scores: each run is a fresh browser, the median of
 * several is reported, and each run's benchmark index (Lighthouse's measure of this machine's
 * CPU at that moment) is printed beside it. Bench notes, "The first load on a phone".
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { chromium } from "playwright-core";
import { startWebServer } from "./app-server";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { seedFamily } from "./screen-requests";
import { buildPackage } from "./workspace-build";

const SCORE_TARGET = 95;
const TBT_TARGET_MS = 200;
const LCP_TARGET_MS = 2000;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseOptions {
  /** Build the web app first; false measures the existing packages/web/dist. */
  build: boolean;
  /** Lighthouse runs per page; the median run (by performance score) is reported. */
  runs: number;
  chromePath: string;
  /** Where each run's report is written as JSON (`<page>-<run>.json`), for profiling; none if unset. */
  saveDir?: string | undefined;
}

interface PageFigures {
  /** The whole report, written out with --lighthouse-save. */
  report: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's CPU benchmark of this machine during the run: lower is a busier machine. */
  benchmarkIndex: number;
  /** Audits that cost points outside performance (whose opportunities are its own report). */
  failed: string[];
}

/** A session cookie (`name=value`), put into the browser's cookie jar as the login left it. */
async function addSession(port: number, appUrl: string, cookie: string): Promise<void> {
  const [name = "", value = ""] = cookie.split("=");
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("lighthouse: Chromium has no default context");
    await context.addCookies([{ name, value, url: appUrl, httpOnly: true, sameSite: "Lax" }]);
  } finally {
    // Over CDP, closing only disconnects: the browser stays for Lighthouse.
    await browser.close();
  }
}

async function audit(url: string, port: number): Promise<PageFigures> {
  // Lighthouse's defaults otherwise, as the CLI runs them: the mobile preset, simulated
  // throttling, storage (not cookies) cleared before the page loads.
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  // A session the app did not accept would measure the sign-in screen it redirects to.
  const ended = new URL(lhr.finalDisplayedUrl).pathname;
  if (ended !== new URL(url).pathname) throw new Error(`lighthouse: ${url} ended on ${ended}`);
  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    report: JSON.stringify(lhr),
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
    },
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed: (["accessibility", "best-practices"] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${lhr.audits[ref.id]?.title ?? ref.id}`),
    ),
  };
}

/** One run in a browser of its own: no cache, compiled code or service worker from the last. */
async function auditInFreshBrowser(
  url: string,
  chromePath: string,
  session: { appUrl: string; cookie: string } | null,
): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    // As `lighthouse --chrome-flags="--headless=new"`; root in a container has no user
    // namespace for the sandbox.
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  try {
    if (session) await addSession(chrome.port, session.appUrl, session.cookie);
    return await audit(url, chrome.port);
  } finally {
    // Also removes the profile chrome-launcher made.
    chrome.kill();
  }
}

/**
 * Lighthouse's own trace recording fails now and then (NO_NAVSTART, "run Lighthouse again"):
 * that run is taken again, in a fresh browser, up to twice. Any other error stops the bench.
 */
async function auditWithRetry(
  url: string,
  chromePath: string,
  session: { appUrl: string; cookie: string } | null,
): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditInFreshBrowser(url, chromePath, session);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("NO_NAVSTART")) throw error;
      console.log(`${new URL(url).pathname}: Lighthouse lost its trace (NO_NAVSTART), run again`);
    }
  }
}

/** The run in the middle by performance score: one real run, not a blend of several. */
function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("lighthouse: no runs");
  return middle;
}

const meetsTargets = (figures: PageFigures) =>
  Object.values(figures.scores).every((score) => score >= SCORE_TARGET) &&
  figures.tbtMs <= TBT_TARGET_MS &&
  figures.lcpMs <= LCP_TARGET_MS;

export async function runLighthouse(options: LighthouseOptions): Promise<SummaryRow[]> {
  heading("5. Lighthouse, mobile preset (/auth signed out; /dashboard, /calendar, a circle in)");
  const targetText = `scores ≥ ${SCORE_TARGET}, LCP ≤ ${ms(LCP_TARGET_MS)}, TBT ≤ ${ms(TBT_TARGET_MS)}`;
  const unavailable = (reason: string): SummaryRow[] => {
    console.log(`n/a: ${reason}`);
    return [{ figure: "Lighthouse scores", value: "n/a", target: targetText, verdict: "n/a" }];
  };
  if (options.build && !buildPackage("@circleplan/web")) return unavailable("the web build failed");

  const server = await startWebServer();
  try {
    const family = await seedFamily(server.appUrl);
    const session = { appUrl: server.appUrl, cookie: family.cookie };
    const pages = [
      { path: "/auth", session: null },
      { path: "/dashboard", session },
      { path: "/calendar", session },
      { path: `/circle/${family.circleId}`, session },
    ];
    const results: { path: string; figures: PageFigures }[] = [];
    for (const page of pages) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < options.runs; run++) {
        const url = `${server.appUrl}${page.path}`;
        const figures = await auditWithRetry(url, options.chromePath, page.session);
        runs.push(figures);
        if (options.saveDir) {
          const name = `${page.path.split("/")[1]}-${run + 1}.json`;
          await mkdir(options.saveDir, { recursive: true });
          await writeFile(path.join(options.saveDir, name), figures.report);
        }
      }
      const perRun = runs.map(
        (run) =>
          `${run.scores.performance} (LCP ${ms(run.lcpMs)}, TBT ${ms(run.tbtMs)}, CPU index ${Math.round(run.benchmarkIndex)})`,
      );
      console.log(`${page.path}: per run ${perRun.join("; ")}`);
      const median = medianRun(runs);
      for (const failure of median.failed) console.log(`${page.path}: ${failure}`);
      results.push({ path: page.path, figures: median });
    }
    printTable(
      ["page", "performance", "accessibility", "best practices", "LCP", "TBT"],
      results.map(({ path: page, figures }) => [
        page,
        String(figures.scores.performance),
        String(figures.scores.accessibility),
        String(figures.scores["best-practices"]),
        ms(figures.lcpMs),
        ms(figures.tbtMs),
      ]),
    );
    return results.map(({ path: page, figures }) => {
      const { performance, accessibility } = figures.scores;
      const bestPractices = figures.scores["best-practices"];
      return {
        figure: `Lighthouse ${page} (perf / a11y / best practices; LCP, TBT)`,
        value: `${performance} / ${accessibility} / ${bestPractices}; ${ms(figures.lcpMs)}, ${ms(figures.tbtMs)}`,
        target: targetText,
        verdict: verdict(meetsTargets(figures)),
      };
    });
  } finally {
    await server.stop();
  }
}

/**
 * Section 5: Lighthouse on the first screens a person sees, `/auth` signed out and `/dashboard`
 * signed in, with its default mobile preset (a mid-range phone, simulated slow 4G and a 4× slower
 * CPU). The app is served the way `pnpm start` serves it (serve.ts with WEB_DIST: compression
 * and cache headers included), and the browser is Debian's Chromium, started here with a
 * DevTools port for Lighthouse to drive. The simulation scales the CPU time it observes, so a
 * busy machine lowers the scores: the median of several runs, each in a fresh browser, evens
 * that out.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Flags } from "lighthouse";
import { removeFolder, signIn, startWebServer, stopChild } from "./app-server";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { buildPackage } from "./workspace-build";

const SCORE_TARGET = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseOptions {
  /** Build the web app first; false measures the existing packages/web/dist. */
  build: boolean;
  /** Lighthouse runs per page; the median run (by performance score) is reported. */
  runs: number;
  chromePath: string;
}

interface PageFigures {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  /** Audits that cost points outside performance (whose opportunities are its own report). */
  failed: string[];
}

/**
 * Chromium with a DevTools port, as chrome-launcher would start it (its flags that matter for
 * measuring), without depending on chrome-launcher, which pnpm keeps private to lighthouse.
 */
async function launchChromium(chromePath: string) {
  const profile = mkdtempSync(path.join(tmpdir(), "circleplan-lighthouse-chrome-"));
  const child = spawn(
    chromePath,
    [
      "--headless=new",
      // Root in a container has no user namespace for the sandbox.
      "--no-sandbox",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-extensions",
      "--disable-sync",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-default-apps",
      "--disable-background-timer-throttling",
      "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      "--disable-client-side-phishing-detection",
      "--disable-hang-monitor",
      "--metrics-recording-only",
      "--mute-audio",
      "--password-store=basic",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = async () => {
    await stopChild(child);
    removeFolder(profile);
  };
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => {
      reject(new Error(`lighthouse: Chromium opened no DevTools port in 30 s:\n${stderr}`));
    }, 30_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`lighthouse: Chromium exited (${code}) before opening a port:\n${stderr}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { port, stop };
}

async function audit(url: string, port: number, cookie: string | null): Promise<PageFigures> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // The signed-in screen needs the session; storage resets do not touch a header.
    extraHeaders: cookie ? { Cookie: cookie } : null,
  };
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
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
    },
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    failed: (["accessibility", "best-practices"] as const).flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${lhr.audits[ref.id]?.title ?? ref.id}`),
    ),
  };
}

/** The run in the middle by performance score: one real run, not a blend of several. */
function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("lighthouse: no runs");
  return middle;
}

export async function runLighthouse(options: LighthouseOptions): Promise<SummaryRow[]> {
  heading("5. Lighthouse, mobile preset (/auth signed out, /dashboard signed in)");
  const targetText = `each score ≥ ${SCORE_TARGET}`;
  const unavailable = (reason: string): SummaryRow[] => {
    console.log(`n/a: ${reason}`);
    return [{ figure: "Lighthouse scores", value: "n/a", target: targetText, verdict: "n/a" }];
  };
  if (options.build && !buildPackage("@circleplan/web")) return unavailable("the web build failed");

  const server = await startWebServer();
  try {
    const cookie = await signIn(server.appUrl);
    const pages = [
      { path: "/auth", cookie: null },
      { path: "/dashboard", cookie },
    ];
    const results: { path: string; figures: PageFigures }[] = [];
    for (const page of pages) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < options.runs; run++) {
        // A fresh browser per run: no cache or compiled code carried over from the last one.
        const chromium = await launchChromium(options.chromePath);
        try {
          runs.push(await audit(`${server.appUrl}${page.path}`, chromium.port, page.cookie));
        } finally {
          await chromium.stop();
        }
      }
      const performance = runs.map((run) => run.scores.performance).join(", ");
      console.log(`${page.path}: performance per run ${performance}`);
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
        verdict: verdict(Object.values(figures.scores).every((score) => score >= SCORE_TARGET)),
      };
    });
  } finally {
    await server.stop();
  }
}

/**
 * Section 5b: the four first screens in a real Chromium on a slow network, not simulated. For
 * each, in a fresh context (cold cache, no service worker) with DevTools throttling at
 * Lighthouse's mobile numbers (150 ms round trip, 1.6 Mbps down, 750 kbps up, 4× slower CPU):
 * the first contentful paint, and when the app's own screen replaced the first look painted from
 * the HTML. Lighthouse's simulation cannot see some costs a browser pays (each extra request on
 * the local server's HTTP/1.1) and credits some gains it does not get (asking for the entry after
 * the first paint): bench notes, "The first load on a phone", fifth round. No target of its own:
 * compare builds, interleaved, on a quiet machine.
 */
import { chromium } from "playwright-core";
import { startWebServer } from "./app-server";
import { heading, ms, printTable, type SummaryRow } from "./format";
import { seedFamily } from "./screen-requests";
import { buildPackage } from "./workspace-build";

export interface ScreenReadyOptions {
  /** Build the web app first; false measures the existing packages/web/dist. */
  build: boolean;
  /** Loads per screen; the median is reported. */
  runs: number;
  chromePath: string;
}

const MBPS = (1024 * 1024) / 8;
/** Lighthouse's mobile preset: slow 4G and a mid-range phone's CPU. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1.6 * MBPS,
  uploadThroughput: 0.75 * MBPS,
};
const CPU_SLOWDOWN = 4;

/** What the page's functions below read of it; this package has no DOM types. */
interface PageDocument {
  getElementById(id: string): { hasChildNodes(): boolean } | null;
}

/** The app's screen has mounted and taken the painted first look away (lib/first-paint.ts). */
function screenShown(): boolean {
  const page = (globalThis as unknown as { document: PageDocument }).document;
  return Boolean(
    page.getElementById("root")?.hasChildNodes() && !page.getElementById("first-paint"),
  );
}

function paintAndNow(): [number | null, number] {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return [paint ? paint.startTime : null, performance.now()];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

export async function runScreenReady(options: ScreenReadyOptions): Promise<SummaryRow[]> {
  heading("5b. The first screens in Chromium, slow 4G and 4× CPU, cold (not simulated)");
  if (options.build && !buildPackage("@circleplan/web")) {
    console.log("n/a: the web build failed");
    return [{ figure: "First screens in Chromium", value: "n/a", target: "", verdict: "n/a" }];
  }
  const server = await startWebServer();
  const browser = await chromium.launch({
    executablePath: options.chromePath,
    args: ["--no-sandbox"],
  });
  try {
    const family = await seedFamily(server.appUrl);
    const [name = "", value = ""] = family.cookie.split("=");
    const pages = [
      { path: "/auth", signedIn: false },
      { path: "/dashboard", signedIn: true },
      { path: "/calendar", signedIn: true },
      { path: `/circle/${family.circleId}`, signedIn: true },
    ];
    const rows: string[][] = [];
    const summary: SummaryRow[] = [];
    for (const page of pages) {
      const paints: number[] = [];
      const shown: number[] = [];
      for (let run = 0; run < options.runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          serviceWorkers: "block",
        });
        try {
          if (page.signedIn) {
            await context.addCookies([
              { name, value, url: server.appUrl, httpOnly: true, sameSite: "Lax" },
            ]);
          }
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", NETWORK);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
          await tab.goto(`${server.appUrl}${page.path}`, { waitUntil: "commit" });
          // Functions, not text: the app's CSP allows no eval.
          await tab.waitForFunction(screenShown, null, { timeout: 120_000, polling: 20 });
          const [paint, now] = await tab.evaluate(paintAndNow);
          paints.push(paint ?? Number.NaN);
          shown.push(now);
        } finally {
          await context.close();
        }
      }
      console.log(
        `${page.path}: first paint ${paints.map((v) => ms(v)).join(", ")}; screen ${shown.map((v) => ms(v)).join(", ")}`,
      );
      rows.push([page.path, ms(median(paints)), ms(median(shown))]);
      summary.push({
        figure: `Chromium ${page.path} (first paint; screen shown), median of ${options.runs}`,
        value: `${ms(median(paints))}; ${ms(median(shown))}`,
        target: "none: compare builds",
        verdict: "",
      });
    }
    printTable(["page", "first contentful paint", "screen shown"], rows);
    return summary;
  } finally {
    await browser.close();
    await server.stop();
  }
}

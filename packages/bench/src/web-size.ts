/**
 * Section 4: what each first screen downloads before it can paint (the entry, and the shell's
 * and the screen's lazy chunks with everything they import), each file gzipped at level 9
 * (close to what the CDN serves), summed per screen against issue 23's target. The rule and
 * the screens are the web build's own (`@circleplan/web/build/first-load`), which fails the
 * build above its ceiling; lazy chunks loaded after the first paint and CSS are left out.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  firstLoads,
  INITIAL_JS_CEILING_BYTES,
  INITIAL_JS_TARGET_BYTES,
} from "@circleplan/web/build/first-load";
import { heading, kB, printTable, type SummaryRow, verdict } from "./format";
import { buildPackage } from "./workspace-build";

const WEB_DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const TARGET_TEXT = `≤ ${kB(INITIAL_JS_TARGET_BYTES)}`;

export interface WebSizeOptions {
  build: boolean;
}

export function runWebSize(options: WebSizeOptions): SummaryRow[] {
  heading("4. Web app initial JS per first screen");
  const unavailable = (reason: string): SummaryRow[] => {
    console.log(`n/a: ${reason}`);
    return [{ figure: "Web initial JS", value: "n/a", target: TARGET_TEXT, verdict: "n/a" }];
  };
  if (options.build && !buildPackage("@circleplan/web")) return unavailable("the web build failed");
  if (!existsSync(path.join(WEB_DIST, ".vite/manifest.json"))) {
    return unavailable(`no build manifest in ${WEB_DIST}`);
  }
  const loads = firstLoads(WEB_DIST);
  console.log(`(the build fails a screen above ${kB(INITIAL_JS_CEILING_BYTES)})`);
  for (const load of loads) {
    console.log(`${load.screen}:`);
    printTable(
      ["file", "gzip -9"],
      [
        ...load.files.map(({ file, gzipBytes }) => [file, kB(gzipBytes)]),
        ["total", kB(load.gzipBytes)],
      ],
    );
  }
  return loads.map((load) => ({
    figure: `Web initial JS ${load.screen} (gzip -9)`,
    value: kB(load.gzipBytes),
    target: TARGET_TEXT,
    verdict: verdict(load.gzipBytes <= INITIAL_JS_TARGET_BYTES),
  }));
}

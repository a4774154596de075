/**
 * Section 4: what a first visit downloads before the app can run: the entry module and the
 * modules index.html preloads, each gzipped at level 9 (close to what the CDN serves), summed. Lazy route
 * chunks and CSS are left out on purpose.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { heading, kB, printTable, type SummaryRow, verdict } from "./format";
import { buildPackage } from "./workspace-build";

const WEB_DIST = fileURLToPath(new URL("../../web/dist/", import.meta.url));
const TARGET = 170_000;
const FIGURE = "Web initial JS (entry + modulepreload, gzip -9)";
const TARGET_TEXT = `≤ ${kB(TARGET)}`;

export interface WebSizeOptions {
  build: boolean;
}

/** The attributes of every `<tag …>` in the page, names lower-cased. */
function tagAttributes(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map((match) =>
    Object.fromEntries(
      [
        ...(match[1] ?? "").matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g),
      ].map((attr) => [(attr[1] ?? "").toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? ""]),
    ),
  );
}

/** The JS files a first visit loads, in the order index.html names them. */
export function initialScripts(html: string): string[] {
  const entries = tagAttributes(html, "script")
    .filter((attrs) => attrs.type === "module" && attrs.src)
    .map((attrs) => attrs.src as string);
  const preloads = tagAttributes(html, "link")
    .filter((attrs) => attrs.rel?.split(/\s+/).includes("modulepreload") && attrs.href)
    .map((attrs) => attrs.href as string);
  return [...new Set([...entries, ...preloads])];
}

export function runWebSize(options: WebSizeOptions): SummaryRow[] {
  heading("4. Web app initial JS");
  const unavailable = (reason: string): SummaryRow[] => {
    console.log(`n/a: ${reason}`);
    return [{ figure: FIGURE, value: "n/a", target: TARGET_TEXT, verdict: "n/a" }];
  };
  if (options.build && !buildPackage("@circleplan/web")) return unavailable("the web build failed");
  const indexPath = path.join(WEB_DIST, "index.html");
  if (!existsSync(indexPath)) return unavailable(`no ${indexPath}`);

  const scripts = initialScripts(readFileSync(indexPath, "utf8"));
  if (scripts.length === 0) return unavailable("index.html names no module script");
  const rows = scripts.map((src) => {
    // Vite writes root-relative URLs ("/assets/x.js"); an absolute one (a CDN base) is not in dist.
    const file = path.join(WEB_DIST, src.replace(/^\//, ""));
    if (/^[a-z]+:\/\//i.test(src) || !existsSync(file))
      throw new Error(`web size: cannot read ${src}`);
    const content = readFileSync(file);
    return { src, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  printTable(
    ["file", "raw", "gzip -9"],
    [
      ...rows.map((row) => [row.src, kB(row.raw), kB(row.gzip)]),
      ["total", kB(totalRaw), kB(total)],
    ],
  );
  return [
    { figure: FIGURE, value: kB(total), target: TARGET_TEXT, verdict: verdict(total <= TARGET) },
  ];
}

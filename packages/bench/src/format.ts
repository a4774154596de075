/** Plain-text tables and units, so every section prints the same way. */
import type { LoadResult } from "./load";

/** One line of the final summary. */
export interface SummaryRow {
  figure: string;
  value: string;
  target: string;
  /** "PASS" / "FAIL" against the target, or "" when the figure has none. */
  verdict: string;
}

/** Sizes are in kB = 1000 bytes, as Vite and the targets count them. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`;
export const perSecond = (value: number) =>
  `${value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString("en-US")}/s`;
export const ratio = (value: number) => `${value.toFixed(1)}×`;
export const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");

export function heading(title: string): void {
  console.log(`\n== ${title} ==`);
}

/** Numbers line up best right-aligned: every column but the first, unless `leftAligned`. */
export function printTable(
  headers: string[],
  rows: string[][],
  { leftAligned = false }: { leftAligned?: boolean } = {},
): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, column) =>
        column === 0 || leftAligned
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

export function printSummary(rows: SummaryRow[]): void {
  heading("Summary");
  printTable(
    ["figure", "value", "target", "verdict"],
    rows.map((row) => [row.figure, row.value, row.target, row.verdict]),
    { leftAligned: true },
  );
}

export function loadRow(result: LoadResult): string[] {
  const codes = Object.entries(result.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(" ");
  return [
    result.title,
    String(result.connections),
    `${result.duration.toFixed(1)} s`,
    perSecond(result.requestsPerSecond),
    ms(result.p50),
    ms(result.p95),
    ms(result.p99),
    `${codes}${result.errors ? ` err×${result.errors}` : ""}${result.timeouts ? ` timeout×${result.timeouts}` : ""}`,
  ];
}

export const LOAD_HEADERS = ["load", "conns", "time", "req/s", "p50", "p95", "p99", "answers"];

/** A figure measured on anything but clean 2xx answers says nothing: flag it in the summary. */
export function loadWarning(result: LoadResult): string {
  return result.non2xx || result.errors || result.timeouts ? " (non-2xx/errors: see table)" : "";
}

/**
 * What each first screen downloads before it can paint, read from the build's manifest: the
 * entry and, for each screen, the lazy chunks the routes load with it (routes.tsx), each with
 * every chunk it imports statically. Build-time code (Node): the build fails when a screen
 * passes the ceiling (vite.config.ts), and `pnpm bench web` prints the same figures. Decision
 * 005, "The first load on a phone".
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Issue 23's target for a first screen's initial JavaScript, gzipped: `pnpm bench web`'s verdict. */
export const INITIAL_JS_TARGET_BYTES = 120_000;
/**
 * What the build lets a first screen download, gzipped: the largest first screen after the
 * fifth round of levers (a circle page, 179 kB) with a little room. It holds what was won while
 * the target is still out of reach; lower it as the levers of decision 005 land, never raise it.
 */
export const INITIAL_JS_CEILING_BYTES = 185_000;

/** One entry of Vite's `.vite/manifest.json`, keyed by source path or `_name.js`. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** What renders the first screen beside the entry: the shell (signed in) and the screen. */
const SHELL = "src/features/shell/app-shell.tsx";
export const FIRST_SCREENS: Readonly<Record<string, readonly string[]>> = {
  "/auth": ["src/features/auth/auth-screen.tsx"],
  "/dashboard": [SHELL, "src/features/dashboard/dashboard-screen.tsx"],
  "/calendar": [SHELL, "src/features/calendar/calendar-screen.tsx"],
  "/circle/:id": [SHELL, "src/features/circles/circle-screen.tsx"],
};

/** The JS files the given manifest keys load, their static imports included, entry first. */
export function initialFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`first load: the build has no chunk for ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ["index.html", ...keys]) visit(key);
  return files.filter((file) => file.endsWith(".js"));
}

export interface FirstLoad {
  screen: string;
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/** The build's record of its chunks and what each imports. */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
}

/** Each first screen's initial JS in a built `dist`, gzipped at level 9 (close to a CDN's). */
export function firstLoads(distDir: string, manifest = readManifest(distDir)): FirstLoad[] {
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  return Object.entries(FIRST_SCREENS).map(([screen, keys]) => {
    const files = initialFiles(manifest, keys).map((file) => ({ file, gzipBytes: gzipped(file) }));
    return { screen, files, gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
  });
}

/**
 * What no first screen may load, whatever the chunking: Radix's overlays and what they bring
 * (the positioning engine, focus traps, scroll lock), which load when an overlay first opens
 * (components/ui/overlay-kit.ts) or a tooltip first shows.
 */
export const DEFERRED_MODULES =
  /node_modules[\\/](?:@radix-ui[\\/]react-(?:alert-dialog|dialog|dismissable-layer|dropdown-menu|focus-scope|menu|popover|popper|tooltip)|@floating-ui[\\/][^\\/]+|react-remove-scroll|aria-hidden)[\\/]/;

/**
 * The first screens that load a deferred module, as a sentence each naming the module and its
 * file; `modulesOf` gives the modules a built file holds (the bundle's own record).
 */
export function deferredInFirstLoads(
  loads: FirstLoad[],
  modulesOf: (file: string) => readonly string[],
): string[] {
  return loads.flatMap(({ screen, files }) => {
    const found = files.flatMap(({ file }) =>
      modulesOf(file)
        .filter((id) => DEFERRED_MODULES.test(id))
        .map((id) => `${id.slice(id.lastIndexOf("node_modules"))} (${file})`),
    );
    return found.length > 0
      ? [`${screen} loads what only an open overlay needs: ${found.join(", ")}`]
      : [];
  });
}

/**
 * Chunks that import each other, as a sentence per cycle. Rolldown's merging of small shared
 * chunks (`entriesAware`) can close such a cycle, and then a module may run before one it calls
 * as it loads: merged up to 6 kB, the calendar failed at start ("_ is not a function") with
 * nothing in the source wrong. Decision 005, "Chunks by the screens that use them".
 */
export function chunkCycles(manifest: Manifest): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (key: string, path: string[]) => {
    state.set(key, "open");
    path.push(key);
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === "open") {
        const cycle = [...path.slice(path.indexOf(next)), next];
        cycles.push(
          `chunks import each other: ${cycle.map((k) => manifest[k]?.file ?? k).join(" -> ")}`,
        );
      } else if (!state.has(next)) visit(next, path);
    }
    path.pop();
    state.set(key, "done");
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, []);
  return cycles;
}

/** The screens over the budget, as a sentence each; none when all fit. */
export function overBudget(loads: FirstLoad[], budget = INITIAL_JS_CEILING_BYTES): string[] {
  return loads
    .filter((load) => load.gzipBytes > budget)
    .map(
      (load) =>
        `${load.screen} loads ${(load.gzipBytes / 1000).toFixed(1)} kB of JS gzipped before its first paint, over the ${(budget / 1000).toFixed(0)} kB ceiling: ${load.files.map(({ file, gzipBytes }) => `${file} ${(gzipBytes / 1000).toFixed(1)} kB`).join(", ")}`,
    );
}

import { describe, expect, it } from "vitest";
import {
  chunkCycles,
  deferredInFirstLoads,
  type FirstLoad,
  initialFiles,
  type Manifest,
  overBudget,
} from "./first-load";

const manifest: Manifest = {
  "index.html": { file: "assets/index.js", dynamicImports: ["src/screen.tsx"] },
  "src/screen.tsx": { file: "assets/screen.js", imports: ["index.html", "_ui.js", "_plans.js"] },
  "_plans.js": { file: "assets/plans.js", imports: ["_ui.js", "index.html"] },
  "_ui.js": { file: "assets/ui.js", imports: ["index.html"] },
  "src/dialog.tsx": { file: "assets/dialog.js", imports: ["_forms.js"] },
  "_forms.js": { file: "assets/forms.js" },
};

describe("first load", () => {
  it("counts the entry and every chunk a screen imports statically, each once", () => {
    expect(initialFiles(manifest, ["src/screen.tsx"])).toEqual([
      "assets/index.js",
      "assets/screen.js",
      "assets/ui.js",
      "assets/plans.js",
    ]);
  });

  it("leaves out what a screen only imports lazily (a dialog's forms)", () => {
    expect(initialFiles(manifest, ["src/screen.tsx"])).not.toContain("assets/forms.js");
  });

  it("fails a build whose screen names a chunk the manifest does not have", () => {
    expect(() => initialFiles(manifest, ["src/gone.tsx"])).toThrow(/no chunk for src\/gone.tsx/);
  });

  it("stops a screen grown past the ceiling, naming its files", () => {
    const loads: FirstLoad[] = [
      { screen: "/fits", files: [{ file: "assets/a.js", gzipBytes: 1000 }], gzipBytes: 1000 },
      { screen: "/grew", files: [{ file: "assets/b.js", gzipBytes: 1001 }], gzipBytes: 1001 },
    ];
    const problems = overBudget(loads, 1000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/grew loads 1\.0 kB .* assets\/b\.js 1\.0 kB$/);
  });

  it("stops a first screen that loads Radix's overlays or their positioning engine", () => {
    const loads: FirstLoad[] = [
      { screen: "/auth", files: [{ file: "assets/ui.js", gzipBytes: 1 }], gzipBytes: 1 },
      { screen: "/calendar", files: [{ file: "assets/kit.js", gzipBytes: 1 }], gzipBytes: 1 },
    ];
    const pnpm = "/repo/node_modules/.pnpm/x@1/node_modules";
    const modules: Record<string, string[]> = {
      // What first screens do load from Radix: a button's Slot, the sign-in tabs.
      "assets/ui.js": [
        `${pnpm}/@radix-ui/react-slot/dist/index.mjs`,
        `${pnpm}/@radix-ui/react-tabs/dist/index.mjs`,
      ],
      "assets/kit.js": [
        "/repo/packages/web/src/components/ui/overlay-kit.ts",
        `${pnpm}/@radix-ui/react-dropdown-menu/dist/index.mjs`,
        `${pnpm}/@floating-ui/dom/dist/floating-ui.dom.mjs`,
      ],
    };
    const problems = deferredInFirstLoads(loads, (file) => modules[file] ?? []);
    expect(problems).toEqual([
      "/calendar loads what only an open overlay needs: node_modules/@radix-ui/react-dropdown-menu/dist/index.mjs (assets/kit.js), node_modules/@floating-ui/dom/dist/floating-ui.dom.mjs (assets/kit.js)",
    ]);
  });

  it("stops chunks that import each other in a cycle, and passes a tree", () => {
    expect(chunkCycles(manifest)).toEqual([]);
    const cyclic: Manifest = {
      ...manifest,
      "_ui.js": { file: "assets/ui.js", imports: ["index.html", "_plans.js"] },
    };
    expect(chunkCycles(cyclic)).toEqual([
      "chunks import each other: assets/ui.js -> assets/plans.js -> assets/ui.js",
    ]);
  });
});

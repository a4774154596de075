import { describe, expect, it } from "vitest";
import { type FirstLoad, initialFiles, type Manifest, overBudget } from "./first-load";

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
});

import { describe, expect, it } from "vitest";
import type { Manifest } from "./first-load";
import { MONTH_SLOT } from "./first-paint";
import { firstScreenPreloadScript } from "./first-screen-preload";

const screen = (file: string) => ({ file: `assets/${file}.js`, imports: ["index.html", "_ui.js"] });
const manifest: Manifest = {
  "index.html": { file: "assets/index.js" },
  "_ui.js": { file: "assets/ui.js", imports: ["index.html"] },
  "src/components/ui/tooltip.tsx": { file: "assets/tooltip.js" },
  "src/features/auth/auth-screen.tsx": screen("auth"),
  "src/features/shell/app-shell.tsx": screen("shell"),
  "src/features/dashboard/dashboard-screen.tsx": screen("dashboard"),
  "src/features/calendar/calendar-screen.tsx": screen("calendar"),
  "src/features/circles/circle-screen.tsx": screen("circle"),
};

/**
 * Runs the script at an address; what it asked for and painted. `frames` holds the frame
 * callbacks the script asked for, to run later; without it they run at once.
 */
function runAt(pathname: string, rootHasContent = false, frames?: (() => void)[]) {
  const head: string[] = [];
  const painted: string[] = [];
  const document = {
    body: { insertAdjacentHTML: (_where: string, html: string) => painted.push(html) },
    head: {
      insertAdjacentHTML: (_where: string, html: string) =>
        head.push(
          ...[
            ...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)">/g),
          ].map((m) => m[1] ?? ""),
        ),
    },
    getElementById: () => ({ hasChildNodes: () => rootHasContent }),
  };
  const now = (callback: () => void) => callback();
  const frame = frames ? (callback: () => void) => frames.push(callback) : now;
  new Function(
    "location",
    "document",
    "requestAnimationFrame",
    "setTimeout",
    firstScreenPreloadScript(manifest),
  )({ pathname }, document, frame, now);
  return { preloaded: head, painted };
}

describe("the first screen's preload script", () => {
  it("asks for a circle page's chunks beyond the entry while the entry downloads", () => {
    expect(runAt("/circle/7").preloaded).toEqual([
      "/assets/shell.js",
      "/assets/ui.js",
      "/assets/circle.js",
    ]);
  });

  it("paints before it asks for the chunks: the requests wait for the frame after the paint", () => {
    const frames: (() => void)[] = [];
    const run = runAt("/dashboard", false, frames);
    expect(run.painted).toHaveLength(1);
    expect(run.preloaded).toEqual([]);
    for (const callback of frames) callback();
    expect(run.preloaded).toEqual(["/assets/shell.js", "/assets/ui.js", "/assets/dashboard.js"]);
  });

  it("takes the circles' home for no circle page", () => {
    expect(runAt("/circle/home").preloaded).toEqual([]);
  });

  it("paints a first screen's first look before the code runs, and never over a screen already rendered", () => {
    expect(runAt("/auth").painted).toEqual([expect.stringContaining("Circleplan")]);
    expect(runAt("/auth", true).painted).toEqual([]);
    expect(runAt("/dashboard").painted).toEqual([expect.stringContaining("Your Day at a Glance")]);
    expect(runAt("/profile").painted).toEqual([]);
  });

  it("writes this month's title where a calendar's month goes", () => {
    const [calendar] = runAt("/calendar").painted;
    const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
    expect(calendar).toContain(`>${month.format(new Date())}</h2>`);
    expect(calendar).not.toContain(MONTH_SLOT);
  });
});

/**
 * Runs `start` once the browser has painted what index.html shows (a first screen's first look,
 * build/first-paint.ts). Rendering the app is the page load's longest task: run before that
 * paint, it holds the screen's heading back by the whole of it on a phone. A frame's callback runs
 * just before the frame paints and a task queued from it runs after. A hidden page paints no
 * frames, so it starts at once. Decision 005, "The first load on a phone".
 */
type Tab = Pick<Window, "requestAnimationFrame" | "setTimeout"> & {
  document: Pick<Document, "visibilityState">;
};

export function afterFirstPaint(start: () => void, tab: Tab = window): void {
  if (tab.document.visibilityState === "hidden") {
    start();
    return;
  }
  tab.requestAnimationFrame(() => tab.setTimeout(start, 0));
}

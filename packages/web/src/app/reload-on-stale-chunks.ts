/**
 * After a deploy, a tab opened before it still asks for the old build's chunks, which are no
 * longer there: Vite then fires `vite:preloadError`. A reload fetches the new build. Once only:
 * when the reloaded page fails the same way within a minute (a broken deploy, the network
 * gone), the error shows as it would have, instead of reloading for ever.
 */

const RELOADED_AT = "circleplan:reloaded-for-stale-chunks";
const LOOP_GUARD_MS = 60_000;

type Tab = Pick<Window, "addEventListener" | "sessionStorage"> & {
  location: Pick<Location, "reload">;
};

export function reloadOnStaleChunks(tab: Tab = window, now: () => number = Date.now): void {
  tab.addEventListener("vite:preloadError", (event) => {
    try {
      const last = Number(tab.sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (now() - last < LOOP_GUARD_MS) return;
      tab.sessionStorage.setItem(RELOADED_AT, String(now()));
    } catch {
      // Storage refused (a private mode): without the guard, a reload could loop.
      return;
    }
    event.preventDefault();
    tab.location.reload();
  });
}

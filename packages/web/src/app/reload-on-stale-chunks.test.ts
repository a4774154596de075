import { describe, expect, it, vi } from "vitest";
import { reloadOnStaleChunks } from "./reload-on-stale-chunks";

function fakeTab(storage: Map<string, string> | null = new Map()) {
  const target = new EventTarget();
  const reload = vi.fn();
  const sessionStorage = {
    getItem: (key: string) => {
      if (!storage) throw new Error("SecurityError");
      return storage.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (!storage) throw new Error("SecurityError");
      storage.set(key, value);
    },
  };
  const tab = {
    addEventListener: target.addEventListener.bind(target),
    sessionStorage,
    location: { reload },
  } as unknown as Parameters<typeof reloadOnStaleChunks>[0];
  const preloadError = () => {
    const event = new Event("vite:preloadError", { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { tab, reload, preloadError };
}

describe("reloadOnStaleChunks", () => {
  it("reloads a tab holding the previous deploy's chunks instead of showing a broken screen", () => {
    const { tab, reload, preloadError } = fakeTab();
    reloadOnStaleChunks(tab, () => 1_000_000);
    expect(preloadError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads once: a reloaded page that fails again within a minute shows the error (no reload loop)", () => {
    const storage = new Map<string, string>();
    let now = 1_000_000;
    const first = fakeTab(storage);
    reloadOnStaleChunks(first.tab, () => now);
    first.preloadError();
    // The reloaded page: a new tab object over the same session storage.
    now += 5_000;
    const second = fakeTab(storage);
    reloadOnStaleChunks(second.tab, () => now);
    expect(second.preloadError()).toBe(false);
    expect(second.reload).not.toHaveBeenCalled();
    // A later deploy, long after: reloads again.
    now += 10 * 60_000;
    expect(second.preloadError()).toBe(true);
    expect(second.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload where session storage is refused (no guard, so no loop)", () => {
    const { tab, reload, preloadError } = fakeTab(null);
    reloadOnStaleChunks(tab);
    expect(preloadError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

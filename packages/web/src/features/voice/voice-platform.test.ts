import { describe, expect, it } from "vitest";
import { formatElapsed } from "./recording-timer";
import { restartsAfterAbort, startDelayMs, voicePlatform } from "./voice-platform";

const AGENTS = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  // iPadOS asks for desktop sites: it says it is a Mac, with a touch screen.
  ipadSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
};

const on = (agent: keyof typeof AGENTS, maxTouchPoints = 0) =>
  voicePlatform({ userAgent: AGENTS[agent], maxTouchPoints });

describe("where speech recognition runs (plans spec, section 9)", () => {
  it("waits 500 ms on iOS Safari and 100 ms on other phones before starting, not on a desktop", () => {
    expect(startDelayMs(on("iphoneSafari", 5))).toBe(500);
    expect(startDelayMs(on("ipadSafari", 5))).toBe(500);
    expect(startDelayMs(on("iphoneChrome", 5))).toBe(100);
    expect(startDelayMs(on("androidChrome", 5))).toBe(100);
    expect(startDelayMs(on("macSafari"))).toBe(0);
    expect(startDelayMs(on("windowsEdge"))).toBe(0);
  });

  it("restarts an aborted recognition on a desktop only", () => {
    expect(restartsAfterAbort(on("windowsEdge"))).toBe(true);
    expect(restartsAfterAbort(on("macSafari"))).toBe(true);
    expect(restartsAfterAbort(on("androidChrome", 5))).toBe(false);
    expect(restartsAfterAbort(on("iphoneSafari", 5))).toBe(false);
  });

  it("tells Safari from the browsers that only borrow its name", () => {
    expect(on("macSafari")).toEqual({ ios: false, safari: true, mobile: false });
    expect(on("iphoneSafari", 5)).toEqual({ ios: true, safari: true, mobile: true });
    expect(on("iphoneChrome", 5)).toMatchObject({ ios: true, safari: false });
    expect(on("androidChrome", 5)).toMatchObject({ safari: false, mobile: true });
    expect(on("windowsEdge")).toMatchObject({ safari: false, mobile: false });
  });
});

describe("the recording timer", () => {
  it("reads mm:ss", () => {
    expect(formatElapsed(0)).toBe("00:00");
    expect(formatElapsed(7.9)).toBe("00:07");
    expect(formatElapsed(90)).toBe("01:30");
    expect(formatElapsed(3725)).toBe("62:05");
  });
});

import { describe, expect, it } from "vitest";
import { browserTimeZone, timeZoneOptions } from "./time-zones";

describe("time zones", () => {
  it("names the runtime's own zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("offers UTC first, every known zone, and keeps the user's own", () => {
    const options = timeZoneOptions("Europe/Berlin");
    expect(options[0]).toBe("UTC");
    expect(options).toContain("America/New_York");
    expect(new Set(options).size).toBe(options.length);
    expect(timeZoneOptions("Etc/Unknown-Legacy")).toContain("Etc/Unknown-Legacy");
  });
});

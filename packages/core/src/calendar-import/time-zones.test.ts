import { describe, expect, it, vi } from "vitest";
import { ianaZoneOf } from "./time-zones";

describe("ianaZoneOf", () => {
  it("keeps an IANA name", () => {
    expect(ianaZoneOf("Europe/Berlin")).toBe("Europe/Berlin");
    expect(ianaZoneOf("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });
  it("maps Outlook's Windows names by CLDR's table", () => {
    expect(ianaZoneOf("W. Europe Standard Time")).toBe("Europe/Berlin");
    expect(ianaZoneOf("Eastern Standard Time")).toBe("America/New_York");
    expect(ianaZoneOf("GMT Standard Time")).toBe("Europe/London");
    expect(ianaZoneOf('"Pacific Standard Time"')).toBe("America/Los_Angeles");
  });
  it("reads a vendor's prefixed TZID by its IANA tail", () => {
    expect(ianaZoneOf("/mozilla.org/20070129_1/Europe/Berlin")).toBe("Europe/Berlin");
    expect(ianaZoneOf("/softwarestudio.org/Olson_20011030_5/America/New_York")).toBe(
      "America/New_York",
    );
  });
  it("answers null for a name nobody knows, or an offset", () => {
    expect(ianaZoneOf("Custom Zone of the School")).toBeNull();
    expect(ianaZoneOf("+01:00")).toBeNull();
    expect(ianaZoneOf("")).toBeNull();
  });
});

describe("a hostile TZID", () => {
  it("a long TZID is unknown without a zone lookup per path part (no quadratic time)", () => {
    const lookups = vi.spyOn(Intl, "DateTimeFormat");
    try {
      expect(ianaZoneOf("a/".repeat(2_000))).toBeNull();
      expect(ianaZoneOf(`${"x".repeat(40_000)}/Europe/Berlin`)).toBeNull();
      expect(ianaZoneOf(`${"/a".repeat(9)}/Europe/Berlin`)).toBeNull();
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      lookups.mockRestore();
    }
  });
  it("many distinct TZIDs do not grow the answers held beyond a bound", () => {
    const lookups = vi.spyOn(Intl, "DateTimeFormat");
    try {
      for (let i = 0; i < 1_000; i++) ianaZoneOf(`/vendor/${i}/Europe/Berlin`);
      lookups.mockClear();
      // Answers are kept for the names seen recently, so a file's one zone is looked up once.
      ianaZoneOf("/vendor/999/Europe/Berlin");
      ianaZoneOf("/vendor/999/Europe/Berlin");
      expect(lookups.mock.calls.length).toBe(0);
      ianaZoneOf("/vendor/0/Europe/Berlin");
      expect(lookups.mock.calls.length).toBeGreaterThan(0);
    } finally {
      lookups.mockRestore();
    }
  });
});

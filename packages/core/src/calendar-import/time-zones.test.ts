import { describe, expect, it } from "vitest";
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

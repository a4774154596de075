/**
 * What a registration offers from the browser's locale (locale-preferences.ts): 12-hour times
 * and Monday weeks where the locale reads them so, the spec's 24h and Sunday otherwise.
 */
import { describe, expect, it } from "vitest";
import { browserLocaleOffer, browserLocalePreferences } from "./locale-preferences";

describe("browserLocalePreferences", () => {
  it("reads 12-hour times and Sunday weeks in the United States", () => {
    expect(browserLocalePreferences("en-US")).toEqual({ timeFormat: "12h", weekStart: "sunday" });
  });

  it("reads 24-hour times and Monday weeks in Germany", () => {
    expect(browserLocalePreferences("de-DE")).toEqual({ timeFormat: "24h", weekStart: "monday" });
  });

  it("keeps the spec's defaults when the browser cannot say", () => {
    expect(browserLocalePreferences("not a language tag!")).toEqual({
      timeFormat: "24h",
      weekStart: "sunday",
    });
  });
});

describe("browserLocaleOffer", () => {
  it("offers only what differs from the spec's 24-hour clock and Sunday weeks", () => {
    expect(browserLocaleOffer("en-US")).toEqual({ timeFormat: "12h" });
    expect(browserLocaleOffer("en-GB")).toEqual({ weekStart: "monday" });
    expect(browserLocaleOffer("en-AU")).toEqual({ timeFormat: "12h", weekStart: "monday" });
    expect(browserLocaleOffer("pt-BR")).toBeNull();
    expect(browserLocaleOffer("not a language tag!")).toBeNull();
  });
});

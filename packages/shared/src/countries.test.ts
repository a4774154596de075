import { describe, expect, it } from "vitest";
import { countries, findCountry, phoneLengthMessage, splitPhoneNumber } from "./countries";

describe("country table", () => {
  it("covers about 40 countries, each complete and unique", () => {
    expect(countries.length).toBeGreaterThanOrEqual(40);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const country of countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.phoneCode).toMatch(/^\+\d{1,4}$/);
      expect(country.phoneDigits.min).toBeLessThanOrEqual(country.phoneDigits.max);
      expect(country.cities.length).toBeGreaterThan(0);
    }
  });

  it("holds the spec's phone-length ranges", () => {
    const ranges = Object.fromEntries(
      countries.map((c) => [c.code, [c.phoneDigits.min, c.phoneDigits.max]]),
    );
    expect(ranges).toMatchObject({
      US: [10, 10],
      CA: [10, 10],
      GB: [10, 11],
      AU: [9, 9],
      IN: [10, 10],
      DE: [10, 12],
      FR: [10, 10],
      CN: [11, 11],
      JP: [10, 11],
      SG: [8, 8],
    });
  });

  it("lists New York for the US", () => {
    expect(findCountry("US")?.cities).toContain("New York");
  });

  it("words the length message with one number when min equals max", () => {
    expect(phoneLengthMessage(findCountry("US") as never)).toBe(
      "Phone number must be 10 digits for the country",
    );
    expect(phoneLengthMessage(findCountry("DE") as never)).toBe(
      "Phone number must be 10-12 digits for the country",
    );
  });

  it("splits a phone number into calling code and digits", () => {
    expect(splitPhoneNumber("+1 (212) 555-0123")).toEqual({
      callingCode: "+1",
      digits: "2125550123",
    });
    expect(splitPhoneNumber("2125550123")).toBeNull();
    expect(splitPhoneNumber("+1")).toBeNull();
  });
});

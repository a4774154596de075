import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";
import { COMMON_PASSWORDS } from "./common-passwords-list";

describe("isCommonPassword", () => {
  it("refuses common passwords and the same dressed up with digits and symbols", async () => {
    for (const password of [
      "password",
      "Password123!",
      "!!Qwerty2024",
      "Sunshine#1",
      "1234567890",
    ]) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts what is not on the list", async () => {
    for (const password of ["Tulip-harbor-93!", "k3ttle&Orbit", "Sunny#day2024"]) {
      expect(await isCommonPassword(password), password).toBe(false);
    }
  });

  it("holds the 10,000 most common, one per line, most common first", () => {
    const words = COMMON_PASSWORDS.split("\n");
    expect(words).toHaveLength(10_000);
    expect(new Set(words).size).toBe(10_000);
    expect(words.slice(0, 2)).toEqual(["123456", "password"]);
  });
});

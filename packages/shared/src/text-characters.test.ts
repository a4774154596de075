import { describe, expect, it } from "vitest";
import { safeMultilineString } from "./auth-schemas";
import { cleanLines } from "./text-characters";

describe("cleanLines", () => {
  it("leaves nothing the API's text-area fields refuse (one definition for both)", () => {
    const every = Array.from({ length: 0xa0 }, (_, code) => String.fromCharCode(code)).join("");
    const hostile = `${every}\u2028a\uD800b\uDC00c\r\nd`;
    const field = safeMultilineString({ max: 10_000, tooLong: "too long" });
    expect(field.safeParse(hostile).success).toBe(false);
    const cleaned = cleanLines(hostile);
    expect(field.parse(cleaned)).toBe(cleaned);
    expect(cleaned.endsWith("\nabc\nd")).toBe(true);
  });
});

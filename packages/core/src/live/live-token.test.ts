import { describe, expect, it } from "vitest";
import { signLiveToken, verifyLiveToken } from "./live-token";

const KEY = "test-secret-key-test-secret-key-0123456789";
const NOW = new Date("2026-03-01T12:00:00Z");
const HOUR_LATER = new Date("2026-03-01T13:00:00Z");

describe("live sync's token", () => {
  it("names its user and expiry, and verifies under the key that signed it until it expires", () => {
    const token = signLiveToken(KEY, 42, HOUR_LATER);
    expect(token).toMatch(/^42\.\d+\.[0-9a-f]{64}$/);
    expect(verifyLiveToken(KEY, token, NOW)).toEqual({ userId: 42, expiresAt: HOUR_LATER });
    expect(verifyLiveToken(KEY, token, new Date(HOUR_LATER.getTime() - 1))).not.toBeNull();
    expect(verifyLiveToken(KEY, token, HOUR_LATER)).toBeNull();
  });

  it("a token with its user or expiry changed, or signed with another key, verifies as nobody", () => {
    const [, expires, signature] = signLiveToken(KEY, 42, HOUR_LATER).split(".");
    expect(verifyLiveToken(KEY, `43.${expires}.${signature}`, NOW)).toBeNull();
    expect(verifyLiveToken(KEY, `42.${Number(expires) + 3600}.${signature}`, NOW)).toBeNull();
    const other = signLiveToken(`${KEY}-other`, 42, HOUR_LATER);
    expect(verifyLiveToken(KEY, other, NOW)).toBeNull();
  });

  it("anything not shaped like a token verifies as nobody, without throwing", () => {
    for (const junk of ["", "42", "0.1.ab", `042.1.${"a".repeat(64)}`, "42.1.xyz", "a.b.c"]) {
      expect(verifyLiveToken(KEY, junk, NOW)).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeLinks, unsubscribeToken } from "./unsubscribe-links";

const key = "a-test-secret-key-of-enough-length-0123456789";

describe("unsubscribe links", () => {
  it("name the user and the kind, and read back only under the same key", () => {
    const token = unsubscribeToken(key, 42, "digest");
    expect(readUnsubscribeToken(key, token)).toEqual({ userId: 42, kind: "digest" });
    expect(readUnsubscribeToken(`${key}x`, token)).toBeNull();
  });

  it("cannot be turned to another user or another kind", () => {
    const token = unsubscribeToken(key, 42, "digest");
    const signature = token.split(".")[2];
    expect(readUnsubscribeToken(key, `43.digest.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(key, `42.reminders.${signature}`)).toBeNull();
  });

  it("refuses anything not shaped like a token", () => {
    for (const bad of [
      "",
      "42",
      "42.digest",
      "0.digest.x",
      "42.all.abc",
      `${"9".repeat(11)}.digest.x`,
    ]) {
      expect(readUnsubscribeToken(key, bad), bad).toBeNull();
    }
  });

  it("builds the page and the one-click address on the app's origin", () => {
    const links = unsubscribeLinks("https://plan.example.com/", key, 7, "reminders");
    expect(links.page).toMatch(/^https:\/\/plan\.example\.com\/unsubscribe\?token=7\.reminders\./);
    expect(links.oneClick).toMatch(
      /^https:\/\/plan\.example\.com\/api\/notifications\/unsubscribe\?token=7\.reminders\./,
    );
  });
});

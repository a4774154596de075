import { describe, expect, it } from "vitest";
import { notificationMessages } from "./notification-messages";
import { base64UrlBytes, pushSubscriptionInput } from "./notification-schemas";

const bytes = (length: number, first = 4) => {
  const out = new Uint8Array(length).fill(7);
  out[0] = first;
  return Buffer.from(out).toString("base64url");
};

describe("base64UrlBytes", () => {
  it("reads base64url with or without padding", () => {
    expect([...(base64UrlBytes("AQID") ?? [])]).toEqual([1, 2, 3]);
    expect([...(base64UrlBytes("-_8") ?? [])]).toEqual([251, 255]);
    expect([...(base64UrlBytes("-_8=") ?? [])]).toEqual([251, 255]);
  });

  it("refuses what is not base64url", () => {
    for (const bad of ["a+b/", "A", "abc===", "ab cd", "é"]) {
      expect(base64UrlBytes(bad), bad).toBeNull();
    }
  });
});

describe("a push subscription", () => {
  const good = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    expirationTime: null,
    keys: { p256dh: bytes(65), auth: bytes(16, 9) },
  };

  it("takes what a browser's PushSubscription.toJSON() gives", () => {
    expect(pushSubscriptionInput.parse(good)).toEqual(good);
    const { expirationTime: _, ...withoutExpiry } = good;
    expect(pushSubscriptionInput.safeParse(withoutExpiry).success).toBe(true);
  });

  it("refuses keys of the wrong size or kind of point", () => {
    for (const keys of [
      { ...good.keys, p256dh: bytes(64) },
      { ...good.keys, p256dh: bytes(65, 2) },
      { ...good.keys, auth: bytes(15) },
      { ...good.keys, auth: bytes(17) },
    ]) {
      const result = pushSubscriptionInput.safeParse({ ...good, keys });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(notificationMessages.pushKeyInvalid);
    }
  });
});

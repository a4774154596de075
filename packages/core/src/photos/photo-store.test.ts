import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { decodeDataUrl, photoObjectKey, photoUrl, photoVersion } from "./photo-store";

describe("photoUrl", () => {
  const key = "users/0123456789abcdef0123456789abcdef";

  it("names the owner and the version, never the storage key", () => {
    expect(photoUrl({ userId: 7 }, key)).toBe(
      "/api/photos/users/7/0123456789abcdef0123456789abcdef",
    );
    expect(photoUrl({ circleId: 12 }, "circles/0123456789abcdef", "thumb")).toBe(
      "/api/photos/circles/12/0123456789abcdef?size=thumb",
    );
    expect(photoUrl({ userId: 7 }, key)).not.toContain(key);
  });

  it("is null without a photo, or for a key of another shape", () => {
    expect(photoUrl({ userId: 7 }, null)).toBeNull();
    expect(photoUrl({ userId: 7 }, "uploads/7/0123456789abcdef")).toBeNull();
    expect(photoVersion("users/../secret")).toBeNull();
  });

  it("keeps each size of a photo in its own object", () => {
    expect(photoObjectKey(key, "large")).toBe(`${key}-large.webp`);
    expect(photoObjectKey(key, "thumb")).toBe(`${key}-thumb.webp`);
  });
});

describe("decodeDataUrl", () => {
  it("decodes base64 whatever type the URL declares", () => {
    expect(decodeDataUrl("data:image/gif;name=a.gif;base64,AQID")).toEqual(
      new Uint8Array([1, 2, 3]),
    );
  });

  it("refuses what is not a base64 data URL, and more than 5 MB before decoding", () => {
    for (const bad of ["data:image/png,AQID", "AQID", "data:image/png;base64,AQ ID"]) {
      expect(() => decodeDataUrl(bad), bad).toThrow(messages.photoInvalidType);
    }
    // The longest whole base64 quantum under the limit (3 bytes per 4 characters), then one more.
    const within = "A".repeat(Math.floor(PHOTO_MAX_BYTES / 3) * 4);
    expect(PHOTO_MAX_BYTES - decodeDataUrl(`data:image/png;base64,${within}`).byteLength).toBe(
      PHOTO_MAX_BYTES % 3,
    );
    expect(() => decodeDataUrl(`data:image/png;base64,${within}AAAA`)).toThrow(
      messages.payloadTooLarge,
    );
  });
});

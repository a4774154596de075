import { describe, expect, it } from "vitest";
import { parseAnnouncement } from "./announcement";

describe("parseAnnouncement", () => {
  it("reads a circle's change and the caller's own", () => {
    expect(parseAnnouncement('{"kind":"circle","circleId":7,"version":42}')).toEqual({
      kind: "circle",
      circleId: 7,
      version: 42,
    });
    expect(parseAnnouncement('{"kind":"user"}')).toEqual({ kind: "user" });
  });

  it("drops extra fields rather than passing them on", () => {
    expect(parseAnnouncement('{"kind":"user","secret":"x"}')).toEqual({ kind: "user" });
  });

  it("ignores what is not an announcement instead of breaking the channel", () => {
    for (const text of [
      "",
      "not json",
      "null",
      "[]",
      '"circle"',
      '{"kind":"plan","circleId":7,"version":1}',
      '{"kind":"circle","circleId":"7","version":1}',
      '{"kind":"circle","circleId":7}',
      '{"kind":"circle","circleId":0,"version":1}',
      '{"kind":"circle","circleId":7,"version":1.5}',
    ]) {
      expect(parseAnnouncement(text), text).toBeNull();
    }
  });
});

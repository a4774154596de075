import { describe, expect, it } from "vitest";
import { appPath, readPushMessage } from "./push-payload";

describe("reading a push message", () => {
  it("shows the server's title, body and tag, and opens its path", () => {
    expect(
      readPushMessage(
        JSON.stringify({
          title: "Reminder: Dentist",
          body: "Starting 3:30 PM",
          url: "/dashboard?eventId=12",
          tag: "reminder-12",
        }),
      ),
    ).toEqual({
      title: "Reminder: Dentist",
      body: "Starting 3:30 PM",
      tag: "reminder-12",
      url: "/dashboard?eventId=12",
    });
  });

  it("still shows something for a payload that is not ours", () => {
    expect(readPushMessage("plain words")).toEqual({
      title: "Circleplan",
      body: "plain words",
      tag: undefined,
      url: "/dashboard",
    });
    expect(readPushMessage(null).title).toBe("Circleplan");
    expect(readPushMessage('{"title": 5, "body": ["x"]}')).toMatchObject({
      title: "Circleplan",
      body: "",
    });
    expect(readPushMessage(JSON.stringify({ title: "x".repeat(1000) })).title).toHaveLength(200);
  });

  it("opens only pages of this app", () => {
    expect(appPath("/circle/3?event=9")).toBe("/circle/3?event=9");
    for (const outside of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      42,
      undefined,
    ]) {
      expect(appPath(outside), String(outside)).toBe("/dashboard");
    }
  });
});

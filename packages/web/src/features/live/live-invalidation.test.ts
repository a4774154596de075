import { describe, expect, it } from "vitest";
import {
  afterCircleChange,
  afterUserChange,
  isLiveQuery,
  stalenessAfter,
} from "./live-invalidation";

/** A tRPC query's key as react-query holds it. */
const key = (path: string, input?: unknown) => {
  const [router, procedure] = path.split(".");
  return [[router, procedure], { ...(input === undefined ? {} : { input }), type: "query" }];
};

describe("what a circle's change makes stale", () => {
  it("refetches the lists across circles and that circle's own, and keeps another circle's", () => {
    const after = (path: string, input?: unknown, data?: unknown) =>
      afterCircleChange(7, key(path, input), data);
    expect(after("plans.list", { date: "2026-11-27" })).toBe("refetch");
    expect(after("plans.list", { upcoming: true, limit: 5 })).toBe("refetch");
    expect(after("plans.list", { circleId: 7 })).toBe("refetch");
    expect(after("plans.list", { circle: 7 })).toBe("refetch");
    expect(after("plans.list", { circleId: 8 })).toBe("keep");
    expect(after("plans.list", { circle: 8 })).toBe("keep");
    expect(after("plans.calendarDays", { month: "2026-11" })).toBe("refetch");
    expect(after("plans.calendarDays", { month: "2026-11", circleId: 8 })).toBe("keep");
    expect(after("plans.get", { id: 3 }, { id: 3, circleId: 7 })).toBe("refetch");
    expect(after("plans.get", { id: 4 }, { id: 4, circleId: 8 })).toBe("keep");
    expect(after("tasks.pending")).toBe("refetch");
    expect(after("tasks.history", { type: "assigned-to-me", page: 1 })).toBe("refetch");
    expect(after("circles.get", { id: 7 })).toBe("refetch");
    expect(after("circles.members", { id: 7 })).toBe("refetch");
    expect(after("circles.get", { id: 8 })).toBe("keep");
    expect(after("invitations.listForCircle", { id: 7 })).toBe("refetch");
    expect(after("invitations.listForCircle", { id: 8 })).toBe("keep");
    expect(after("activity.circle", { id: 7 })).toBe("refetch");
    expect(after("activity.circle", { id: 8 })).toBe("keep");
    expect(after("activity.mine")).toBe("refetch");
  });

  it("marks the circle list and member colours for later instead of asking at once", () => {
    expect(afterCircleChange(7, key("circles.list"), [])).toBe("mark");
    expect(afterCircleChange(7, key("circles.allMembers"), [])).toBe("mark");
  });

  it("leaves alone what no circle's change touches", () => {
    for (const path of [
      "auth.user",
      "user.sessions",
      "notifications.preferences",
      "invitations.pending",
      // The server tells the readers an entry was queued for, by name.
      "inbox.list",
      "inbox.unreadCount",
    ]) {
      expect(afterCircleChange(7, key(path), undefined), path).toBe("keep");
    }
    expect(afterCircleChange(7, ["something", "else"], undefined)).toBe("keep");
  });
});

describe("what a change of the caller's own makes stale", () => {
  it("refetches their circle list, invitations, feed and inbox, and nothing else yet", () => {
    expect(afterUserChange(key("circles.list"))).toBe("refetch");
    expect(afterUserChange(key("invitations.pending"))).toBe("refetch");
    expect(afterUserChange(key("activity.mine"))).toBe("refetch");
    expect(afterUserChange(key("inbox.list"))).toBe("refetch");
    expect(afterUserChange(key("inbox.unreadCount"))).toBe("refetch");
    expect(afterUserChange(key("plans.list", { date: "2026-11-27" }))).toBe("keep");
    expect(afterUserChange(key("auth.user"))).toBe("keep");
  });
});

describe("several announcements at once", () => {
  it("take the strongest verdict of any of them", () => {
    const circle8 = key("plans.list", { circleId: 8 });
    const announcements = [
      { kind: "circle", circleId: 7, version: 1 },
      { kind: "circle", circleId: 8, version: 2 },
    ] as const;
    expect(stalenessAfter(announcements, circle8, undefined)).toBe("refetch");
    expect(stalenessAfter([announcements[0]], circle8, undefined)).toBe("keep");
    expect(stalenessAfter([announcements[0], { kind: "user" }], key("circles.list"), [])).toBe(
      "refetch",
    );
  });
});

describe("a catch-up", () => {
  it("covers plans, tasks, circles, invitations and the feed, not the account's own screens", () => {
    expect(isLiveQuery(key("plans.list", { date: "2026-11-27" }))).toBe(true);
    expect(isLiveQuery(key("tasks.pending"))).toBe(true);
    expect(isLiveQuery(key("circles.list"))).toBe(true);
    expect(isLiveQuery(key("invitations.pending"))).toBe(true);
    expect(isLiveQuery(key("activity.mine"))).toBe(true);
    expect(isLiveQuery(key("auth.user"))).toBe(false);
    expect(isLiveQuery(key("user.sessions"))).toBe(false);
    expect(isLiveQuery(key("notifications.devices"))).toBe(false);
  });
});

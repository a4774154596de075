import { describe, expect, it } from "vitest";
import { planTimes } from "./plan-times";

const timed = (start: string, end: string | null) => ({
  startTime: new Date(start),
  endTime: end ? new Date(end) : null,
  allDay: false,
});

describe("a plan's times on a list", () => {
  it("shows start to end as HH:mm in the user's zone, and the start alone without an end", () => {
    const plan = timed("2026-07-01T16:00:00Z", "2026-07-01T17:30:00Z");
    expect(planTimes(plan, "Europe/London", "24h")).toBe("17:00–18:30");
    expect(planTimes(plan, "Asia/Kathmandu", "24h")).toBe("21:45–23:15");
    expect(planTimes(timed("2026-07-01T16:05:00Z", null), "America/New_York", "24h")).toBe("12:05");
    expect(planTimes({ ...plan, allDay: true }, "UTC", "24h")).toBe("All day");
  });

  it("names the end's day when it falls on a later one, and drops an end at the start", () => {
    expect(planTimes(timed("2026-07-03T21:00:00Z", "2026-07-04T01:00:00Z"), "UTC", "24h")).toBe(
      "21:00–Sat 01:00",
    );
    // The same instants, one day in Auckland.
    expect(
      planTimes(timed("2026-07-03T21:00:00Z", "2026-07-04T01:00:00Z"), "Pacific/Auckland", "24h"),
    ).toBe("09:00–13:00");
    expect(planTimes(timed("2026-07-01T16:00:00Z", "2026-07-01T16:00:00Z"), "UTC", "24h")).toBe(
      "16:00",
    );
  });

  it("writes a 12-hour reader's times as 5:00 PM, the end's day included", () => {
    const plan = timed("2026-07-01T16:00:00Z", "2026-07-01T17:30:00Z");
    expect(planTimes(plan, "Europe/London", "12h")).toBe("5:00 PM–6:30 PM");
    expect(planTimes(timed("2026-07-01T00:05:00Z", null), "UTC", "12h")).toBe("12:05 AM");
    expect(planTimes(timed("2026-07-03T21:00:00Z", "2026-07-04T01:00:00Z"), "UTC", "12h")).toBe(
      "9:00 PM–Sat 1:00 AM",
    );
    expect(planTimes({ ...plan, allDay: true }, "UTC", "12h")).toBe("All day");
  });
});

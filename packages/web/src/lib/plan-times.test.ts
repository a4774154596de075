import { describe, expect, it } from "vitest";
import { planTimes, planTimesOn } from "./plan-times";

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

  it("under a later day of a plan over several days, says until when instead of a start", () => {
    const sleepover = {
      ...timed("2026-07-03T16:00:00Z", "2026-07-04T08:00:00Z"),
      date: "2026-07-03",
    };
    const zone = "Europe/Berlin";
    expect(planTimesOn(sleepover, zone, "24h", "2026-07-03")).toBe("18:00–Sat 10:00");
    expect(planTimesOn(sleepover, zone, "24h", "2026-07-04")).toBe("until 10:00");
    expect(planTimesOn(sleepover, zone, "12h", "2026-07-04")).toBe("until 10:00 AM");
    const camp = { ...timed("2026-07-03T16:00:00Z", "2026-07-06T08:00:00Z"), date: "2026-07-03" };
    expect(planTimesOn(camp, zone, "24h", "2026-07-04")).toBe("until Mon, Jul 6, 10:00");
    const holidays = {
      allDay: true,
      date: "2026-12-21",
      startTime: new Date("2026-12-21T00:00:00Z"),
      endTime: new Date("2027-01-01T00:00:00Z"),
    };
    expect(planTimesOn(holidays, "Europe/London", "24h", "2026-12-21")).toBe("All day");
    expect(planTimesOn(holidays, "Europe/London", "24h", "2026-12-28")).toBe("until Fri, Jan 1");
    expect(planTimesOn(holidays, "Europe/London", "24h", undefined)).toBe("All day");
  });
});

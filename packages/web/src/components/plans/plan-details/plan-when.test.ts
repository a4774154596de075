import { describe, expect, it } from "vitest";
import { planFixture } from "../../../testing/plan-fixtures";
import { planWhen } from "./plan-when";

describe("planWhen", () => {
  it("gives a timed plan's day and its start to end, in the viewer's zone", () => {
    const plan = planFixture({ endTime: new Date("2026-11-22T19:30:00Z") });
    expect(planWhen(plan, "Europe/London", "24h")).toEqual({
      day: "Sunday, November 22, 2026",
      time: "18:00 to 19:30",
    });
    expect(planWhen({ ...plan, date: "2026-11-22" }, "Asia/Kathmandu", "24h")).toEqual({
      day: "Sunday, November 22, 2026",
      time: "23:45 to 01:15 on Monday, November 23, 2026",
    });
  });

  it("writes the times on a 12-hour viewer's clock", () => {
    const plan = planFixture({ endTime: new Date("2026-11-22T19:30:00Z") });
    expect(planWhen(plan, "Europe/London", "12h")).toEqual({
      day: "Sunday, November 22, 2026",
      time: "6:00 PM to 7:30 PM",
    });
  });

  it("gives the start alone when there is no end", () => {
    expect(planWhen(planFixture(), "America/New_York", "24h")).toEqual({
      day: "Sunday, November 22, 2026",
      time: "13:00",
    });
  });

  it("says All day, and the first and last day of a plan over several", () => {
    const allDay = planFixture({ allDay: true, startTime: new Date("2026-11-22T00:00:00Z") });
    expect(planWhen(allDay, "UTC", "24h")).toEqual({
      day: "Sunday, November 22, 2026",
      time: "All day",
    });
    expect(
      planWhen({ ...allDay, endTime: new Date("2026-11-24T00:00:00Z") }, "UTC", "24h"),
    ).toEqual({
      day: "Sunday, November 22 to Tuesday, November 24, 2026",
      time: "All day",
    });
    expect(
      planWhen(
        {
          ...allDay,
          date: "2026-12-31",
          startTime: new Date("2026-12-31T00:00:00Z"),
          endTime: new Date("2027-01-01T00:00:00Z"),
        },
        "UTC",
        "24h",
      ),
    ).toEqual({ day: "Thursday, December 31, 2026 to Friday, January 1, 2027", time: "All day" });
  });
});

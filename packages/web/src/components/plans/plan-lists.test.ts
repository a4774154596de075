import { describe, expect, it } from "vitest";
import { planFixture } from "../../testing/plan-fixtures";
import { groupByDay, sortPlans } from "./plan-lists";

describe("plan lists", () => {
  it("puts all-day plans first, then by start, then by title", () => {
    const plans = [
      planFixture({ id: 1, title: "B", startTime: new Date("2026-11-22T09:00:00Z") }),
      planFixture({ id: 2, title: "A", startTime: new Date("2026-11-22T09:00:00Z") }),
      planFixture({ id: 3, title: "Z", allDay: true, startTime: new Date("2026-11-22T00:00:00Z") }),
      planFixture({ id: 4, title: "Early", startTime: new Date("2026-11-22T07:00:00Z") }),
      planFixture({ id: 5, title: "Before", date: "2026-11-21" }),
    ];
    expect(sortPlans(plans).map((plan) => plan.id)).toEqual([5, 3, 4, 2, 1]);
  });

  it("lists every day asked for, empty ones too", () => {
    const groups = groupByDay(
      [planFixture({ date: "2026-11-23", startTime: new Date("2026-11-23T18:00:00Z") })],
      ["2026-11-22", "2026-11-23"],
      "Europe/London",
    );
    expect(groups.map((group) => [group.day, group.plans.length])).toEqual([
      ["2026-11-22", 0],
      ["2026-11-23", 1],
    ]);
  });

  it("puts a plan over several days under each day it covers within the days shown", () => {
    const holidays = planFixture({
      id: 1,
      title: "Christmas holidays",
      allDay: true,
      date: "2026-12-21",
      startTime: new Date("2026-12-21T00:00:00Z"),
      endTime: new Date("2027-01-01T00:00:00Z"),
    });
    // 18:00 to 10:00 the next morning, and a party ending at midnight.
    const sleepover = planFixture({
      id: 2,
      title: "Sleepover",
      date: "2026-12-30",
      startTime: new Date("2026-12-30T18:00:00Z"),
      endTime: new Date("2026-12-31T10:00:00Z"),
    });
    const party = planFixture({
      id: 3,
      title: "Party",
      date: "2026-12-31",
      startTime: new Date("2026-12-31T20:00:00Z"),
      endTime: new Date("2027-01-01T00:00:00Z"),
    });
    const breakfast = planFixture({
      id: 4,
      title: "Breakfast",
      date: "2026-12-31",
      startTime: new Date("2026-12-31T08:00:00Z"),
    });
    const groups = groupByDay(
      [party, breakfast, sleepover, holidays],
      ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"],
      "Europe/London",
    );
    expect(groups.map((group) => [group.day, group.plans.map((plan) => plan.title)])).toEqual([
      ["2026-12-30", ["Christmas holidays", "Sleepover"]],
      // The sleepover began the evening before: it comes first among the day's timed plans.
      ["2026-12-31", ["Christmas holidays", "Sleepover", "Breakfast", "Party"]],
      ["2027-01-01", ["Christmas holidays"]],
      ["2027-01-02", []],
    ]);
  });
});

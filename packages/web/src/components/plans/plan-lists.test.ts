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
    const groups = groupByDay([planFixture({ date: "2026-11-23" })], ["2026-11-22", "2026-11-23"]);
    expect(groups.map((group) => [group.day, group.plans.length])).toEqual([
      ["2026-11-22", 0],
      ["2026-11-23", 1],
    ]);
  });
});

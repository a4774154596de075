import { describe, expect, it } from "vitest";
import { daySummary, planCount } from "./plan-text";

describe("the dashboard's summary", () => {
  it("counts the day's events for today or names the day", () => {
    expect(daySummary(1, "2026-11-22", "2026-11-22")).toBe("You have 1 event planned for today.");
    expect(daySummary(3, "2026-11-24", "2026-11-22")).toBe(
      "You have 3 events planned for November 24.",
    );
  });

  it("says the schedule is clear when there is nothing", () => {
    expect(daySummary(0, "2026-11-22", "2026-11-22")).toBe(
      "Your schedule is clear for today. Perfect time to plan something new!",
    );
    expect(daySummary(0, "2026-12-01", "2026-11-22")).toBe(
      "Your schedule is clear for December 1. Perfect time to plan something new!",
    );
  });

  it("counts plans per day", () => {
    expect(planCount(0)).toBe("0 plans");
    expect(planCount(1)).toBe("1 plan");
    expect(planCount(2)).toBe("2 plans");
  });
});

import { describe, expect, it } from "vitest";
import {
  addMonths,
  fullDate,
  monthTitle,
  planCountText,
  plansByDay,
  shortDate,
  weekStart,
} from "./calendar-days";

describe("calendar days", () => {
  it("starts weeks on Sunday, across month and year ends", () => {
    expect(weekStart("2026-11-23")).toBe("2026-11-22");
    expect(weekStart("2026-11-22")).toBe("2026-11-22");
    expect(weekStart("2026-11-28")).toBe("2026-11-22");
    expect(weekStart("2026-03-31")).toBe("2026-03-29");
    expect(weekStart("2027-01-01")).toBe("2026-12-27");
  });

  it("starts weeks on Monday for a Monday-first user, a Sunday the last day of its week", () => {
    expect(weekStart("2026-11-23", "monday")).toBe("2026-11-23");
    expect(weekStart("2026-11-22", "monday")).toBe("2026-11-16");
    expect(weekStart("2026-11-28", "monday")).toBe("2026-11-23");
    expect(weekStart("2027-01-01", "monday")).toBe("2026-12-28");
  });

  it("moves months across years and names them", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-10", 0)).toBe("2026-10");
    expect(monthTitle("2026-11")).toBe("November 2026");
  });

  it("words days the same whatever zone the browser is in", () => {
    expect(shortDate("2026-03-29")).toBe("Mar 29");
    expect(fullDate("2026-10-25")).toBe("Sunday, October 25, 2026");
  });

  it("groups plans by their day, all-day plans first, then by start", () => {
    const plan = (title: string, date: string, start: string, allDay = false) => ({
      title,
      date,
      startTime: new Date(start),
      allDay,
    });
    const byDay = plansByDay([
      plan("late", "2026-11-23", "2026-11-23T18:00:00Z"),
      plan("early", "2026-11-23", "2026-11-23T08:00:00Z"),
      plan("all day", "2026-11-23", "2026-11-23T00:00:00Z", true),
      plan("next", "2026-11-24", "2026-11-24T08:00:00Z"),
    ]);
    expect(byDay.get("2026-11-23")?.map((p) => p.title)).toEqual(["all day", "early", "late"]);
    expect(byDay.get("2026-11-24")?.map((p) => p.title)).toEqual(["next"]);
    expect(planCountText(1)).toBe("1 plan");
    expect(planCountText(3)).toBe("3 plans");
  });
});

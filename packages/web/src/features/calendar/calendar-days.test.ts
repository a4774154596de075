import { describe, expect, it } from "vitest";
import {
  addMonths,
  dayMovedBy,
  fullDate,
  monthTitle,
  monthWeeks,
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

  it("lays a month out in six weeks from the user's first weekday, neighbouring days around it", () => {
    const sundays = monthWeeks("2026-11");
    expect(sundays).toHaveLength(6);
    expect(sundays[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(sundays[5]?.[6]).toBe("2026-12-12");
    const mondays = monthWeeks("2026-11", "monday");
    expect(mondays[0]?.[0]).toBe("2026-10-26");
    expect(mondays[0]?.[6]).toBe("2026-11-01");
    // February 2026 starts on a Sunday and fills four weeks: two of March's follow.
    expect(
      monthWeeks("2026-02")
        .flat()
        .filter((day) => day.startsWith("2026-03")),
    ).toHaveLength(14);
  });

  it("moves focus in a month grid by the date grid's keys", () => {
    const from = "2026-11-25"; // a Wednesday
    expect(dayMovedBy("ArrowLeft", false, from)).toBe("2026-11-24");
    expect(dayMovedBy("ArrowRight", false, "2026-11-30")).toBe("2026-12-01");
    expect(dayMovedBy("ArrowUp", false, from)).toBe("2026-11-18");
    expect(dayMovedBy("ArrowDown", false, from)).toBe("2026-12-02");
    expect(dayMovedBy("Home", false, from)).toBe("2026-11-22");
    expect(dayMovedBy("End", false, from)).toBe("2026-11-28");
    expect(dayMovedBy("Home", false, from, "monday")).toBe("2026-11-23");
    expect(dayMovedBy("End", false, from, "monday")).toBe("2026-11-29");
    expect(dayMovedBy("PageUp", false, from)).toBe("2026-10-25");
    expect(dayMovedBy("PageDown", false, from)).toBe("2026-12-25");
    expect(dayMovedBy("PageUp", true, from)).toBe("2025-11-25");
    expect(dayMovedBy("PageDown", true, from)).toBe("2027-11-25");
    expect(dayMovedBy("Enter", false, from)).toBeNull();
    expect(dayMovedBy("a", false, from)).toBeNull();
  });
});

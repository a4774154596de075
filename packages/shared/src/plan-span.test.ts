import { describe, expect, it } from "vitest";
import { lastTimedDay, planSpan, spanDaysWithin } from "./plan-span";

const BERLIN = "Europe/Berlin";

describe("the days a plan covers", () => {
  it("a timed plan to its end's day; an end at midnight, at the start or none stays on the start's day", () => {
    const start = new Date("2026-06-12T16:00:00Z"); // Fri 18:00 in Berlin
    expect(lastTimedDay(start, new Date("2026-06-13T08:00:00Z"), BERLIN)).toBe("2026-06-13");
    expect(lastTimedDay(start, new Date("2026-06-12T22:00:00Z"), BERLIN)).toBe("2026-06-12");
    expect(lastTimedDay(start, new Date("2026-06-12T22:00:01Z"), BERLIN)).toBe("2026-06-13");
    expect(lastTimedDay(start, start, BERLIN)).toBe("2026-06-12");
    expect(lastTimedDay(start, null, BERLIN)).toBe("2026-06-12");
    // The 25-hour day: midnight after it is 23:00 UTC.
    const sunday = new Date("2026-10-25T19:00:00Z");
    expect(lastTimedDay(sunday, new Date("2026-10-25T23:00:00Z"), BERLIN)).toBe("2026-10-25");
  });

  it("an all-day plan from its date to its end's day (the last day's midnight, as lists answer it)", () => {
    const holidays = {
      allDay: true,
      date: "2026-12-21",
      startTime: new Date("2026-12-21T00:00:00Z"),
      endTime: new Date("2027-01-01T00:00:00Z"),
    };
    expect(planSpan(holidays, "Europe/London")).toEqual({
      first: "2026-12-21",
      last: "2027-01-01",
    });
    expect(planSpan({ ...holidays, endTime: null }, "Europe/London")).toEqual({
      first: "2026-12-21",
      last: "2026-12-21",
    });
  });

  it("clips to the days shown", () => {
    const span = { first: "2026-12-21", last: "2027-01-01" };
    expect(spanDaysWithin(span, "2026-12-30", "2027-01-05")).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
    ]);
    expect(spanDaysWithin(span, "2027-01-02", "2027-01-05")).toEqual([]);
  });
});

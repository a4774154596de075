import { describe, expect, it } from "vitest";
import {
  addDays,
  dayInWords,
  dayInZone,
  daysOfMonth,
  instantInZone,
  nextMonth,
  wallClock,
  weekdayOf,
} from "./zoned-time";

const NEW_YORK = "America/New_York";
const BERLIN = "Europe/Berlin";
const HONOLULU = "Pacific/Honolulu";

// In 2026 New York's clocks go forward on March 8 and back on November 1 (at 02:00 local);
// Berlin's go forward on March 29 and back on October 25 (at 01:00 UTC). Honolulu keeps
// UTC-10 all year. The expected instants are written out by hand, not computed.
const at = (iso: string) => new Date(iso).toISOString();

describe("instantInZone", () => {
  it.each([
    ["2026-03-07", "12:00", "2026-03-07T17:00:00.000Z"],
    ["2026-03-08", "01:30", "2026-03-08T06:30:00.000Z"],
    ["2026-03-08", "03:30", "2026-03-08T07:30:00.000Z"],
    ["2026-03-09", "12:00", "2026-03-09T16:00:00.000Z"],
    ["2026-10-31", "23:59", "2026-11-01T03:59:00.000Z"],
    ["2026-11-01", "00:30", "2026-11-01T04:30:00.000Z"],
    ["2026-11-01", "03:00", "2026-11-01T08:00:00.000Z"],
    ["2026-11-02", "18:00", "2026-11-02T23:00:00.000Z"],
  ])("reads New York's offset on %s at %s, not at noon", (day, time, expected) => {
    expect(instantInZone(day, time, NEW_YORK).toISOString()).toBe(at(expected));
  });

  it.each([
    ["2026-03-28", "12:00", "2026-03-28T11:00:00.000Z"],
    ["2026-03-29", "00:00", "2026-03-28T23:00:00.000Z"],
    ["2026-03-29", "01:30", "2026-03-29T00:30:00.000Z"],
    ["2026-03-29", "03:30", "2026-03-29T01:30:00.000Z"],
    ["2026-03-30", "12:00", "2026-03-30T10:00:00.000Z"],
    ["2026-10-25", "01:30", "2026-10-24T23:30:00.000Z"],
    ["2026-10-25", "03:30", "2026-10-25T02:30:00.000Z"],
    ["2026-10-26", "00:15", "2026-10-25T23:15:00.000Z"],
  ])("reads Berlin's offset on %s at %s, not at noon", (day, time, expected) => {
    expect(instantInZone(day, time, BERLIN).toISOString()).toBe(at(expected));
  });

  it.each([
    ["2026-03-08", "02:30", "2026-03-08T12:30:00.000Z"],
    ["2026-07-01", "23:30", "2026-07-02T09:30:00.000Z"],
    ["2026-12-31", "14:00", "2027-01-01T00:00:00.000Z"],
  ])("keeps Honolulu ten hours behind UTC on %s at %s", (day, time, expected) => {
    expect(instantInZone(day, time, HONOLULU).toISOString()).toBe(at(expected));
  });

  it("refuses a time the clocks skip, rather than inventing an instant", () => {
    expect(() => instantInZone("2026-03-08", "02:30", NEW_YORK)).toThrow(/never show 02:30/);
    expect(() => instantInZone("2026-03-29", "02:30", BERLIN)).toThrow(/never show 02:30/);
  });

  it("refuses a time or day not written as HH:mm and YYYY-MM-DD", () => {
    expect(() => instantInZone("2026-03-08", "9:00", NEW_YORK)).toThrow(/"HH:mm"/);
    expect(() => instantInZone("2026-3-8", "09:00", NEW_YORK)).toThrow(/"YYYY-MM-DD"/);
  });
});

describe("dayInZone", () => {
  it("reads today on each person's clock, not in UTC or the machine's zone", () => {
    // 04:30 UTC on March 8: 23:30 the night before in New York, 18:30 in Honolulu.
    const now = new Date("2026-03-08T04:30:00Z");
    expect(dayInZone(NEW_YORK, 0, now)).toBe("2026-03-07");
    expect(dayInZone(BERLIN, 0, now)).toBe("2026-03-08");
    expect(dayInZone(HONOLULU, 0, now)).toBe("2026-03-07");
  });

  it("turns the day at each side's own midnight around a change of the clocks", () => {
    expect(dayInZone(BERLIN, 0, new Date("2026-03-28T22:59:00Z"))).toBe("2026-03-28");
    expect(dayInZone(BERLIN, 0, new Date("2026-03-28T23:00:00Z"))).toBe("2026-03-29");
    expect(dayInZone(BERLIN, 0, new Date("2026-10-25T22:59:00Z"))).toBe("2026-10-25");
    expect(dayInZone(BERLIN, 0, new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
    expect(dayInZone(NEW_YORK, 0, new Date("2026-03-09T03:59:00Z"))).toBe("2026-03-08");
    expect(dayInZone(NEW_YORK, 0, new Date("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
    expect(dayInZone(NEW_YORK, 0, new Date("2026-11-02T04:59:00Z"))).toBe("2026-11-01");
    expect(dayInZone(NEW_YORK, 0, new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("counts days forward and back from today, across a year's end", () => {
    const now = new Date("2027-01-01T05:00:00Z");
    expect(dayInZone(HONOLULU, 0, now)).toBe("2026-12-31");
    expect(dayInZone(HONOLULU, 1, now)).toBe("2027-01-01");
    expect(dayInZone(NEW_YORK, -1, now)).toBe("2026-12-31");
    expect(dayInZone(BERLIN, 94, now)).toBe("2027-04-05");
  });

  it("defaults to now", () => {
    expect(dayInZone("UTC")).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("wallClock", () => {
  it("shows an instant as the day and time on a clock in the zone", () => {
    const instant = new Date("2026-11-01T05:30:00Z");
    expect(wallClock(instant, NEW_YORK)).toEqual({ day: "2026-11-01", time: "01:30" });
    expect(wallClock(instant, BERLIN)).toEqual({ day: "2026-11-01", time: "06:30" });
    expect(wallClock(instant, HONOLULU)).toEqual({ day: "2026-10-31", time: "19:30" });
    expect(wallClock(new Date("2026-06-01T04:00:00Z"), NEW_YORK).time).toBe("00:00");
  });
});

describe("days and months", () => {
  it("adds days across a change of the clocks, a month's end and a leap day", () => {
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 0)).toBe("2026-12-31");
  });

  it("names the weekday from Sunday (0) to Saturday (6)", () => {
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(weekdayOf("2026-11-30")).toBe(1);
    expect(weekdayOf("2026-03-28")).toBe(6);
  });

  it("lists every day of a month, and finds the next month", () => {
    expect(daysOfMonth("2026-02")).toHaveLength(28);
    expect(daysOfMonth("2028-02").at(-1)).toBe("2028-02-29");
    expect(daysOfMonth("2026-10")).toHaveLength(31);
    expect(daysOfMonth("2026-10")[0]).toBe("2026-10-01");
    expect(nextMonth("2026-01")).toBe("2026-02");
    expect(nextMonth("2026-12")).toBe("2027-01");
  });

  it("writes a day in words as it is, whatever zone the machine is in", () => {
    const long = { weekday: "long", month: "long", day: "numeric", year: "numeric" } as const;
    expect(dayInWords("2026-11-30", long)).toBe("Monday, November 30, 2026");
    expect(dayInWords("2026-03-29", { month: "short", day: "numeric" })).toBe("Mar 29");
    expect(
      dayInWords("2026-11-27", { weekday: "short", day: "numeric", month: "short" }, "en-GB"),
    ).toBe("Fri 27 Nov");
  });
});

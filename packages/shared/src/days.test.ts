import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonthsToDay,
  clockText,
  dayIn,
  daySpan,
  daysBetween,
  instantAt,
  isLastWeekOfMonth,
  isWeekendDay,
  nowToHalfHour,
  nthWeekdayOfMonth,
  reminderClock,
  screenClock,
  startOfDay,
  startsOfDays,
  timeIn,
  weekdayNumber,
  weekdayOf,
  weekOfMonth,
} from "./days";
import { describeInProcessZones } from "./testing/process-zones";

describeInProcessZones("days", () => {
  it("steps over month ends, leap days and DST changes a whole day at a time", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 366)).toBe("2028-01-01");
    expect(daysBetween("2026-03-01", "2026-04-01")).toBe(31);
    expect(daysBetween("2026-04-01", "2026-03-01")).toBe(-31);
  });

  it("moves a day by months, to the month's last day where it has fewer", () => {
    expect(addMonthsToDay("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDay("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToDay("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsToDay("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonthsToDay("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonthsToDay("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonthsToDay("2026-11-25", -12)).toBe("2025-11-25");
  });

  it("spans days over a year's end", () => {
    expect(daySpan("2026-12-30", 4)).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
  });

  it("reads the day and time of an instant in the zone, not the machine's", () => {
    const lateInLondon = new Date("2026-11-22T23:30:00Z");
    expect(dayIn(lateInLondon, "Europe/London")).toBe("2026-11-22");
    expect(dayIn(lateInLondon, "Europe/Berlin")).toBe("2026-11-23");
    expect(dayIn(lateInLondon, "America/New_York")).toBe("2026-11-22");
    expect(dayIn(new Date("2026-11-22T18:14:59Z"), "Asia/Kathmandu")).toBe("2026-11-22");
    expect(dayIn(new Date("2026-11-22T18:15:00Z"), "Asia/Kathmandu")).toBe("2026-11-23");
    expect(timeIn(new Date("2026-11-22T18:15:00Z"), "Asia/Kathmandu")).toBe("00:00");
    // The day after the spring change in New York.
    expect(timeIn(new Date("2026-03-09T11:00:00Z"), "America/New_York")).toBe("07:00");
  });

  it("starts a day at midnight, 23 or 25 hours long across DST, and where midnight is skipped", () => {
    expect(startOfDay("2026-03-29", "Europe/Berlin").toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    expect(startOfDay("2026-03-30", "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
    expect(startOfDay("2026-10-26", "Europe/Berlin").toISOString()).toBe(
      "2026-10-25T23:00:00.000Z",
    );
    expect(startOfDay("2026-11-23", "Asia/Kathmandu").toISOString()).toBe(
      "2026-11-22T18:15:00.000Z",
    );
    // Santiago moves its clocks at midnight: that day starts at 01:00.
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });

  it.each([
    // The spring change in New York skips 02:00-03:00: a skipped time moves on by the gap.
    ["2026-03-08", "02:30", "America/New_York", "2026-03-08T07:30:00.000Z"],
    // The autumn change repeats 01:00-02:00: a repeated time is the first.
    ["2026-11-01", "01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
    ["2026-11-23", "09:00", "Asia/Kathmandu", "2026-11-23T03:15:00.000Z"],
    ["2026-11-23", "09:00:30", "Asia/Kathmandu", "2026-11-23T03:15:30.000Z"],
  ])("reads %s %s in %s as %s", (day, time, zone, instant) => {
    expect(instantAt(day, time, zone).toISOString()).toBe(instant);
  });

  it("names weekdays Sunday first and reads a monthly rule's week, the fifth being the last", () => {
    expect(weekdayNumber("2026-11-01")).toBe(0);
    expect(weekdayNumber("2026-11-07")).toBe(6);
    expect(weekdayOf("2026-11-22")).toBe("sunday");
    expect(weekdayOf("2026-11-28")).toBe("saturday");
    expect(weekOfMonth("2026-11-22")).toBe(4);
    expect(nthWeekdayOfMonth("2026-11-22")).toBe(4);
    expect(weekOfMonth("2026-11-29")).toBe(5);
    expect(nthWeekdayOfMonth("2026-11-29")).toBe(-1);
    expect(isLastWeekOfMonth("2026-11-24")).toBe(true);
    expect(isLastWeekOfMonth("2026-11-23")).toBe(false);
    expect(isLastWeekOfMonth("2028-02-23")).toBe(true);
    expect(isLastWeekOfMonth("2028-02-22")).toBe(false);
  });

  it("marks Saturday and Sunday as the weekend", () => {
    expect(isWeekendDay("2026-11-21")).toBe(true);
    expect(isWeekendDay("2026-11-22")).toBe(true);
    expect(isWeekendDay("2026-11-23")).toBe(false);
  });

  it.each([
    // 09:52 in Kathmandu (04:07 UTC): rounding UTC milliseconds would give 09:45 on the wall.
    ["2026-11-23T04:07:00Z", "Asia/Kathmandu", "2026-11-23", "10:00"],
    ["2026-11-23T03:30:00Z", "Asia/Kathmandu", "2026-11-23", "09:30"],
    ["2026-11-22T18:05:00Z", "Asia/Kathmandu", "2026-11-23", "00:00"],
    ["2026-11-22T10:14:59Z", "UTC", "2026-11-22", "10:00"],
    ["2026-11-22T10:15:00Z", "UTC", "2026-11-22", "10:30"],
    ["2026-11-22T23:50:00Z", "UTC", "2026-11-23", "00:00"],
  ])("rounds %s in %s to the half hour on the wall clock: %s %s", (now, zone, day, time) => {
    expect(nowToHalfHour(new Date(now), zone)).toEqual({ day, time });
  });
});

it("keeps the spec's clocks for a person who has not chosen one, and their choice once they have", () => {
  expect(clockText("17:05", screenClock(null))).toBe("17:05");
  expect(clockText("17:05", reminderClock(null))).toBe("5:05 PM");
  expect(clockText("00:30", reminderClock(undefined))).toBe("12:30 AM");
  for (const chosen of ["24h", "12h"] as const) {
    expect(screenClock(chosen)).toBe(chosen);
    expect(reminderClock(chosen)).toBe(chosen);
  }
});

describe("startsOfDays", () => {
  // Clocks changed at midnight (Santiago, Havana, Beirut), by half an hour (Lord Howe), twice
  // within weeks (Casablanca's Ramadan), at +12:45 (Chatham), and a day skipped (Apia, 2011).
  it.each([
    ["Europe/Berlin", "2025-01-01", "2026-12-31"],
    ["America/New_York", "2025-01-01", "2026-12-31"],
    ["America/Santiago", "2025-01-01", "2026-12-31"],
    ["America/Havana", "2025-01-01", "2026-12-31"],
    ["Asia/Beirut", "2025-01-01", "2026-12-31"],
    ["Australia/Lord_Howe", "2025-01-01", "2026-12-31"],
    ["Africa/Casablanca", "2025-01-01", "2026-12-31"],
    ["Pacific/Chatham", "2025-01-01", "2026-12-31"],
    ["Asia/Kathmandu", "2025-01-01", "2025-12-31"],
    ["Pacific/Apia", "2011-12-01", "2012-01-31"],
  ])("starts every day where startOfDay does, in %s", (zone, first, last) => {
    const days = daySpan(first, daysBetween(first, last) + 1);
    expect(startsOfDays(first, last, zone).map((start) => start.toISOString())).toEqual(
      days.map((day) => startOfDay(day, zone).toISOString()),
    );
  });
});

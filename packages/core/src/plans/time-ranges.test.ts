import { dayIn, startOfDay } from "@circleplan/shared/days";
import { describeInProcessZones } from "@circleplan/shared/testing/process-zones";
import { expect, it } from "vitest";
import {
  dayCount,
  daysWindow,
  dayWindow,
  defaultWindow,
  monthDays,
  monthWindow,
} from "./time-ranges";

const HOUR = 60 * 60 * 1000;
const hours = (window: { from: Date; to: Date }) =>
  (window.to.getTime() - window.from.getTime()) / HOUR;

describeInProcessZones("time ranges", () => {
  it("a day in Berlin is 23 hours when the clocks go forward and 25 when they go back", () => {
    const spring = dayWindow("2026-03-29", "Europe/Berlin");
    expect(spring.from.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(spring.to.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(hours(spring)).toBe(23);
    const autumn = dayWindow("2026-10-25", "Europe/Berlin");
    expect(autumn.from.toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(hours(autumn)).toBe(25);
    expect(autumn).toMatchObject({ fromDate: "2026-10-25", toDate: "2026-10-25" });
  });

  it("a day in New York across both DST changes", () => {
    expect(hours(dayWindow("2026-03-08", "America/New_York"))).toBe(23);
    const autumn = dayWindow("2026-11-01", "America/New_York");
    expect(autumn.from.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(autumn.to.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(hours(autumn)).toBe(25);
  });

  it("a day whose midnight does not exist starts at the first wall-clock time that does", () => {
    // Santiago skips from 00:00 to 01:00 on 6 September 2026.
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });

  it("the same day is a different stretch of time at UTC-10 and UTC+13", () => {
    expect(dayWindow("2026-06-15", "Pacific/Honolulu").from.toISOString()).toBe(
      "2026-06-15T10:00:00.000Z",
    );
    expect(dayWindow("2026-06-15", "Pacific/Tongatapu").from.toISOString()).toBe(
      "2026-06-14T11:00:00.000Z",
    );
  });

  it("reads the day of an instant in the user's zone", () => {
    const instant = new Date("2026-06-15T20:00:00Z");
    expect(dayIn(instant, "UTC")).toBe("2026-06-15");
    expect(dayIn(instant, "Pacific/Tongatapu")).toBe("2026-06-16");
    expect(dayIn(new Date("2026-06-15T05:00:00Z"), "Pacific/Honolulu")).toBe("2026-06-14");
  });

  it("a month runs from its first midnight to the next month's, by dates and by instants", () => {
    const march = monthWindow("2026-03", "Europe/Berlin");
    expect(march).toMatchObject({ fromDate: "2026-03-01", toDate: "2026-03-31" });
    expect(march.from.toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(march.to.toISOString()).toBe("2026-03-31T22:00:00.000Z");
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthDays("2026-12").last).toBe("2026-12-31");
    expect(monthWindow("2026-12", "UTC").to.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("a range of days includes both ends", () => {
    const range = daysWindow("2026-10-24", "2026-10-26", "Europe/Berlin");
    expect(hours(range)).toBe(24 + 25 + 24);
    expect(range).toMatchObject({ fromDate: "2026-10-24", toDate: "2026-10-26" });
  });

  it("the default window is 30 days back to 90 days ahead of the user's today", () => {
    // 09:30 UTC on 1 July: already 22:30 on 1 July in Tonga, still 23:30 on 30 June in Honolulu.
    const now = new Date("2026-07-01T09:30:00Z");
    expect(defaultWindow(now, "Pacific/Tongatapu")).toMatchObject({
      fromDate: "2026-06-01",
      toDate: "2026-09-29",
    });
    expect(defaultWindow(now, "Pacific/Honolulu")).toMatchObject({
      fromDate: "2026-05-31",
      toDate: "2026-09-28",
    });
  });

  it("counts days on the calendar, not in hours", () => {
    expect(dayCount("2026-01-01", "2026-12-31")).toBe(365);
    expect(dayCount("2026-10-25", "2026-10-25")).toBe(1);
    expect(dayCount("2026-10-26", "2026-10-25")).toBe(0);
  });
});

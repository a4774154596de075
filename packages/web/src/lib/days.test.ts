import { describe, expect, it } from "vitest";
import { dayOf, longDayHeading, noonOf, parseDay, relativeDayHeading, todayIn } from "./days";

describe("days on the screens", () => {
  it("reads a query's date only when it names a real day", () => {
    expect(parseDay("2026-11-22")).toBe("2026-11-22");
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-11-22T12:00")).toBeNull();
    expect(parseDay("tomorrow")).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it("names a local date's day, padded, and reads back the same day at noon", () => {
    expect(dayOf(new Date(2026, 0, 5, 0, 0))).toBe("2026-01-05");
    expect(dayOf(new Date(2026, 11, 31, 23, 59))).toBe("2026-12-31");
    for (const day of ["2026-03-08", "2026-03-29", "2026-11-01", "0999-07-04"]) {
      expect(dayOf(noonOf(day))).toBe(day);
    }
  });

  it("knows today in the profile's zone, not the machine's", () => {
    const lateInLondon = new Date("2026-11-22T23:30:00Z");
    expect(todayIn("Europe/London", lateInLondon)).toBe("2026-11-22");
    expect(todayIn("Europe/Berlin", lateInLondon)).toBe("2026-11-23");
    expect(todayIn("America/New_York", lateInLondon)).toBe("2026-11-22");
  });

  it("heads days Today, Tomorrow, or by weekday", () => {
    expect(relativeDayHeading("2026-11-22", "2026-11-22")).toBe("Today (Sun, Nov 22)");
    expect(relativeDayHeading("2026-11-23", "2026-11-22")).toBe("Tomorrow (Mon, Nov 23)");
    expect(relativeDayHeading("2026-11-24", "2026-11-22")).toBe("Tue, Nov 24");
  });

  it('never breaks a heading\'s date between "November" and "27" (it did on a phone)', () => {
    expect(longDayHeading("2026-11-27")).toBe("Friday, November\u00a027");
    // The weekday may still go on a line of its own: the space after its comma is an ordinary one.
    expect(longDayHeading("2026-11-25").split(" ")).toEqual(["Wednesday,", "November\u00a025"]);
  });
});

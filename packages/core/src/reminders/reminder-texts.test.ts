/**
 * The pure parts of the scheduled job: how times read in a zone, which window a run covers, and
 * which zones' 07:00 falls in it (DST days and zones a quarter of an hour off included).
 */
import { describe, expect, it } from "vitest";
import { digestWindow, zonesDue } from "./digest";
import { REMINDER_CATCH_UP_MS, REMINDER_OFFSETS, reminderWindow } from "./due-reminders";
import { clockTime, longDay, phraseFor, reminderPush, reminderWhen } from "./reminder-texts";

const at = (iso: string) => new Date(iso);

describe("reminder texts", () => {
  const twelve = (zone: string) => ({ zone, timeFormat: "12h" as const });
  const twentyFour = (zone: string) => ({ zone, timeFormat: "24h" as const });
  const notChosen = (zone: string) => ({ zone, timeFormat: null });

  it("writes h:mm a on a 12-hour clock in the reader's zone, midnight and noon included", () => {
    expect(clockTime(at("2026-03-02T00:05:00Z"), "UTC", "12h")).toBe("12:05 AM");
    expect(clockTime(at("2026-03-02T12:30:00Z"), "UTC", "12h")).toBe("12:30 PM");
    expect(clockTime(at("2026-03-02T23:59:00Z"), "UTC", "12h")).toBe("11:59 PM");
    expect(clockTime(at("2026-03-08T13:00:00Z"), "America/New_York", "12h")).toBe("9:00 AM");
    expect(clockTime(at("2026-03-07T14:00:00Z"), "America/New_York", "12h")).toBe("9:00 AM");
    expect(clockTime(at("2026-03-02T10:15:00Z"), "Asia/Kathmandu", "12h")).toBe("4:00 PM");
  });

  it("writes HH:mm on a 24-hour clock, in the reader's zone", () => {
    expect(clockTime(at("2026-03-02T00:05:00Z"), "UTC", "24h")).toBe("00:05");
    expect(clockTime(at("2026-03-02T23:59:00Z"), "UTC", "24h")).toBe("23:59");
    expect(clockTime(at("2026-03-02T10:15:00Z"), "Asia/Kathmandu", "24h")).toBe("16:00");
  });

  it("names a day in words", () => {
    expect(longDay("2026-03-09")).toBe("Monday, March 9");
    expect(longDay("2026-11-01", { year: true })).toBe("Sunday, November 1, 2026");
  });

  const dentist = {
    planId: 7,
    title: "Dentist",
    allDay: false,
    startsAt: at("2026-03-11T04:30:00Z"),
    startDate: null,
    phrase: "1 hour before",
  };

  it("tags a notification with the plan's own phrase for the offset, else the form's", () => {
    expect(phraseFor(1440, ["2 hours before", "1 day before"])).toBe("1 day before");
    expect(phraseFor(1440, [])).toBe("24 hours before");
    expect(reminderPush(dentist, twelve("Pacific/Auckland"))).toEqual({
      title: "Reminder: Dentist",
      body: "Starting 5:30 PM",
      url: "/dashboard?date=2026-03-11&eventId=7",
      tag: "7-1 hour before",
    });
  });

  it("a reminder push and a reminder mail's time follow the reader's clock", () => {
    expect(reminderPush(dentist, twentyFour("Pacific/Auckland")).body).toBe("Starting 17:30");
    expect(reminderWhen(dentist, twentyFour("Pacific/Auckland"))).toBe(
      "at 17:30 on Wednesday, March 11, 2026",
    );
    expect(reminderWhen(dentist, twelve("Pacific/Auckland"))).toBe(
      "at 5:30 PM on Wednesday, March 11, 2026",
    );
  });

  it("a reader who never chose a clock gets the spec's reminder texts, h:mm a", () => {
    expect(reminderPush(dentist, notChosen("Pacific/Auckland")).body).toBe("Starting 5:30 PM");
    expect(reminderWhen(dentist, notChosen("Pacific/Auckland"))).toBe(
      "at 5:30 PM on Wednesday, March 11, 2026",
    );
  });

  it("knows each offset once", () => {
    expect(REMINDER_OFFSETS.map((offset) => offset.minutes)).toEqual([
      1, 2, 5, 10, 15, 30, 60, 120, 1440, 2880, 10080,
    ]);
  });
});

describe("windows", () => {
  const now = at("2026-03-02T12:00:00Z");

  it("a run covers what fell due since the last one, at most an hour back, 5 minutes on the first", () => {
    expect(reminderWindow(at("2026-03-02T11:55:00Z"), now).since).toEqual(
      at("2026-03-02T11:55:00Z"),
    );
    expect(reminderWindow(at("2026-03-01T12:00:00Z"), now).since).toEqual(
      new Date(now.getTime() - REMINDER_CATCH_UP_MS),
    );
    expect(reminderWindow(null, now).since).toEqual(at("2026-03-02T11:55:00Z"));
    // A clock that went back covers nothing rather than a negative stretch.
    expect(reminderWindow(at("2026-03-02T12:10:00Z"), now).since).toEqual(now);
  });

  it("finds the zones whose 07:00 fell in the window, on DST days and at quarter-hour offsets", () => {
    const zones = ["America/New_York", "Asia/Kathmandu", "Europe/Berlin", "Not/AZone"];
    // 8 March 2026: New York springs forward; 07:00 EDT is 11:00Z.
    expect(
      zonesDue(zones, digestWindow(at("2026-03-08T10:58:00Z"), at("2026-03-08T11:00:00Z"))).map(
        (zone) => [zone.zone, zone.day],
      ),
    ).toEqual([["America/New_York", "2026-03-08"]]);
    // 07:00 in Kathmandu (+5:45) is 01:15Z.
    const kathmandu = zonesDue(
      zones,
      digestWindow(at("2026-03-02T01:10:00Z"), at("2026-03-02T01:15:00Z")),
    );
    expect(kathmandu).toEqual([
      {
        zone: "Asia/Kathmandu",
        day: "2026-03-02",
        from: at("2026-03-01T18:15:00Z"),
        to: at("2026-03-02T18:15:00Z"),
      },
    ]);
    // 07:00 itself belongs to the run that reaches it, not to the one that starts there.
    expect(
      zonesDue(zones, digestWindow(at("2026-03-02T01:15:00Z"), at("2026-03-02T01:20:00Z"))),
    ).toEqual([]);
  });
});

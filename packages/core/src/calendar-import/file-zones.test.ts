/**
 * The file's VTIMEZONEs trimmed before any event is read (file-zones.ts): hostile zones are
 * built here and their refusal asserted, never their slowness measured.
 */
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { mapCalendar } from "./map-events";
import { readCalendar } from "./read-calendar";

const NOW = new Date("2026-11-01T12:00:00Z");

function zone(tzid: string, observances: string[]): string {
  return ["BEGIN:VTIMEZONE", `TZID:${tzid}`, ...observances, "END:VTIMEZONE"].join("\r\n");
}

function observance(start: string, rule: string | null, kind = "STANDARD"): string {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0100",
    `END:${kind}`,
  ].join("\r\n");
}

function calendar(zones: string[], tzid: string): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    ...zones,
    "BEGIN:VEVENT",
    "UID:meeting@test",
    "SUMMARY:Meeting",
    `DTSTART;TZID=${tzid}:20261105T090000`,
    `DTEND;TZID=${tzid}:20261105T100000`,
    "RRULE:FREQ=WEEKLY;COUNT=3",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
}

async function mapped(content: string) {
  const source = await readCalendar(content);
  return { source, file: await mapCalendar(source, { importerZone: "Europe/London", now: NOW }) };
}

describe("a file's time zones", () => {
  it("a VTIMEZONE named for an IANA zone is never expanded (a DAILY rule under Europe/Berlin)", async () => {
    const { source, file } = await mapped(
      calendar(
        [zone("Europe/Berlin", [observance("20000101T000000", "FREQ=DAILY")])],
        "Europe/Berlin",
      ),
    );
    // Removed from the file: ical.js holds no rules to expand for the event's times.
    expect(source.events[0]?.master.startDate.zone?.component).toBeFalsy();
    expect(file.problems).toEqual([]);
    expect(file.drafts[0]).toMatchObject({ kind: "series", timing: { timeZone: "Europe/Berlin" } });
  });

  it("a file's own zone with a DAILY or HOURLY observance is refused, its events reported", async () => {
    for (const rule of ["FREQ=DAILY", "FREQ=HOURLY", "FREQ=YEARLY;BYHOUR=1,2,3"]) {
      const { source, file } = await mapped(
        calendar([zone("School Time", [observance("20000101T000000", rule)])], '"School Time"'),
      );
      expect(source.refusedZones).toEqual(new Set(["School Time"]));
      expect(file.drafts).toEqual([]);
      expect(file.problems[0]?.reason).toMatch(
        /defined by the file with rules the app does not read/,
      );
    }
  });

  it("a file's own zone whose yearly rule starts before 1601, or holds too many changes, is refused", async () => {
    const early = [observance("15000101T000000", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")];
    const many = Array.from({ length: 1_300 }, (_, i) =>
      observance(`${2000 + (i % 100)}0101T0000${String(i % 60).padStart(2, "0")}`, null),
    );
    for (const observances of [early, many]) {
      const { source } = await mapped(
        calendar([zone("School Time", observances)], '"School Time"'),
      );
      expect(source.refusedZones).toEqual(new Set(["School Time"]));
    }
  });

  it("keeps Outlook's yearly zone from 1601 that no zone database knows", async () => {
    const outlook = zone("Customized Time Zone", [
      observance("16011028T030000", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10"),
      observance("16010325T020000", "FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "DAYLIGHT"),
    ]);
    const { source, file } = await mapped(calendar([outlook], '"Customized Time Zone"'));
    expect(source.refusedZones.size).toBe(0);
    expect(file.problems).toEqual([]);
    expect(file.drafts).toHaveLength(3); // no zone to repeat in: its occurrences one by one
  });

  it("refuses a file defining more than 50 time zones whole, with the product's message", async () => {
    const zones = Array.from({ length: 51 }, (_, i) =>
      zone(`Zone ${i}`, [observance("20000101T000000", "FREQ=YEARLY;BYMONTH=1")]),
    );
    await expect(readCalendar(calendar(zones, '"Zone 0"'))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: messages.calendarTooManyZones,
    });
  });
});

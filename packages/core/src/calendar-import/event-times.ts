/**
 * An iCalendar time as the product's (docs/decisions/027, "Time zones"): a DATE stays a date
 * (all-day); a DATE-TIME becomes an instant. Its TZID is read as an IANA zone where it names one
 * (time-zones.ts), and the wall-clock time is placed in that zone as RFC 5545 says (a time a
 * DST change skips moves forward by the gap: Temporal's "compatible"). A TZID no zone database
 * knows is evaluated by the file's own VTIMEZONE offsets (ical.js's `toUnixTime`), with no zone
 * to repeat in; UTC ("Z") is UTC; floating times (no TZID) are the importer's wall clock.
 */
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from "@circleplan/shared/limits";
import { Temporal } from "temporal-polyfill";
import type { IcalTime } from "./read-calendar";
import { ianaZoneOf } from "./time-zones";

export type SourceTime =
  | { allDay: true; date: string }
  | {
      allDay: false;
      at: Date;
      /** The zone its wall clock is in, when the product can repeat it there; null otherwise. */
      zone: string | null;
    };

/** Why a time cannot be read: its TZID names no zone and the file does not define it. */
export class UnknownZone extends Error {
  constructor(readonly tzid: string) {
    super(`unknown time zone ${tzid}`);
  }
}

/** Why a time lies outside the years plans may name (docs/decisions/016). */
export class OutOfRange extends Error {}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

export function dateOf(time: IcalTime): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** The TZID a time was written with: its VTIMEZONE's, or the bare name ical.js kept. */
export function tzidOf(time: IcalTime): string | null {
  const zone = time.zone?.tzid;
  if (zone === "UTC") return "UTC";
  if (zone && zone !== "floating") return zone;
  const kept = (time as unknown as { timezone?: unknown }).timezone;
  return typeof kept === "string" && kept !== "" ? kept : null;
}

/** Whether ical.js holds a VTIMEZONE definition for the time's zone. */
const definedByFile = (time: IcalTime) => Boolean(time.zone?.component);

/**
 * `time` as the product reads it. `tzid` is the TZID its series' DTSTART names (occurrences
 * iterated from it keep its zone), else the time's own. Throws UnknownZone or OutOfRange.
 */
export function readTime(
  time: IcalTime,
  importerZone: string,
  tzid: string | null = tzidOf(time),
): SourceTime {
  if (time.year < PLAN_YEAR_MIN || time.year > PLAN_YEAR_MAX) throw new OutOfRange();
  if (time.isDate) return { allDay: true, date: dateOf(time) };
  if (tzid === "UTC" || time.zone?.tzid === "UTC") {
    return {
      allDay: false,
      at: new Date(
        Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
      ),
      zone: "UTC",
    };
  }
  const zone = tzid === null ? importerZone : ianaZoneOf(tzid);
  if (zone === null) {
    if (!definedByFile(time)) throw new UnknownZone(tzid ?? "");
    return { allDay: false, at: new Date(time.toUnixTime() * 1000), zone: null };
  }
  const wall = Temporal.PlainDateTime.from({
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: Math.min(time.second, 59),
  });
  const at = wall.toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
  return { allDay: false, at: new Date(at), zone };
}

/** The key an occurrence is named by in an imported plan's source (`import_instance`). */
export function instanceKey(time: SourceTime): string {
  return time.allDay ? time.date : time.at.toISOString();
}

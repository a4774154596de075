/**
 * The VTIMEZONE each zone a feed names needs (RFC 5545 3.6.5), from timezones-ical-library
 * (the IANA database as iCalendar, kept current by its authors; data inside the bundle, no files
 * read at run time, so it survives Lambda's bundling). A zone it does not know is written as
 * UTC instants instead: the times stay right, only a series' wall clock across DST is lost.
 */
import { tzlib_get_ical_block } from "timezones-ical-library";

export interface FeedZone {
  /** The TZID written (the library's name: `UTC` is `Etc/UTC`). */
  tzid: string;
  vtimezone: string;
}

const known = new Map<string, FeedZone | null>();

/** The zone as the feed writes it, or null for UTC and for zones the library does not know. */
export function feedZone(timeZone: string): FeedZone | null {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return null;
  let zone = known.get(timeZone);
  if (zone === undefined) {
    const block = tzlib_get_ical_block(timeZone);
    const [vtimezone, tzidLine] = Array.isArray(block) ? block : [];
    zone =
      vtimezone && tzidLine?.startsWith("TZID=")
        ? { tzid: tzidLine.slice("TZID=".length), vtimezone }
        : null;
    known.set(timeZone, zone);
  }
  return zone;
}

/** ical-generator's VTIMEZONE generator: the block for a TZID feedZone answered. */
export function vtimezoneOf(tzid: string): string | null {
  return feedZone(tzid)?.vtimezone ?? null;
}

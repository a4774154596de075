/**
 * A calendar file's TZID as an IANA zone (docs/decisions/027, "Time zones"): an IANA name as it
 * is; one behind a vendor's prefix ("/mozilla.org/20070129_1/Europe/Berlin",
 * "/citadel.org/20190914_1/America/New_York") by its IANA tail; a Windows name ("W. Europe
 * Standard Time", Outlook's) by CLDR's windowsZones table (windows-iana), its territory "001"
 * zone. Null for anything else: the caller falls back to the file's own VTIMEZONE offsets.
 */
import { findIana } from "windows-iana";

const known = new Map<string, boolean>();

/** Whether the runtime's zone database knows `name` (cached: a file names a few zones). */
function isIana(name: string): boolean {
  let found = known.get(name);
  if (found === undefined) {
    try {
      // Offsets ("+01:00") are valid to Intl but are no zone a series repeats in.
      found = /^[A-Za-z]/.test(name) && Boolean(new Intl.DateTimeFormat("en", { timeZone: name }));
    } catch {
      found = false;
    }
    known.set(name, found);
  }
  return found;
}

export function ianaZoneOf(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, "");
  if (name === "") return null;
  if (isIana(name)) return name;
  // A prefix of path segments: the longest IANA tail wins ("America/Argentina/Buenos_Aires").
  const segments = name.split("/").filter(Boolean);
  for (let i = 1; i < segments.length; i++) {
    const tail = segments.slice(i).join("/");
    if (tail.includes("/") && isIana(tail)) return tail;
  }
  const windows = findIana(name)[0];
  return windows && isIana(windows) ? windows : null;
}

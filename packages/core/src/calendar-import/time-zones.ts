/**
 * A calendar file's TZID as an IANA zone (docs/decisions/027, "Time zones"): an IANA name as it
 * is; one behind a vendor's prefix ("/mozilla.org/20070129_1/Europe/Berlin",
 * "/citadel.org/20190914_1/America/New_York") by its IANA tail; a Windows name ("W. Europe
 * Standard Time", Outlook's) by CLDR's windowsZones table (windows-iana), its territory "001"
 * zone. Null for anything else: the caller falls back to the file's own VTIMEZONE offsets.
 * Answers are cached per TZID (bounded), so a series' occurrences look their zone up once.
 */
import { findIana } from "windows-iana";

/**
 * Beyond these a TZID is no zone anyone names (the longest IANA name is 32 characters, a
 * vendor's prefix adds two or three parts): unknown before any lookup, so a hostile 40 KB TZID
 * costs one comparison, not a join and a zone lookup per part.
 */
const TZID_LENGTH_MAX = 100;
const TZID_PARTS_MAX = 8;
/** Answers kept: a file names a few zones; the map is emptied when full rather than grow. */
const ANSWERS_MAX = 500;
const answers = new Map<string, string | null>();

/** Whether the runtime's zone database knows `name`. */
function isIana(name: string): boolean {
  try {
    // Offsets ("+01:00") are valid to Intl but are no zone a series repeats in.
    return /^[A-Za-z]/.test(name) && Boolean(new Intl.DateTimeFormat("en", { timeZone: name }));
  } catch {
    return false;
  }
}

export function ianaZoneOf(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, "");
  if (name === "" || name.length > TZID_LENGTH_MAX) return null;
  let answer = answers.get(name);
  if (answer === undefined) {
    answer = lookUp(name);
    if (answers.size >= ANSWERS_MAX) answers.clear();
    answers.set(name, answer);
  }
  return answer;
}

function lookUp(name: string): string | null {
  if (isIana(name)) return name;
  const segments = name.split("/").filter(Boolean);
  if (segments.length > TZID_PARTS_MAX) return null;
  // A prefix of path segments: the longest IANA tail wins ("America/Argentina/Buenos_Aires").
  for (let i = 1; i < segments.length; i++) {
    const tail = segments.slice(i).join("/");
    if (tail.includes("/") && isIana(tail)) return tail;
  }
  const windows = findIana(name)[0];
  return windows && isIana(windows) ? windows : null;
}

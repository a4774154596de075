/**
 * Reading an .ics file (RFC 5545) with ical.js, Mozilla's parser: the VEVENTs grouped by UID,
 * each series with its moved or edited occurrences (RECURRENCE-ID). ical.js resolves each
 * TZID against the file's own VTIMEZONE blocks (no process-wide registry: two imports at once
 * cannot see each other's zones). A file that is not a calendar, or that does not parse, is
 * the product's 400; an event that does not read is one problem of the preview.
 */
import { createHash } from "node:crypto";
import { CALENDAR_IMPORT_EVENTS_MAX, CALENDAR_IMPORT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type ICAL from "ical.js";
import { AppError } from "../errors";
import { cleanUid } from "./clean-text";
import { expandZonesOnce, trimZones } from "./file-zones";

export type Ical = typeof ICAL;
export type IcalEvent = ICAL.Event;
export type IcalTime = ICAL.Time;

let library: Ical | undefined;

/** ical.js (~200 kB) is loaded by the first import, not at every cold start. */
export async function loadIcal(): Promise<Ical> {
  if (!library) {
    library = (await import("ical.js")).default;
    expandZonesOnce(library);
  }
  return library;
}

/** One event of the file: a master (or an occurrence whose series the file lacks) and its overrides. */
export interface SourceEvent {
  uid: string;
  master: IcalEvent;
  /** Moved, edited or cancelled occurrences of the master (RECURRENCE-ID). */
  overrides: IcalEvent[];
}

/** An event the file has but that does not read (a malformed date, a broken override). */
export interface UnreadableEvent {
  title: string;
}

export interface SourceCalendar {
  ical: Ical;
  events: SourceEvent[];
  unreadable: UnreadableEvent[];
  /** TZIDs whose VTIMEZONE the file defines with rules not read (file-zones.ts). */
  refusedZones: Set<string>;
}

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/**
 * The file's events, or 400: not iCalendar (`calendarFileInvalid`), does not parse
 * (`calendarFileMalformed`), too large, too many events or too many time zones. The file's
 * VTIMEZONEs are trimmed before any event is read (file-zones.ts).
 */
export async function readCalendar(content: string): Promise<SourceCalendar> {
  if (Buffer.byteLength(content, "utf8") > CALENDAR_IMPORT_MAX_BYTES) {
    throw bad(messages.calendarFileTooLarge);
  }
  const text = content.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR\b/i.test(text)) throw bad(messages.calendarFileInvalid);
  const ical = await loadIcal();
  let root: ICAL.Component;
  try {
    const parsed = ical.parse(text);
    // Several VCALENDARs in one file parse to a list: the first is read.
    root = new ical.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw bad(messages.calendarFileMalformed);
  }
  if (root.name !== "vcalendar") throw bad(messages.calendarFileInvalid);
  const components = root.getAllSubcomponents("vevent");
  if (components.length === 0) throw bad(messages.calendarFileEmpty);
  if (components.length > CALENDAR_IMPORT_EVENTS_MAX) throw bad(messages.calendarTooManyEvents);
  const refusedZones = trimZones(root);
  return { ical, ...grouped(ical, components), refusedZones };
}

/**
 * The event's UID, cleaned (clean-text.ts); for an event without one (RFC 5545 requires it) its
 * start and title, hashed.
 */
function uidOf(component: ICAL.Component): string {
  const raw = component.getFirstPropertyValue("uid");
  const uid = typeof raw === "string" ? cleanUid(raw) : "";
  if (uid !== "") return uid;
  const start = String(component.getFirstProperty("dtstart")?.toICALString() ?? "");
  const title = String(component.getFirstPropertyValue("summary") ?? "");
  return `no-uid:${createHash("sha256").update(`${start}\n${title}`).digest("hex").slice(0, 32)}`;
}

/**
 * VEVENTs grouped by UID: the one without RECURRENCE-ID is the master, the others its
 * overrides. Overrides whose master is missing are events of their own, one each.
 */
function grouped(
  ical: Ical,
  components: ICAL.Component[],
): Pick<SourceCalendar, "events" | "unreadable"> {
  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, ICAL.Component[]>();
  for (const component of components) {
    const uid = uidOf(component);
    if (component.hasProperty("recurrence-id")) {
      overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    } else if (!masters.has(uid)) {
      masters.set(uid, component);
    }
  }
  const events: SourceEvent[] = [];
  const unreadable: UnreadableEvent[] = [];
  // ical.js reads values lazily: an event whose dates do not parse throws here, or later in
  // mapping (which reports it the same way).
  const add = (uid: string, master: ICAL.Component, own: ICAL.Component[]) => {
    if (![master, ...own].every(datesAreReal)) {
      unreadable.push({ title: titleOf(master) });
      return;
    }
    try {
      events.push({
        uid,
        master: new ical.Event(master, { exceptions: own, strictExceptions: true }),
        overrides: own.map((component) => new ical.Event(component)),
      });
    } catch {
      unreadable.push({ title: titleOf(master) });
    }
  };
  for (const [uid, master] of masters) {
    add(uid, master, overrides.get(uid) ?? []);
    overrides.delete(uid);
  }
  for (const [uid, orphans] of overrides) {
    for (const component of orphans) add(uid, component, []);
  }
  return { events, unreadable };
}

const DATE_PROPERTIES = ["dtstart", "dtend", "recurrence-id", "exdate", "rdate"];
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2}))?/;

/**
 * Whether every date the event names exists. ical.js rolls an impossible one forward as it
 * parses (20261345 becomes 15 February 2027), so the text it kept is checked: a guessed day
 * is a problem of the preview, not a plan on a day nobody wrote.
 */
function datesAreReal(component: ICAL.Component): boolean {
  for (const name of DATE_PROPERTIES) {
    for (const property of component.getAllProperties(name)) {
      for (const value of property.jCal.slice(3)) {
        const match = DATE_TEXT.exec(String(Array.isArray(value) ? value[0] : value));
        if (!match) continue;
        const [year, month, day, hour = 0, minute = 0, second = 0] = match
          .slice(1)
          .map((part) => Number(part ?? 0));
        const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
        if (date.getUTCMonth() + 1 !== month || date.getUTCDate() !== day) return false;
        if (hour > 23 || minute > 59 || second > 60) return false;
      }
    }
  }
  return true;
}

/** An event's SUMMARY as raw text (cleaned where it is imported). */
export function titleOf(component: ICAL.Component): string {
  const summary = component.getFirstPropertyValue("summary");
  return typeof summary === "string" ? summary : "";
}

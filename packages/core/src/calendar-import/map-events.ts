/**
 * A calendar file's events as the plans an import writes (docs/decisions/027): pure, no
 * database. An event with a rule the product can say (rule-mapping.ts) that expands exactly as
 * ical.js expands the RRULE becomes one series, its EXDATEs cancelled occurrences and its
 * RECURRENCE-ID overrides moved or edited ones. Any other repeating event becomes one plan per
 * occurrence within the written window around now (decision 016), and the preview says so. An
 * event that cannot be read, or lies outside the years plans may name, is a problem, not a plan.
 */
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import type { CalendarImportItem } from "@circleplan/shared/calendar-import-schemas";
import { addDays, dayIn } from "@circleplan/shared/days";
import { CALENDAR_IMPORT_LISTED_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type ICAL from "ical.js";
import { AppError } from "../errors";
import { anchorInstant } from "../plans/plan-rows";
import type { Timing } from "../plans/plan-timing";
import {
  isOccurrence,
  loadRecurrenceLibrary,
  type OriginalStart,
  occurrencesBetween,
  type RecurrenceRule,
  ruleFromFields,
  type SeriesStart,
} from "../plans/recurrence";
import { keyOfOriginal, windowAround } from "../plans/series-window";
import { type CleanTexts, cleanTexts } from "./clean-text";
import {
  instanceKey,
  OutOfRange,
  readTime,
  type SourceTime,
  tzidOf,
  UnknownZone,
} from "./event-times";
import type { IcalEvent, IcalTime, SourceCalendar, SourceEvent } from "./read-calendar";
import { mapRule } from "./rule-mapping";

/** One occurrence of an imported series that differs from its rule. */
export interface DraftException {
  original: OriginalStart;
  cancelled: boolean;
  /** Where a moved occurrence now is; null when it only lost or changed its texts. */
  timing: Timing | null;
  overrides: OccurrenceOverrides | null;
}

/** One plan an import writes (or finds imported before, by uid and instance). */
export interface ImportDraft {
  uid: string;
  /** For one occurrence of a rule the product cannot say: its original start's key. */
  instance: string | null;
  sequence: number;
  modified: Date | null;
  kind: "series" | "one-off" | "occurrences";
  texts: Omit<CleanTexts, "cut">;
  timing: Timing;
  rule: RecurrenceRule | null;
  exceptions: DraftException[];
}

export interface MappedCalendar {
  /** Events in the file (overrides not counted). */
  events: number;
  drafts: ImportDraft[];
  /** Events imported otherwise than as they are, by name (at most CALENDAR_IMPORT_LISTED_MAX). */
  notes: CalendarImportItem[];
  problems: CalendarImportItem[];
  /** Every problem, counted (the list may stop before). */
  skipped: number;
}

/**
 * Steps ical.js may take through one file's rules, and through one rule: an hourly rule from
 * 1990, or a secondly one, stops there and is reported instead of taking the server's time.
 */
const FILE_STEPS_MAX = 200_000;
const RULE_STEPS_MAX = 50_000;

interface Context {
  importerZone: string;
  window: { from: Date; to: Date };
  steps: { left: number };
  out: MappedCalendar;
}

class TooManyOccurrences extends Error {}

/** The file's events as plans, for the importer in `importerZone`, at `now`. */
export async function mapCalendar(
  source: SourceCalendar,
  options: {
    importerZone: string;
    now: Date;
    /** The file's step budget: FILE_STEPS_MAX; smaller only in tests. */
    stepsMax?: number;
  },
): Promise<MappedCalendar> {
  await loadRecurrenceLibrary();
  const out: MappedCalendar = { events: 0, drafts: [], notes: [], problems: [], skipped: 0 };
  const context: Context = {
    importerZone: options.importerZone,
    window: windowAround(options.now),
    steps: { left: options.stepsMax ?? FILE_STEPS_MAX },
    out,
  };
  for (const unreadable of source.unreadable) {
    out.events += 1;
    problem(context, { title: unreadable.title, start: null }, UNREADABLE);
  }
  const reasonOf = (error: unknown) => reasonFor(error, source.refusedZones);
  for (const event of source.events) {
    out.events += 1;
    const name = { title: safeTitle(event.master), start: null as string | null };
    try {
      name.start = instanceKey(readTime(event.master.startDate, options.importerZone));
      mapEvent(event, context, name);
    } catch (error) {
      problem(context, name, reasonOf(error));
    }
  }
  keepOneDraftEach(context);
  return out;
}

const TWICE = "It appears twice in the file; the newer version is imported.";

/**
 * A broken export can hold the same event twice (one UID and occurrence in two VEVENTs, as
 * overrides without their series do): one plan each would break the circle's (uid, instance)
 * key. The newer (SEQUENCE, then LAST-MODIFIED, then the later in the file) is kept.
 */
function keepOneDraftEach(context: Context) {
  const kept = new Map<string, ImportDraft>();
  for (const draft of context.out.drafts) {
    const key = JSON.stringify([draft.uid, draft.instance]);
    const other = kept.get(key);
    if (other && isNewer(other, draft)) {
      problem(context, nameOf(draft), TWICE);
      continue;
    }
    if (other) problem(context, nameOf(other), TWICE);
    kept.set(key, draft);
  }
  context.out.drafts = [...kept.values()];
}

function isNewer(draft: ImportDraft, than: ImportDraft): boolean {
  if (draft.sequence !== than.sequence) return draft.sequence > than.sequence;
  return (draft.modified?.getTime() ?? 0) > (than.modified?.getTime() ?? 0);
}

function nameOf(draft: ImportDraft): Name {
  return { title: draft.texts.title, start: draft.instance };
}

const UNREADABLE = "Its dates could not be read.";
const CANCELLED = "It is cancelled in its calendar.";

function reasonFor(error: unknown, refusedZones: Set<string>): string {
  if (error instanceof UnknownZone && refusedZones.has(error.tzid)) {
    return `Its time zone "${error.tzid.slice(0, 100)}" is defined by the file with rules the app does not read (only yearly changes are).`;
  }
  if (error instanceof UnknownZone) {
    return `Its time zone "${error.tzid.slice(0, 100)}" is not known, and the file does not define it.`;
  }
  if (error instanceof OutOfRange) return messages.dateOutOfRange;
  if (error instanceof TooManyOccurrences) {
    return "It repeats too often to read its occurrences (alone, or with the file's other repeating events).";
  }
  if (error instanceof AppError) return error.message;
  return UNREADABLE;
}

type Name = { title: string; start: string | null };

function listed(list: CalendarImportItem[], item: CalendarImportItem) {
  if (list.length < CALENDAR_IMPORT_LISTED_MAX) list.push(item);
}

function problem(context: Context, name: Name, reason: string) {
  context.out.skipped += 1;
  listed(context.out.problems, { ...name, kind: null, reason });
}

function note(context: Context, name: Name, kind: ImportDraft["kind"], reason: string) {
  listed(context.out.notes, { ...name, kind, reason });
}

function safeTitle(event: IcalEvent): string {
  try {
    return cleanTexts({ title: event.summary, description: null, location: null }).title;
  } catch {
    return "";
  }
}

const isCancelled = (event: IcalEvent) =>
  String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

function textsOf(event: IcalEvent): CleanTexts {
  return cleanTexts({
    title: event.summary,
    description: event.description,
    location: event.location,
  });
}

/** The event's end as the product reads it, or null when it has none of its own. */
function endOf(event: IcalEvent, zone: string): SourceTime | null {
  const component = event.component;
  if (!component.hasProperty("dtend") && !component.hasProperty("duration")) return null;
  const end = event.endDate;
  // A DTEND with no TZID of its own is read in its start's zone (Outlook writes both).
  return readTime(end, zone, tzidOf(end) ?? tzidOf(event.startDate));
}

/**
 * The plan's timing from an event's start and end. An all-day event's DTEND is the day after
 * its last (RFC 5545); a plan's end date is its last day, null for one day.
 */
function timingOf(start: SourceTime, end: SourceTime | null, importerZone: string): Timing {
  if (start.allDay) {
    const last = end?.allDay ? addDays(end.date, -1) : null;
    return {
      allDay: true,
      timeZone: importerZone,
      startsAt: null,
      endsAt: null,
      startDate: start.date,
      endDate: last !== null && last > start.date ? last : null,
    };
  }
  const endsAt = end && !end.allDay && end.at > start.at ? end.at : null;
  return {
    allDay: false,
    timeZone: start.zone ?? importerZone,
    startsAt: start.at,
    endsAt,
    startDate: null,
    endDate: null,
  };
}

function versionOf(event: Pick<SourceEvent, "master" | "overrides">): {
  sequence: number;
  modified: Date | null;
} {
  let sequence = 0;
  let modified: Date | null = null;
  for (const item of [event.master, ...event.overrides]) {
    const value = Number(item.sequence ?? 0);
    if (Number.isInteger(value) && value > sequence) sequence = Math.min(value, 2_147_483_647);
    const stamp = item.component.getFirstPropertyValue("last-modified") as IcalTime | null;
    if (stamp && typeof stamp === "object" && "toUnixTime" in stamp) {
      const at = new Date(stamp.toUnixTime() * 1000);
      if (!Number.isNaN(at.getTime()) && (modified === null || at > modified)) modified = at;
    }
  }
  return { sequence, modified };
}

function cutNote(texts: CleanTexts): string | null {
  if (texts.cut.length === 0) return null;
  return `Its ${texts.cut.join(" and ")} ${texts.cut.length > 1 ? "were" : "was"} shortened to fit.`;
}

function mapEvent(event: SourceEvent, context: Context, name: Name) {
  const { master } = event;
  if (isCancelled(master)) return problem(context, name, CANCELLED);
  const zone = context.importerZone;
  const texts = textsOf(master);
  const start = readTime(master.startDate, zone);
  const timing = timingOf(start, endOf(master, zone), zone);
  const version = versionOf(event);
  const base = { uid: event.uid, ...version, texts: stripCut(texts) };
  const cut = cutNote(texts);

  const rrules = master.component.getAllProperties("rrule");
  const repeats =
    rrules.length > 0 ||
    master.component.hasProperty("rdate") ||
    master.component.hasProperty("exrule");
  if (!repeats) {
    const instance = master.recurrenceId ? instanceKey(readTime(master.recurrenceId, zone)) : null;
    context.out.drafts.push({
      ...base,
      instance,
      kind: "one-off",
      timing,
      rule: null,
      exceptions: [],
    });
    if (cut) note(context, name, "one-off", cut);
    return;
  }

  const series = seriesRule(master, start, timing, rrules, context);
  if (typeof series !== "string") {
    const exceptions = exceptionsOf(event, series, start, texts, context);
    context.out.drafts.push({
      ...base,
      instance: null,
      kind: "series",
      timing,
      rule: series.rule,
      exceptions,
    });
    if (cut) note(context, name, "series", cut);
    return;
  }
  expandOccurrences(event, context, name, series);
}

const stripCut = ({ cut: _cut, ...texts }: CleanTexts) => texts;

/**
 * The product's rule for a repeating event, or why it has none (the words the preview shows).
 * The rule must expand as the RRULE does: the first occurrence is DTSTART itself, and within
 * the window the two give the same starts (a BYMONTHDAY=31 the month lacks, a DTSTART off the
 * rule's days: whatever rule-mapping.ts let pass that would differ).
 */
function seriesRule(
  master: IcalEvent,
  start: SourceTime,
  timing: Timing,
  rrules: ICAL.Property[],
  context: Context,
): { rule: RecurrenceRule; seriesStart: SeriesStart } | string {
  const ruleText = (rrules[0]?.getFirstValue()?.toString() ?? "").slice(0, 120);
  const cannot = `Its repeat rule (${ruleText || "RDATE"}) is more than a plan's repeat can say`;
  if (rrules.length !== 1 || master.component.hasProperty("rdate")) return cannot;
  if (master.component.hasProperty("exrule")) return cannot;
  if (!start.allDay && start.zone === null) {
    return "Its time zone is only defined by the file, so it cannot repeat in a known zone";
  }
  const recur = rrules[0]?.getFirstValue() as ICAL.Recur;
  const seriesStart: SeriesStart = timing.allDay
    ? { allDay: true, date: timing.startDate }
    : { allDay: false, start: timing.startsAt, timeZone: timing.timeZone };
  const mapped = mapRule(recur, {
    date: start.allDay ? start.date : dayIn(start.at, timing.timeZone),
    timed: start.allDay ? null : { zone: timing.timeZone, at: start.at },
  });
  if (!mapped) return cannot;
  let rule: RecurrenceRule | null;
  try {
    rule = ruleFromFields(mapped.fields, seriesStart, mapped.weekStart);
  } catch {
    return cannot;
  }
  if (!rule) return cannot;
  if (!isOccurrence(rule, seriesStart, originalOf(start))) return cannot;
  return expandsAlike(rule, seriesStart, recur, master.startDate, start, context)
    ? { rule, seriesStart }
    : cannot;
}

function originalOf(time: SourceTime): OriginalStart {
  return time.allDay ? { allDay: true, date: time.date } : { allDay: false, start: time.at };
}

/** The instant a time is compared by: an all-day one's date at UTC midnight, as series-window. */
function instantOfTime(time: SourceTime): Date {
  return anchorInstant(
    time.allDay
      ? { allDay: true, date: time.date }
      : { allDay: false, start: time.at, timeZone: "UTC" },
  );
}

/**
 * Whether the product's rule and ical.js's RRULE start alike within the window around now. Its
 * steps count against the file's budget: spent, the answer is no (and the occurrences, which
 * count too, are refused at once).
 */
function expandsAlike(
  rule: RecurrenceRule,
  seriesStart: SeriesStart,
  recur: ICAL.Recur,
  dtstart: IcalTime,
  start: SourceTime,
  { window, steps }: Context,
): boolean {
  const first = instantOfTime(start);
  const from = new Date(Math.max(first.getTime(), window.from.getTime()));
  if (from >= window.to) return true;
  const tzid = tzidOf(dtstart);
  const theirs: string[] = [];
  const iterator = recur.iterator(dtstart);
  for (let step = 0; step < RULE_STEPS_MAX; step++) {
    if (steps.left <= 0) return false;
    steps.left -= 1;
    const next = iterator.next();
    if (!next) break;
    const time = readTime(next, "UTC", tzid);
    const at = instantOfTime(time);
    if (at >= window.to) break;
    if (at >= from) theirs.push(instanceKey(time));
    if (step === RULE_STEPS_MAX - 1) return false;
  }
  const ours = occurrencesBetween(rule, seriesStart, from, window.to).map(keyOfOriginal);
  return ours.length === theirs.length && ours.every((key, index) => key === theirs[index]);
}

/** EXDATEs and RECURRENCE-ID overrides as the series' exceptions. */
function exceptionsOf(
  event: SourceEvent,
  series: { rule: RecurrenceRule; seriesStart: SeriesStart },
  start: SourceTime,
  texts: CleanTexts,
  context: Context,
): DraftException[] {
  const zone = context.importerZone;
  const masterTzid = tzidOf(event.master.startDate);
  const exceptions = new Map<string, DraftException>();
  const ofSeries = (time: SourceTime) =>
    time.allDay === start.allDay && isOccurrence(series.rule, series.seriesStart, originalOf(time));
  const cancel = (time: SourceTime) => {
    const original = originalOf(time);
    exceptions.set(keyOfOriginal(original), {
      original,
      cancelled: true,
      timing: null,
      overrides: null,
    });
  };

  for (const property of event.master.component.getAllProperties("exdate")) {
    for (const value of property.getValues() as IcalTime[]) {
      const time = readTime(value, zone, tzidOf(value) ?? masterTzid);
      if (ofSeries(time)) cancel(time);
    }
  }
  for (const override of event.overrides) {
    const recurrenceId = override.recurrenceId;
    if (!recurrenceId) continue;
    const original = readTime(recurrenceId, zone, tzidOf(recurrenceId) ?? masterTzid);
    const belongs = ofSeries(original);
    if (isCancelled(override)) {
      if (belongs) cancel(original);
      continue;
    }
    const own = textsOf(override);
    const moved = readTime(override.startDate, zone);
    const timing = timingOf(moved, endOf(override, zone), zone);
    if (!belongs || timing.allDay !== start.allDay) {
      // An occurrence the rule does not have, or one turned all-day (or timed): a plan of its own.
      if (belongs) cancel(original);
      context.out.drafts.push({
        uid: event.uid,
        instance: instanceKey(original),
        ...versionOf({ master: override, overrides: [] }),
        kind: "one-off",
        texts: stripCut(own),
        timing,
        rule: null,
        exceptions: [],
      });
      note(
        context,
        { title: own.title, start: instanceKey(moved) },
        "one-off",
        "This changed occurrence is imported as a plan of its own.",
      );
      continue;
    }
    const overrides: OccurrenceOverrides = {};
    if (own.title !== texts.title) overrides.title = own.title;
    if (own.description !== texts.description) overrides.description = own.description;
    if (own.location !== texts.location) overrides.location = own.location;
    exceptions.set(keyOfOriginal(originalOf(original)), {
      original: originalOf(original),
      cancelled: false,
      timing,
      overrides: Object.keys(overrides).length > 0 ? overrides : null,
    });
  }
  return [...exceptions.values()];
}

/**
 * A rule the product cannot say: each of its occurrences within the window around now becomes
 * a plan (ical.js expands RRULE, RDATE and EXDATE; overrides replace their occurrence).
 */
function expandOccurrences(event: SourceEvent, context: Context, name: Name, why: string) {
  const zone = context.importerZone;
  const { master } = event;
  const tzid = tzidOf(master.startDate);
  const iterator = master.iterator();
  // ical.js leaves DTSTART out when only RDATEs repeat it; RFC 5545 counts it first.
  let first: IcalTime | null = master.component.hasProperty("rrule") ? null : master.startDate;
  let written = 0;
  for (let steps = 0; ; steps++) {
    if (steps >= RULE_STEPS_MAX || context.steps.left <= 0) throw new TooManyOccurrences();
    context.steps.left -= 1;
    const next = first ?? iterator.next();
    first = null;
    if (!next) break;
    const original = readTime(next, zone, tzid);
    const at = instantOfTime(original);
    if (at >= context.window.to) break;
    if (at < context.window.from) continue;
    const details = master.getOccurrenceDetails(next);
    if (isCancelled(details.item)) continue;
    const start = readTime(details.startDate, zone, tzidOf(details.startDate) ?? tzid);
    const end =
      details.item.component.hasProperty("dtend") || details.item.component.hasProperty("duration")
        ? readTime(details.endDate, zone, tzidOf(details.endDate) ?? tzid)
        : null;
    const texts = textsOf(details.item);
    context.out.drafts.push({
      uid: event.uid,
      instance: instanceKey(original),
      ...versionOf(event),
      kind: "occurrences",
      texts: stripCut(texts),
      timing: timingOf(start, end, zone),
      rule: null,
      exceptions: [],
    });
    written += 1;
  }
  if (written === 0) {
    return problem(
      context,
      name,
      `${why}, and none of its occurrences falls between 70 days ago and 18 months ahead.`,
    );
  }
  note(
    context,
    name,
    "occurrences",
    `${why}: its ${written} ${written === 1 ? "occurrence" : "occurrences"} between 70 days ago and 18 months ahead ${written === 1 ? "is" : "are"} imported one by one.`,
  );
}

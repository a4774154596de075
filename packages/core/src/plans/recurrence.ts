/**
 * A plan's repeat rule in its three forms: the structured rule stored in `plans.recurrence`,
 * the API's flat fields (plan-schemas.ts `recurrenceFields`, plan-outputs.ts), and RFC 5545
 * RRULE text. Occurrences come from rrule-temporal (RFC 5545 on Temporal), never from an
 * expander of our own: it is right whatever zone the process runs in, skips dates a month does
 * not have (the 31st, 29 February) and local times a DST change skips, as RFC 5545 says.
 *
 * A timed series repeats at the same wall-clock time in the plan's zone, across DST. An all-day
 * series is a series of dates: it is expanded in UTC, where every day has 24 hours, and no
 * instant is involved.
 */

import { MONTH_NAMES } from "@circleplan/shared/calendar-names";
import { nthWeekdayOfMonth, weekdayOf } from "@circleplan/shared/days";
import {
  RECURRENCE_INTERVAL_MAX,
  type RecurrenceType,
  WEEKDAYS,
  type Weekday,
  type WeekStart,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { MonthlyBy, RecurrenceAnswer } from "@circleplan/shared/plan-rules";
import type { RecurrenceInput } from "@circleplan/shared/plan-schemas";
import type { RRuleTemporal } from "rrule-temporal";
import { Temporal } from "temporal-polyfill";
import { AppError } from "../errors";

/** The rule as stored (`plans.recurrence`). Day, weekday and month come from the series' start. */
export interface RecurrenceRule {
  type: RecurrenceType;
  /** Every N days, weeks, months (years: always 1). */
  interval: number;
  /** Daily: Monday to Friday instead of every N days. */
  weekdaysOnly: boolean;
  /** Weekly: the days, in week order (Sunday first). */
  daysOfWeek: Weekday[] | null;
  /** Monthly and yearly: on the start's day of the month, or on its nth weekday. */
  monthlyBy: MonthlyBy | null;
  /** With weekdayOfMonth: 1-4, or -1 for the last. */
  weekOfMonth: number | null;
  /** Ends after this many occurrences. */
  count: number | null;
  /** Ends on this day (`yyyy-MM-dd`, in the plan's zone): the last day an occurrence may fall on. */
  until: string | null;
  /**
   * The day its weeks start on (RFC 5545's WKST), its creator's when it was made; absent is
   * Sunday, as every series made before there was a choice (docs/decisions/023, "Week start").
   */
  weekStart?: "monday";
}

/** Where a series starts: a date for an all-day series, an instant in a zone otherwise. */
export type SeriesStart =
  | { allDay: true; date: string }
  | { allDay: false; start: Date; timeZone: string };

const ICAL_DAYS: Record<Weekday, string> = {
  sunday: "SU",
  monday: "MO",
  tuesday: "TU",
  wednesday: "WE",
  thursday: "TH",
  friday: "FR",
  saturday: "SA",
};
const WEEKDAYS_MON_FRI: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

const invalid = () => new AppError("BAD_REQUEST", messages.recurrenceInvalid);

/** The series' first day in its own zone (an all-day series: its date). */
export function startDay(start: SeriesStart): Temporal.PlainDate {
  return start.allDay
    ? Temporal.PlainDate.from(start.date)
    : zoned(start.start, start.timeZone).toPlainDate();
}

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

/** An end date the client sent as a day, or as an instant read in the plan's zone. */
function endDayOf(value: string | Date, start: SeriesStart): string {
  if (typeof value === "string") return value;
  const zone = start.allDay ? "UTC" : start.timeZone;
  return zoned(value, zone).toPlainDate().toString();
}

/** Whether the fields make a series (`isRecurring`, else a type sent). */
export function makesSeries(fields: RecurrenceInput): boolean {
  return (
    fields.isRecurring ?? (fields.recurrenceType !== null && fields.recurrenceType !== undefined)
  );
}

/** The week start a stored rule keeps. */
export const weekStartOfRule = (rule: RecurrenceRule): WeekStart => rule.weekStart ?? "sunday";

/**
 * The stored rule for the API's fields, or null for a one-off plan, its weeks starting on
 * `weekStart`. Refuses what the form cannot express (section 9's bounds) with
 * `recurrenceInvalid`, and an end before the start with `recurrenceEndBeforeStart`. Fields that
 * belong to another type (days of the week on a monthly rule) are ignored: the spec's form clears
 * them when the type changes, and a client that does not should not be refused for it.
 */
export function ruleFromFields(
  fields: RecurrenceInput,
  start: SeriesStart,
  weekStart: WeekStart = "sunday",
): RecurrenceRule | null {
  if (!makesSeries(fields)) return null;
  const type = fields.recurrenceType;
  if (!type) throw invalid();
  const first = startDay(start);

  const weekdaysOnly = type === "daily" && fields.recurrenceWeekdaysOnly === true;
  const interval = fields.recurrenceFrequency ?? 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > RECURRENCE_INTERVAL_MAX[type]) {
    throw invalid();
  }
  if (weekdaysOnly && interval !== 1) throw invalid();

  let daysOfWeek: Weekday[] | null = null;
  if (type === "weekly") {
    const chosen = fields.recurrenceDaysOfWeek?.length
      ? fields.recurrenceDaysOfWeek
      : [weekdayOf(first.toString())];
    daysOfWeek = WEEKDAYS.filter((day) => chosen.includes(day));
  }

  let monthlyBy: MonthlyBy | null = null;
  let weekOfMonth: number | null = null;
  if (type === "monthly" || type === "yearly") {
    monthlyBy = fields.recurrenceMonthlyBy ?? "dayOfMonth";
    if (monthlyBy === "weekdayOfMonth") {
      weekOfMonth = fields.recurrenceWeekOfMonth ?? nthWeekdayOfMonth(first.toString());
      if (weekOfMonth !== -1 && !(weekOfMonth >= 1 && weekOfMonth <= 4)) throw invalid();
    }
  }

  const count = fields.recurrenceCount ?? null;
  const endDate = fields.recurrenceEndDate ?? null;
  if (count !== null && endDate !== null) throw invalid();
  if (count !== null && (!Number.isInteger(count) || count < 1)) throw invalid();
  const until = endDate === null ? null : endDayOf(endDate, start);
  if (until !== null && Temporal.PlainDate.compare(until, first) < 0) {
    throw new AppError("BAD_REQUEST", messages.recurrenceEndBeforeStart);
  }

  return {
    type,
    interval: type === "yearly" ? 1 : interval,
    weekdaysOnly,
    daysOfWeek,
    monthlyBy,
    weekOfMonth,
    count,
    until,
    // Written only when Monday, so a Sunday rule stays the JSON it always was.
    ...(weekStart === "monday" ? { weekStart } : {}),
  };
}

/** A stored rule read back (jsonb), checked, so a damaged row fails loudly rather than oddly. */
export function storedRule(value: unknown): RecurrenceRule | null {
  if (value === null || value === undefined) return null;
  const rule = value as RecurrenceRule;
  if (!rule || typeof rule !== "object" || !(rule.type in RECURRENCE_INTERVAL_MAX)) {
    throw new Error("a plan's stored recurrence is not a rule");
  }
  return rule;
}

/** The rule as the API's output fields (all null for a one-off plan). */
export function fieldsOfRule(rule: RecurrenceRule | null): RecurrenceAnswer {
  return {
    isRecurring: rule !== null,
    recurrenceType: rule?.type ?? null,
    recurrenceFrequency: rule?.interval ?? null,
    recurrenceEndDate: rule?.until ?? null,
    recurrenceDaysOfWeek: rule?.daysOfWeek ?? null,
    recurrenceCount: rule?.count ?? null,
    recurrenceWeekdaysOnly: rule ? rule.weekdaysOnly : null,
    recurrenceMonthlyBy: rule?.monthlyBy ?? null,
    recurrenceWeekOfMonth: rule?.weekOfMonth ?? null,
  };
}

/**
 * The fields an edit merges its changes into: the current rule's, as input again. Without
 * `isRecurring`, a type sent decides (a type makes a series, `null` a one-off plan), as it does
 * when creating; an end sent replaces the other kind of end.
 */
export function mergedRecurrenceFields(
  current: RecurrenceRule | null,
  sent: RecurrenceInput,
): RecurrenceInput {
  const merged: RecurrenceInput = { ...fieldsOfRule(current), ...sent };
  if (sent.isRecurring === undefined && sent.recurrenceType !== undefined) {
    merged.isRecurring = sent.recurrenceType !== null;
  }
  // A new way of ending replaces the old one ("after 10 times" becomes "on a date").
  if (sent.recurrenceEndDate && sent.recurrenceCount === undefined) merged.recurrenceCount = null;
  if (sent.recurrenceCount && sent.recurrenceEndDate === undefined) merged.recurrenceEndDate = null;
  return merged;
}

const compact = (date: string) => date.replaceAll("-", "");

/** The instant an until-day ends in the series' zone, as RFC 5545 wants it for a timed DTSTART. */
function untilInstant(until: string, timeZone: string): Temporal.Instant {
  const nextMidnight = Temporal.PlainDate.from(until)
    .add({ days: 1 })
    .toZonedDateTime({ timeZone })
    .toInstant();
  return nextMidnight.subtract({ seconds: 1 });
}

/**
 * The RRULE text (without DTSTART) of a series. BY parts that RFC 5545 would take from DTSTART
 * are written out, so the text says the whole rule on its own.
 */
export function rruleText(rule: RecurrenceRule, start: SeriesStart): string {
  const first = startDay(start);
  const weekday = ICAL_DAYS[weekdayOf(first.toString())];
  const parts = [`FREQ=${rule.type.toUpperCase()}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  switch (rule.type) {
    case "daily":
      if (rule.weekdaysOnly) parts.push(`BYDAY=${WEEKDAYS_MON_FRI.map((d) => ICAL_DAYS[d])}`);
      break;
    case "weekly":
      parts.push(
        `BYDAY=${(rule.daysOfWeek ?? [weekdayOf(first.toString())]).map((d) => ICAL_DAYS[d])}`,
      );
      // The series' own week start decides which days share a week when it skips weeks.
      if (rule.interval > 1) parts.push(`WKST=${ICAL_DAYS[weekStartOfRule(rule)]}`);
      break;
    case "monthly":
      parts.push(
        rule.monthlyBy === "weekdayOfMonth"
          ? `BYDAY=${rule.weekOfMonth}${weekday}`
          : `BYMONTHDAY=${first.day}`,
      );
      break;
    case "yearly":
      parts.push(`BYMONTH=${first.month}`);
      parts.push(
        rule.monthlyBy === "weekdayOfMonth"
          ? `BYDAY=${rule.weekOfMonth}${weekday}`
          : `BYMONTHDAY=${first.day}`,
      );
      break;
  }
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) {
    parts.push(
      start.allDay
        ? `UNTIL=${compact(rule.until)}`
        : `UNTIL=${untilInstant(rule.until, start.timeZone)
            .toString({ smallestUnit: "second" })
            .replaceAll(/[-:]/g, "")}`,
    );
  }
  return parts.join(";");
}

let library: typeof import("rrule-temporal") | undefined;

/**
 * rrule-temporal carries its own Temporal implementation (~180 kB minified): it is loaded when a
 * series is first expanded (a write, or a read past a series' horizon), not at every cold start.
 * Call before `occurrencesBetween` / `isOccurrence`.
 */
export async function loadRecurrenceLibrary(): Promise<void> {
  library ??= await import("rrule-temporal");
}

/** The library's rule for a series: all-day series run in UTC, as dates at midnight. */
function libraryRule(rule: RecurrenceRule, start: SeriesStart): RRuleTemporal {
  if (!library) throw new Error("loadRecurrenceLibrary() must run before a series is expanded");
  const dtstart = start.allDay
    ? Temporal.PlainDate.from(start.date).toZonedDateTime({ timeZone: "UTC" })
    : zoned(start.start, start.timeZone);
  return new library.RRuleTemporal({
    rruleString: rruleText(rule, start),
    dtstart,
    tzid: dtstart.timeZoneId,
    cache: false,
  });
}

/** An occurrence's original start: an instant (timed series) or a date (all-day series). */
export type OriginalStart = { allDay: false; start: Date } | { allDay: true; date: string };

/**
 * Runs the library: whatever it throws (its iteration limit, a rule it cannot expand) is the
 * rule's fault, answered as the product's 400, never a 500 (docs/decisions/016). Callers keep
 * their ranges short (write-occurrences.ts's window, a read's days), so a rule the form allows
 * never reaches the limit.
 */
function expand<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("BAD_REQUEST", messages.recurrenceInvalid);
  }
}

function originalOf(date: Temporal.ZonedDateTime, start: SeriesStart): OriginalStart {
  return start.allDay
    ? { allDay: true, date: date.toPlainDate().toString() }
    : { allDay: false, start: new Date(date.epochMilliseconds) };
}

/**
 * The occurrences (original starts) whose start lies in [from, to), in order. For an all-day
 * series the bounds are read as UTC days: [day of from, day of to). `to` may be omitted for a
 * rule that ends after a count: its every occurrence from `from` on (at most
 * RECURRENCE_COUNT_MAX).
 */
export function occurrencesBetween(
  rule: RecurrenceRule,
  start: SeriesStart,
  from: Date,
  to: Date | null,
): OriginalStart[] {
  return expand(() => {
    const library = libraryRule(rule, start);
    const fromMs = from.getTime();
    const toMs = to?.getTime() ?? Number.POSITIVE_INFINITY;
    const found = to === null ? library.all() : library.between(from, to, true);
    return found
      .filter((date) => date.epochMilliseconds >= fromMs && date.epochMilliseconds < toMs)
      .map((date) => originalOf(date, start));
  });
}

/**
 * The series' first occurrence at or after `at` (`direction` "next"), or its last one before
 * `at` ("previous"); null when there is none. The library reaches a far instant in a few steps
 * (it aligns to the rule's phase rather than walking from the start).
 */
export function occurrenceFrom(
  rule: RecurrenceRule,
  start: SeriesStart,
  at: Date,
  direction: "next" | "previous",
): OriginalStart | null {
  return expand(() => {
    const library = libraryRule(rule, start);
    const found = direction === "next" ? library.next(at, true) : library.previous(at, false);
    return found ? originalOf(found, start) : null;
  });
}

/** Whether an instant (timed series) or a date (all-day series) is one of the series' starts. */
export function isOccurrence(
  rule: RecurrenceRule,
  start: SeriesStart,
  original: OriginalStart,
): boolean {
  const at = original.allDay
    ? new Date(`${original.date}T00:00:00Z`)
    : new Date(original.start.getTime());
  return occurrencesBetween(rule, start, at, new Date(at.getTime() + 1)).length === 1;
}

const DAY_NAMES: Record<Weekday, string> = {
  sunday: "Sunday",
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
};
const ORDINALS: Record<string, string> = {
  "1": "first",
  "2": "second",
  "3": "third",
  "4": "fourth",
  "-1": "last",
};

function list(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function every(interval: number, unit: string): string {
  return interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;
}

/** The rule in words, as the plan card shows it ("Every 2 weeks on Monday and Friday"). */
export function recurrencePattern(rule: RecurrenceRule, start: SeriesStart): string {
  const first = startDay(start);
  const nthWeekday = `the ${ORDINALS[String(rule.weekOfMonth)]} ${DAY_NAMES[weekdayOf(first.toString())]}`;
  let text: string;
  switch (rule.type) {
    case "daily":
      text = rule.weekdaysOnly ? "Every weekday" : every(rule.interval, "day");
      break;
    case "weekly":
      text = `${every(rule.interval, "week")} on ${list((rule.daysOfWeek ?? []).map((d) => DAY_NAMES[d]))}`;
      break;
    case "monthly":
      text = `${every(rule.interval, "month")} on ${
        rule.monthlyBy === "weekdayOfMonth" ? nthWeekday : `day ${first.day}`
      }`;
      break;
    case "yearly": {
      const month = MONTH_NAMES[first.month - 1];
      text =
        rule.monthlyBy === "weekdayOfMonth"
          ? `Every year on ${nthWeekday} of ${month}`
          : `Every year on ${month} ${first.day}`;
      break;
    }
  }
  if (rule.count !== null) text += rule.count === 1 ? ", once" : `, ${rule.count} times`;
  if (rule.until !== null) {
    const until = Temporal.PlainDate.from(rule.until);
    text += `, until ${MONTH_NAMES[until.month - 1]} ${until.day}, ${until.year}`;
  }
  return text;
}

/**
 * An RRULE as the product's repeat (docs/decisions/027, "Series"): the plan form's rules
 * (recurrence.ts, plan-schemas.ts `recurrenceFields`) are daily every 1-7 days or every weekday,
 * weekly every 1-4 weeks on chosen days, monthly every 1-6 months on the start's day or its nth
 * (1-4, last) weekday, yearly on the start's date or its nth weekday, ending never, after at
 * most 500 times, or on a day. An RRULE that says exactly one of those maps to it; anything else
 * (BYHOUR, BYSETPOS, several BYMONTHDAYs, an hourly rule...) answers null, and its occurrences
 * are imported one by one. The caller still checks that the two expand alike (map-events.ts).
 */
import { weekdayOf } from "@circleplan/shared/days";
import {
  PLAN_YEAR_MAX,
  RECURRENCE_COUNT_MAX,
  RECURRENCE_INTERVAL_MAX,
  type RecurrenceType,
  type Weekday,
  type WeekStart,
} from "@circleplan/shared/limits";
import type { RecurrenceInput } from "@circleplan/shared/plan-schemas";
import type ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { dateOf } from "./event-times";

const DAYS: Record<string, Weekday> = {
  SU: "sunday",
  MO: "monday",
  TU: "tuesday",
  WE: "wednesday",
  TH: "thursday",
  FR: "friday",
  SA: "saturday",
};
const WORKDAYS = ["MO", "TU", "WE", "TH", "FR"];

/** The BY parts each type may carry; any other part is more than the product says. */
const ALLOWED_PARTS: Record<RecurrenceType, string[]> = {
  daily: ["BYDAY"],
  weekly: ["BYDAY"],
  monthly: ["BYDAY", "BYMONTHDAY"],
  yearly: ["BYDAY", "BYMONTHDAY", "BYMONTH"],
};

export interface MappedRule {
  fields: RecurrenceInput;
  weekStart: WeekStart;
}

/** Where the series starts: its first day, and (timed) its wall clock and zone. */
export interface RuleStart {
  date: string;
  /** Timed series: the zone it repeats in and its first start. */
  timed: { zone: string; at: Date } | null;
}

interface ByDay {
  ordinal: number | null;
  day: string;
}

function byDays(values: unknown[]): ByDay[] | null {
  const found: ByDay[] = [];
  for (const value of values) {
    const match = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(String(value).toUpperCase());
    if (!match?.[2]) return null;
    found.push({ ordinal: match[1] ? Number(match[1]) : null, day: match[2] });
  }
  return found;
}

/** RRULE's UNTIL as the product's last day: the last day an occurrence may start on. */
function untilDay(until: ICAL.Time, start: RuleStart): string {
  if (until.isDate || start.timed === null) return dateOf(until);
  const { zone, at } = start.timed;
  const instant = Temporal.Instant.fromEpochMilliseconds(
    until.zone?.tzid === "UTC" || until.zone?.tzid === undefined
      ? Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second)
      : until.toUnixTime() * 1000,
  ).toZonedDateTimeISO(zone);
  const startClock = Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainTime();
  // UNTIL is inclusive of an occurrence at or before it: a day whose start comes later is out.
  const day = instant.toPlainDate();
  return Temporal.PlainTime.compare(startClock, instant.toPlainTime()) > 0
    ? day.subtract({ days: 1 }).toString()
    : day.toString();
}

/** The product's repeat for `recur`, or null when it cannot say it. */
export function mapRule(recur: ICAL.Recur, start: RuleStart): MappedRule | null {
  const type = recur.freq?.toLowerCase() as RecurrenceType;
  if (!(type in ALLOWED_PARTS)) return null;
  const parts = (recur.parts ?? {}) as Record<string, unknown[]>;
  const named = Object.keys(parts).filter((part) => (parts[part] ?? []).length > 0);
  if (named.some((part) => !ALLOWED_PARTS[type].includes(part))) return null;
  const interval = recur.interval ?? 1;
  if (interval > RECURRENCE_INTERVAL_MAX[type]) return null;
  if (recur.count !== null && recur.count !== undefined && recur.count > RECURRENCE_COUNT_MAX) {
    return null;
  }
  const days = byDays(parts.BYDAY ?? []);
  if (days === null) return null;
  const startWeekday = weekdayOf(start.date);

  const fields: RecurrenceInput = {
    isRecurring: true,
    recurrenceType: type,
    recurrenceFrequency: interval,
    recurrenceCount: recur.count ?? null,
    // An UNTIL past the years plans name (99991231, "for ever") is no end at all.
    recurrenceEndDate:
      recur.until && recur.until.year <= PLAN_YEAR_MAX ? untilDay(recur.until, start) : null,
  };
  // RFC 5545's default week start is Monday; ours Sunday. It matters only to a weekly rule
  // that skips weeks on several days.
  const wkst = recur.wkst ?? 2;
  let weekStart: WeekStart = wkst === 1 ? "sunday" : "monday";

  switch (type) {
    case "daily": {
      if (days.length === 0) break;
      const plain = days.every((d) => d.ordinal === null);
      const set = new Set(days.map((d) => d.day));
      if (!plain || interval !== 1 || set.size !== 5 || !WORKDAYS.every((d) => set.has(d))) {
        return null;
      }
      fields.recurrenceWeekdaysOnly = true;
      break;
    }
    case "weekly": {
      if (days.some((d) => d.ordinal !== null)) return null;
      const chosen = days.length > 0 ? days.map((d) => DAYS[d.day] as Weekday) : [startWeekday];
      fields.recurrenceDaysOfWeek = chosen;
      if (interval > 1 && chosen.length > 1 && wkst !== 1 && wkst !== 2) return null;
      break;
    }
    case "monthly":
    case "yearly": {
      if (type === "yearly") {
        const months = parts.BYMONTH ?? [];
        if (months.length > 1) return null;
        if (months.length === 1 && Number(months[0]) !== Number(start.date.slice(5, 7))) {
          return null;
        }
        // A yearly BYDAY without its month is the nth weekday of the year.
        if (days.length > 0 && months.length === 0) return null;
      }
      const monthDays = parts.BYMONTHDAY ?? [];
      if (monthDays.length > 0 && days.length > 0) return null;
      if (monthDays.length > 1) return null;
      if (monthDays.length === 1 && Number(monthDays[0]) !== Number(start.date.slice(8, 10))) {
        return null;
      }
      if (days.length > 1) return null;
      const [byDay] = days;
      if (byDay) {
        const ordinal = byDay.ordinal;
        if (ordinal === null || !(ordinal === -1 || (ordinal >= 1 && ordinal <= 4))) return null;
        if (DAYS[byDay.day] !== startWeekday) return null;
        fields.recurrenceMonthlyBy = "weekdayOfMonth";
        fields.recurrenceWeekOfMonth = ordinal as -1 | 1 | 2 | 3 | 4;
      } else {
        fields.recurrenceMonthlyBy = "dayOfMonth";
      }
      break;
    }
  }
  if (type !== "weekly") weekStart = "sunday";
  return { fields, weekStart };
}

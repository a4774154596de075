/**
 * The shape of a corpus sentence and what it must read as. Expectations are written the way a
 * person checks a filled form: the start as a wall-clock time in the case's zone, and only the
 * fields that differ from an untouched form (event, no place, the default reminders, nobody
 * assigned, no repeat). `expectedPlan` fills in the rest, so every field is compared each time.
 */
import { weekdayOf } from "@circleplan/shared/days";
import { DEFAULT_REMINDERS, type PlanType, type Weekday } from "@circleplan/shared/limits";
import { Temporal } from "temporal-polyfill";
import type { MemberName, ParsedPlan } from "../parse-plan-text";

/** The circle every corpus sentence is read for: a family of five and a friend. */
export const FAMILY: readonly MemberName[] = [
  { userId: 11, firstName: "Emma", lastName: "Johnson" },
  { userId: 12, firstName: "Liam", lastName: "Johnson" },
  { userId: 13, firstName: "Sarah", lastName: "Johnson" },
  { userId: 14, firstName: "Mike", lastName: "Johnson" },
  { userId: 15, firstName: "Grace", lastName: "Lee" },
];

/** "every weekday", as the answer says it (docs/decisions/010). */
export const MONDAY_TO_FRIDAY: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

/** When and where a sentence is said: a wall-clock time in an IANA zone. */
export interface Scene {
  /** `yyyy-MM-dd HH:mm`, read in `zone`. */
  now: string;
  zone: string;
}

export interface ExpectedRepeat {
  type: "daily" | "weekly" | "monthly" | "yearly";
  /** Every N days/weeks/months; 1 when absent. */
  every?: number;
  /** Weekly: the days (the start's weekday when absent). */
  days?: Weekday[];
  weekdaysOnly?: boolean;
  /** Monthly/yearly: the nth (1-4) or last (-1) weekday of the month; by date when absent. */
  weekOfMonth?: number;
  /** `yyyy-MM-dd`, the last day; null when a count ends it. */
  until: string | null;
  count?: number;
}

export interface Expected {
  title: string;
  type?: PlanType;
  /** `yyyy-MM-dd HH:mm` in the scene's zone. */
  start: string;
  end?: string;
  allDay?: boolean;
  location?: string;
  reminders?: string[];
  /** The name heard and, for a member of FAMILY, their id. */
  assignee?: string;
  assignedTo?: number;
  repeat?: ExpectedRepeat;
}

export interface CorpusCase {
  text: string;
  scene: Scene;
  expected: Expected;
}

/** Builds cases said in one scene. */
export function saidIn(scene: Scene, cases: [text: string, expected: Expected][]): CorpusCase[] {
  return cases.map(([text, expected]) => ({ text, scene, expected }));
}

/** The instant of a wall-clock `yyyy-MM-dd HH:mm` in a zone (earlier of a repeated hour). */
export function instantOf(wallClock: string, zone: string): Date {
  const zoned = Temporal.PlainDateTime.from(wallClock.replace(" ", "T")).toZonedDateTime(zone, {
    disambiguation: "compatible",
  });
  return new Date(zoned.epochMilliseconds);
}

/** The full answer the parser must give for a case. */
export function expectedPlan({ expected, scene }: CorpusCase): ParsedPlan {
  const repeat = expected.repeat;
  const byWeekday = repeat?.weekOfMonth !== undefined;
  const monthlyOrYearly = repeat?.type === "monthly" || repeat?.type === "yearly";
  const start = instantOf(expected.start, scene.zone);
  return {
    title: expected.title,
    description: null,
    type: expected.type ?? "event",
    startTime: start,
    endTime: expected.end ? instantOf(expected.end, scene.zone) : null,
    allDay: expected.allDay ?? false,
    location: expected.location ?? null,
    locationLat: null,
    locationLng: null,
    reminderTimes: expected.reminders ?? [...DEFAULT_REMINDERS],
    assignee: expected.assignee ?? null,
    assignedTo: expected.assignedTo ?? null,
    isRecurring: repeat !== undefined,
    recurrenceType: repeat?.type ?? null,
    recurrenceFrequency: repeat ? (repeat.every ?? 1) : null,
    recurrenceEndDate: repeat?.until ?? null,
    recurrenceDaysOfWeek:
      repeat?.type === "weekly" ? (repeat.days ?? [weekdayOf(expected.start.slice(0, 10))]) : null,
    recurrenceCount: repeat?.count ?? null,
    recurrenceWeekdaysOnly: repeat?.type === "daily" ? (repeat.weekdaysOnly ?? false) : null,
    recurrenceMonthlyBy: monthlyOrYearly ? (byWeekday ? "weekdayOfMonth" : "dayOfMonth") : null,
    recurrenceWeekOfMonth: byWeekday ? (repeat?.weekOfMonth ?? null) : null,
  };
}

/** The fields where an answer differs from what a case expects, as "field: got ≠ wanted". */
export function fieldDifferences(got: ParsedPlan, wanted: ParsedPlan): string[] {
  const shown = (value: unknown) =>
    value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);
  return (Object.keys(wanted) as (keyof ParsedPlan)[])
    .filter((field) => shown(got[field]) !== shown(wanted[field]))
    .map((field) => `${field}: ${shown(got[field])} ≠ ${shown(wanted[field])}`);
}

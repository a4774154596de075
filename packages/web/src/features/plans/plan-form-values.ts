/**
 * The Create/Edit Plan form's values, their rules (plans spec, section 5) and what they become
 * on the wire. Field rules come from the shared schemas the server validates with; the form
 * adds only what belongs to a form (a time typed as HH:MM, "None" among the reminders).
 */
import { safeString } from "@circleplan/shared/auth-schemas";
import {
  DEFAULT_REMINDERS,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_LOCATION_MAX_LENGTH,
  RECURRENCE_COUNT_CHOICES,
  RECURRENCE_TYPES,
  REMINDERS_MAX,
  type RecurrenceType,
  WEEKDAYS,
  type Weekday,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import {
  dayField,
  mapUrlField,
  planTitleField,
  reminderTimesField,
} from "@circleplan/shared/plan-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { getDaysInMonth } from "date-fns";
import { get, type Resolver, set } from "react-hook-form";
import * as z from "zod";
import { instantAt, isValidTime, noonOf, timeIn } from "./plan-dates";

/** The form's reminder choices (spec section 3), None first. */
export const REMINDER_CHOICES = [
  "None",
  "1 minute before",
  "2 minutes before",
  "5 minutes before",
  "15 minutes before",
  "30 minutes before",
  "1 hour before",
  "2 hours before",
  "24 hours before",
  "2 days before",
  "1 week before",
] as const;

export const REPEAT_CHOICES = ["none", ...RECURRENCE_TYPES] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

/**
 * Monthly and yearly: on the date's day, or on its weekday counted from the start of the month
 * (first to fourth) or from its end (last). Like the calendars people know, the choices are
 * read from the plan's date, so the rule always includes the plan's own day.
 */
export const MONTHLY_CHOICES = ["dayOfMonth", "nthWeekday", "lastWeekday"] as const;
export type MonthlyChoice = (typeof MONTHLY_CHOICES)[number];

export const ENDS_CHOICES = ["never", "after", "on"] as const;

export const DEFAULT_RECURRENCE_COUNT = 10;

const recurrenceValues = z.object({
  type: z.enum(REPEAT_CHOICES),
  interval: z.number().int().min(1).max(7),
  weekdaysOnly: z.boolean(),
  daysOfWeek: z.array(z.enum(WEEKDAYS)),
  monthly: z.enum(MONTHLY_CHOICES),
  ends: z.enum(ENDS_CHOICES),
  count: z.number().int().min(1).max(500),
  endDate: z.string(),
});
export type RecurrenceValues = z.infer<typeof recurrenceValues>;

const formText = (max: number) =>
  safeString({ max, tooLong: messages.textTooLong }).transform((value) => value.trim());

const planFields = z.object({
  title: planTitleField,
  description: formText(PLAN_DESCRIPTION_MAX_LENGTH),
  date: dayField,
  allDay: z.boolean(),
  time: z.string(),
  circleId: z.string().min(1, { error: messages.circleRequired }),
  location: formText(PLAN_LOCATION_MAX_LENGTH),
  /** A member's user id, or "" for nobody. */
  assignedTo: z.string(),
  /** What an unassigned plan is; an assigned one is always a task. */
  kind: z.enum(["event", "todo"]),
  reminders: z.array(z.string()),
  mapUrl: mapUrlField,
  recurrence: recurrenceValues,
  isCompleted: z.boolean(),
});

/** A rule that spans fields: where it points and what it says. */
export interface FormIssue {
  path: string;
  message: string;
}

/**
 * The rules that read more than one field: a time unless all day, the reminders as a set, a
 * weekly rule's days, a repeat's end not before the plan's date.
 */
export function acrossFieldIssues(
  values: Pick<PlanFormValues, "allDay" | "time" | "reminders" | "recurrence" | "date">,
): FormIssue[] {
  const found: FormIssue[] = [];
  if (!values.allDay && !isValidTime(values.time)) {
    found.push({ path: "time", message: messages.timeInvalid });
  }
  const reminders = reminderTimesField.safeParse(values.reminders);
  if (!reminders.success) {
    found.push({
      path: "reminders",
      message: reminders.error.issues[0]?.message ?? messages.reminderUnknown,
    });
  }
  const { recurrence } = values;
  if (recurrence.type === "weekly" && recurrence.daysOfWeek.length === 0) {
    found.push({ path: "recurrence.daysOfWeek", message: "Choose at least one day of the week." });
  }
  if (recurrence.type !== "none" && recurrence.ends === "on") {
    if (!dayField.safeParse(recurrence.endDate).success) {
      found.push({ path: "recurrence.endDate", message: "Choose the last day." });
    } else if (recurrence.endDate < values.date) {
      found.push({ path: "recurrence.endDate", message: messages.recurrenceEndBeforeStart });
    }
  }
  return found;
}

/**
 * The form's schema. A field's own rule that fails stops zod before the rules across fields
 * (`abort`), so the form's resolver also asks `acrossFieldIssues` and every mistake shows at
 * once.
 */
export const planForm = planFields.superRefine((values, ctx) => {
  for (const issue of acrossFieldIssues(values)) {
    ctx.addIssue({ code: "custom", path: issue.path.split("."), message: issue.message });
  }
});

export type PlanFormValues = z.input<typeof planFields>;
export type PlanFormOutput = z.output<typeof planForm>;

const zodPlanResolver = zodResolver(planForm);

/** The form's resolver: the schema's answer, plus the rules across fields it stopped before. */
export const planFormResolver: Resolver<PlanFormValues, unknown, PlanFormOutput> = async (
  values,
  context,
  options,
) => {
  const result = await zodPlanResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors = { ...result.errors };
  for (const issue of acrossFieldIssues(values)) {
    if (!get(errors, issue.path))
      set(errors, issue.path, { type: "custom", message: issue.message });
  }
  return { values: {}, errors };
};

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[noonOf(day).getDay()] as Weekday;
}

/** Which week of its month the day falls in: 1-5 counting from the first. */
export function weekOfMonth(day: string): number {
  return Math.ceil(noonOf(day).getDate() / 7);
}

/** The monthly choices that fit the date: no "fifth Tuesday", "last" only in the last week. */
export function monthlyChoicesFor(day: string): MonthlyChoice[] {
  const date = noonOf(day);
  const choices: MonthlyChoice[] = ["dayOfMonth"];
  if (weekOfMonth(day) <= 4) choices.push("nthWeekday");
  if (date.getDate() + 7 > getDaysInMonth(date)) choices.push("lastWeekday");
  return choices;
}

export function emptyRecurrence(day: string): RecurrenceValues {
  return {
    type: "none",
    interval: 1,
    weekdaysOnly: false,
    daysOfWeek: [weekdayOf(day)],
    monthly: "dayOfMonth",
    ends: "never",
    count: DEFAULT_RECURRENCE_COUNT,
    endDate: "",
  };
}

/**
 * Choosing a repeat type: weekly preselects the plan date's weekday, the others clear the days
 * (spec section 4); the interval stays within the new type's bounds.
 */
export function withRepeatType(
  recurrence: RecurrenceValues,
  type: RepeatChoice,
  day: string,
): RecurrenceValues {
  return {
    ...recurrence,
    type,
    interval: 1,
    weekdaysOnly: false,
    daysOfWeek: type === "weekly" ? [weekdayOf(day)] : [],
    monthly: "dayOfMonth",
  };
}

export function newPlanValues({
  date,
  circleId,
  kind = "event",
}: {
  date: string;
  circleId?: number | undefined;
  kind?: "event" | "todo" | undefined;
}): PlanFormValues {
  return {
    title: "",
    description: "",
    date,
    allDay: false,
    time: "",
    circleId: circleId ? String(circleId) : "",
    location: "",
    assignedTo: "",
    kind,
    reminders: [...DEFAULT_REMINDERS],
    mapUrl: "",
    recurrence: emptyRecurrence(date),
    isCompleted: false,
  };
}

function recurrenceOf(event: PlanEvent): RecurrenceValues {
  const empty = emptyRecurrence(event.date);
  if (!event.isRecurring || !event.recurrenceType) return empty;
  const monthly: MonthlyChoice =
    event.recurrenceMonthlyBy !== "weekdayOfMonth"
      ? "dayOfMonth"
      : event.recurrenceWeekOfMonth === -1
        ? "lastWeekday"
        : "nthWeekday";
  return {
    type: event.recurrenceType,
    interval: event.recurrenceFrequency ?? 1,
    weekdaysOnly: event.recurrenceWeekdaysOnly ?? false,
    daysOfWeek:
      event.recurrenceType === "weekly" ? (event.recurrenceDaysOfWeek ?? empty.daysOfWeek) : [],
    monthly,
    ends: event.recurrenceCount ? "after" : event.recurrenceEndDate ? "on" : "never",
    count: event.recurrenceCount ?? DEFAULT_RECURRENCE_COUNT,
    endDate: event.recurrenceEndDate?.slice(0, 10) ?? "",
  };
}

/** The edit form, loaded from the plan (or the occurrence) as it is shown. */
export function planValuesFrom(event: PlanEvent, zone: string): PlanFormValues {
  return {
    title: event.title,
    description: event.description ?? "",
    date: event.date,
    allDay: event.allDay,
    time: event.allDay ? "" : timeIn(event.startTime, zone),
    circleId: String(event.circleId),
    location: event.location ?? "",
    assignedTo: event.assignedTo ? String(event.assignedTo) : "",
    kind: event.type === "todo" ? "todo" : "event",
    reminders: event.reminderTimes.slice(0, REMINDERS_MAX),
    mapUrl: event.mapUrl ?? "",
    recurrence: recurrenceOf(event),
    isCompleted: event.isCompleted,
  };
}

/** The count choices of "After N times", with a plan's own count kept when it is another. */
export function countChoices(current: number): number[] {
  const choices: number[] = [...RECURRENCE_COUNT_CHOICES];
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

export interface RecurrencePayload {
  isRecurring: boolean;
  recurrenceType: RecurrenceType | null;
  recurrenceFrequency: number | null;
  recurrenceDaysOfWeek: Weekday[] | null;
  recurrenceWeekdaysOnly: boolean | null;
  recurrenceMonthlyBy: "dayOfMonth" | "weekdayOfMonth" | null;
  recurrenceWeekOfMonth: number | null;
  recurrenceCount: number | null;
  recurrenceEndDate: string | null;
}

export function recurrencePayload(recurrence: RecurrenceValues, day: string): RecurrencePayload {
  const { type } = recurrence;
  if (type === "none") {
    return {
      isRecurring: false,
      recurrenceType: null,
      recurrenceFrequency: null,
      recurrenceDaysOfWeek: null,
      recurrenceWeekdaysOnly: null,
      recurrenceMonthlyBy: null,
      recurrenceWeekOfMonth: null,
      recurrenceCount: null,
      recurrenceEndDate: null,
    };
  }
  const byWeekday =
    (type === "monthly" || type === "yearly") && recurrence.monthly !== "dayOfMonth";
  const nth = weekOfMonth(day);
  // A date that moved into the fifth week has no "fifth weekday" rule: it is the last one.
  const week = recurrence.monthly === "lastWeekday" || nth > 4 ? -1 : nth;
  const weekdaysOnly = type === "daily" && recurrence.weekdaysOnly;
  return {
    isRecurring: true,
    recurrenceType: type,
    recurrenceFrequency: type === "yearly" || weekdaysOnly ? 1 : recurrence.interval,
    recurrenceDaysOfWeek: type === "weekly" ? sortWeekdays(recurrence.daysOfWeek) : null,
    recurrenceWeekdaysOnly: type === "daily" ? weekdaysOnly : null,
    recurrenceMonthlyBy:
      type === "monthly" || type === "yearly"
        ? byWeekday
          ? "weekdayOfMonth"
          : "dayOfMonth"
        : null,
    recurrenceWeekOfMonth: byWeekday ? week : null,
    recurrenceCount: recurrence.ends === "after" ? recurrence.count : null,
    recurrenceEndDate: recurrence.ends === "on" ? recurrence.endDate : null,
  };
}

function sortWeekdays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

/** The plan's fields as create and update send them (the spec's payload of section 7). */
export interface PlanPayload extends RecurrencePayload {
  title: string;
  description: string | null;
  location: string | null;
  mapUrl: string | null;
  startTime: Date;
  allDay: boolean;
  date?: string;
  assignedTo: number | null;
  type: "event" | "task" | "todo";
  reminderTimes: string[];
}

export function planPayload(values: PlanFormOutput, zone: string): PlanPayload {
  const assignedTo = values.assignedTo ? Number(values.assignedTo) : null;
  return {
    title: values.title,
    description: values.description || null,
    location: values.location || null,
    mapUrl: values.mapUrl,
    startTime: instantAt(values.date, values.allDay ? "00:00" : values.time, zone),
    allDay: values.allDay,
    ...(values.allDay ? { date: values.date } : {}),
    assignedTo,
    type: assignedTo ? "task" : values.kind,
    reminderTimes: values.reminders.filter((phrase) => phrase !== "None"),
    ...recurrencePayload(values.recurrence, values.date),
  };
}

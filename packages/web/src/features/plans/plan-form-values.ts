/**
 * The Create/Edit Plan form's values, their rules (plans spec, section 5) and what they become
 * on the wire. Field rules come from the shared schemas the server validates with; the form
 * adds only what belongs to a form (a time typed as HH:MM, "None" among the reminders).
 */
import { safeString } from "@circleplan/shared/auth-schemas";
import {
  addDays,
  dayIn,
  daysBetween,
  instantAt,
  isLastWeekOfMonth,
  nowToHalfHour,
  nthWeekdayOfMonth,
  timeIn,
  weekdayOf,
  weekOfMonth,
} from "@circleplan/shared/days";
import {
  DEFAULT_REMINDERS,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_LOCATION_MAX_LENGTH,
  RECURRENCE_COUNT_CHOICES,
  RECURRENCE_COUNT_MAX,
  RECURRENCE_FREQUENCY_MAX,
  RECURRENCE_INTERVAL_MAX,
  RECURRENCE_TYPES,
  REMINDER_CHOICES as REMINDER_PHRASES,
  REMINDERS_MAX,
  WEEKDAYS,
  type Weekday,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";
import { type CreatePlanDraft, draftFromVoiceResult } from "@circleplan/shared/plan-draft";
import {
  NOT_RECURRING,
  planTypeFor,
  type RecurrenceAnswer,
  voiceTitle,
} from "@circleplan/shared/plan-rules";
import {
  dayField,
  mapUrlField,
  planTitleField,
  reminderTimesField,
} from "@circleplan/shared/plan-schemas";
import { reminderMinutesOf } from "@circleplan/shared/reminder-phrases";
import { zodResolver } from "@hookform/resolvers/zod";
import { get, type Resolver, set } from "react-hook-form";
import * as z from "zod";

/** A time as the form takes it, "HH:MM" from 00:00 to 23:59. */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The form's reminder choices (spec section 3), None first. */
export const REMINDER_CHOICES = ["None", ...REMINDER_PHRASES] as const;

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
  interval: z.number().int().min(1).max(RECURRENCE_FREQUENCY_MAX),
  weekdaysOnly: z.boolean(),
  daysOfWeek: z.array(z.enum(WEEKDAYS)),
  monthly: z.enum(MONTHLY_CHOICES),
  ends: z.enum(ENDS_CHOICES),
  count: z.number().int().min(1).max(RECURRENCE_COUNT_MAX),
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
  /** When it ends, "HH:MM", or "" for no end (the spec's plan, which has only a start). */
  endTime: z.string(),
  /**
   * How many days after the date the end falls on: 0 unless the plan was read or stored so
   * ("from 10pm to 1am", "for 3 days"), which the form keeps rather than losing the end.
   */
  endDaysAfter: z.number().int().min(0),
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
  /**
   * The words a plan was said in, which the form shows no field for: a new plan sends them
   * (`createPayload`); an edit leaves them as they are.
   */
  voiceNote: z.string(),
});

/** A rule that spans fields: where it points and what it says. */
export interface FormIssue {
  path: string;
  message: string;
}

/**
 * The rules that read more than one field: a time unless all day, an end (when given) not
 * before the start, the reminders as a set, a weekly rule's days, a repeat's end not before the
 * plan's date.
 */
export function acrossFieldIssues(
  values: Pick<
    PlanFormValues,
    "allDay" | "time" | "endTime" | "endDaysAfter" | "reminders" | "recurrence" | "date"
  >,
): FormIssue[] {
  const found: FormIssue[] = [];
  if (!values.allDay) {
    const timeValid = TIME.test(values.time);
    if (!timeValid) found.push({ path: "time", message: messages.timeInvalid });
    if (values.endTime && !TIME.test(values.endTime)) {
      found.push({ path: "endTime", message: messages.timeInvalid });
    } else if (timeValid && endsBeforeStart(values)) {
      found.push({ path: "endTime", message: messages.endBeforeStart });
    }
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
 * The server's rule (core plan-timing.ts checkOrder) on the form's words: an end on the start's
 * day must not come before it; "HH:MM" strings compare as the times they name.
 */
function endsBeforeStart(values: Pick<PlanFormValues, "time" | "endTime" | "endDaysAfter">) {
  return values.endTime !== "" && values.endDaysAfter === 0 && values.endTime < values.time;
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

/** The monthly choices that fit the date: no "fifth Tuesday", "last" only in the last week. */
export function monthlyChoicesFor(day: string): MonthlyChoice[] {
  const choices: MonthlyChoice[] = ["dayOfMonth"];
  if (weekOfMonth(day) <= 4) choices.push("nthWeekday");
  if (isLastWeekOfMonth(day)) choices.push("lastWeekday");
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
  time = "",
  circleId,
  kind = "event",
}: {
  date: string;
  /** "HH:mm", or empty for the person to fill. */
  time?: string | undefined;
  circleId?: number | undefined;
  kind?: "event" | "todo" | undefined;
}): PlanFormValues {
  return {
    title: "",
    description: "",
    date,
    allDay: false,
    time,
    endTime: "",
    endDaysAfter: 0,
    circleId: circleId ? String(circleId) : "",
    location: "",
    assignedTo: "",
    kind,
    reminders: [...DEFAULT_REMINDERS],
    mapUrl: "",
    recurrence: emptyRecurrence(date),
    isCompleted: false,
    voiceNote: "",
  };
}

function recurrenceOf(plan: RecurrenceAnswer, date: string): RecurrenceValues {
  const empty = emptyRecurrence(date);
  if (!plan.isRecurring || !plan.recurrenceType) return empty;
  const monthly: MonthlyChoice =
    plan.recurrenceMonthlyBy !== "weekdayOfMonth"
      ? "dayOfMonth"
      : plan.recurrenceWeekOfMonth === -1
        ? "lastWeekday"
        : "nthWeekday";
  return {
    type: plan.recurrenceType,
    interval: plan.recurrenceFrequency ?? 1,
    weekdaysOnly: plan.recurrenceWeekdaysOnly ?? false,
    daysOfWeek:
      plan.recurrenceType === "weekly" ? (plan.recurrenceDaysOfWeek ?? empty.daysOfWeek) : [],
    monthly,
    ends: plan.recurrenceCount ? "after" : plan.recurrenceEndDate ? "on" : "never",
    count: plan.recurrenceCount ?? DEFAULT_RECURRENCE_COUNT,
    endDate: plan.recurrenceEndDate?.slice(0, 10) ?? "",
  };
}

/**
 * A plan the form fills from: the create call's shape in a circle. A stored plan (or one
 * occurrence) is one, with the day it is shown on and whether it is done; a sentence's reading
 * becomes one (`draftFromVoiceResult`).
 */
export type FormPlan = CreatePlanDraft & { circleId: number; date?: string; isCompleted?: boolean };

/**
 * The form filled from a plan: the edit form from the plan (or the occurrence) as it is shown,
 * the create form from a sentence. Times are read in `zone`; the day is the plan's own when it
 * names one.
 */
export function planValuesFrom(plan: FormPlan, zone: string): PlanFormValues {
  const date = plan.date ?? dayIn(plan.startTime, zone);
  return {
    title: plan.title,
    description: plan.description ?? "",
    date,
    allDay: plan.allDay ?? false,
    time: plan.allDay ? "" : timeIn(plan.startTime, zone),
    ...endOf(plan, zone),
    circleId: String(plan.circleId),
    location: plan.location ?? "",
    assignedTo: plan.assignedTo ? String(plan.assignedTo) : "",
    kind: plan.type === "todo" ? "todo" : "event",
    reminders: (plan.reminderTimes ?? DEFAULT_REMINDERS).slice(0, REMINDERS_MAX),
    mapUrl: plan.mapUrl ?? "",
    recurrence: recurrenceOf(plan, date),
    isCompleted: plan.isCompleted ?? false,
    voiceNote: plan.voiceNote ?? "",
  };
}

/** A timed plan's end as the form shows it: its time, and its day counted from the start's. */
function endOf(plan: FormPlan, zone: string): Pick<PlanFormValues, "endTime" | "endDaysAfter"> {
  if (!plan.endTime || plan.allDay || plan.endTime < plan.startTime) {
    return { endTime: "", endDaysAfter: 0 };
  }
  return {
    endTime: timeIn(plan.endTime, zone),
    endDaysAfter: daysBetween(dayIn(plan.startTime, zone), dayIn(plan.endTime, zone)),
  };
}

/** The count choices of "After N times", with a plan's own count kept when it is another. */
export function countChoices(current: number): number[] {
  const choices: number[] = [...RECURRENCE_COUNT_CHOICES];
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

export function recurrencePayload(recurrence: RecurrenceValues, day: string): RecurrenceAnswer {
  const { type } = recurrence;
  if (type === "none") return { ...NOT_RECURRING };
  const byWeekday =
    (type === "monthly" || type === "yearly") && recurrence.monthly !== "dayOfMonth";
  const week = recurrence.monthly === "lastWeekday" ? -1 : nthWeekdayOfMonth(day);
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
export interface PlanPayload extends RecurrenceAnswer {
  title: string;
  description: string | null;
  location: string | null;
  mapUrl: string | null;
  startTime: Date;
  /** A timed plan's end, null for none; absent for an all-day plan, whose days are its own. */
  endTime?: Date | null;
  allDay: boolean;
  date?: string;
  assignedTo: number | null;
  type: "event" | "task" | "todo";
  reminderTimes: string[];
}

/**
 * The start is read in the profile's zone by shared days.ts's `instantAt`, the server's own
 * reading of a day and a wall-clock time: a time the clocks skip moves forward by the gap, a
 * repeated one is the earlier, so the form saves what the server would read from the same words.
 */
export function planPayload(values: PlanFormOutput, zone: string): PlanPayload {
  const assignedTo = values.assignedTo ? Number(values.assignedTo) : null;
  return {
    title: values.title,
    description: values.description || null,
    location: values.location || null,
    mapUrl: values.mapUrl,
    startTime: instantAt(values.date, values.allDay ? "00:00" : values.time, zone),
    allDay: values.allDay,
    ...(values.allDay ? { date: values.date } : { endTime: endInstant(values, zone) }),
    assignedTo,
    type: planTypeFor(assignedTo, values.kind),
    reminderTimes: values.reminders.filter((phrase) => phrase !== "None"),
    ...recurrencePayload(values.recurrence, values.date),
  };
}

/** The end the form names, on the date (or the days after it the plan was read to end on). */
function endInstant(values: PlanFormOutput, zone: string): Date | null {
  if (!values.endTime) return null;
  return instantAt(addDays(values.date, values.endDaysAfter), values.endTime, zone);
}

/**
 * A new plan's payload: the form's fields, and the words it was said in. A plan without an end
 * sends none, as the spec's client does.
 */
export function createPayload(
  values: PlanFormOutput,
  zone: string,
): PlanPayload & { voiceNote?: string } {
  const { endTime, ...payload } = planPayload(values, zone);
  const { voiceNote } = values;
  return {
    ...payload,
    ...(endTime ? { endTime } : {}),
    ...(voiceNote ? { voiceNote } : {}),
  };
}

/** Who the draft is for and where it would otherwise start. */
export interface DraftContext {
  circleId: number;
  /** The signed-in user: never offered as their own assignee when creating (spec section 5). */
  userId: number;
  /** The profile's zone, the one the form reads and sends times in. */
  zone: string;
  /** What an unassigned plan is where the dialog was opened (the to-do list adds to-dos). */
  kind: "event" | "todo";
}

/**
 * The form filled from the server's reading (api-conventions.md, "Natural language"), as the
 * plan it would create (`draftFromVoiceResult`) offered to this person. The date and time are
 * the ones said, read in the zone the sentence was read in, so the form shows "17:00" for "at 5"
 * even where the browser's and the profile's zones differ. A task with no one to assign is the
 * form's to-do (spec section 9: "task (todo in forms)"); an assignee who is the user themselves
 * is dropped, as the create form never offers them.
 */
export function valuesFromSentence(result: VoiceResult, context: DraftContext): PlanFormValues {
  const draft = draftFromVoiceResult(result);
  const values = planValuesFrom(
    {
      ...draft,
      circleId: context.circleId,
      assignedTo: draft.assignedTo === context.userId ? null : draft.assignedTo,
      // What it is when no one does it: a task heard is a to-do; the to-do list adds to-dos.
      type: draft.type === "event" && context.kind === "event" ? "event" : "todo",
      reminderTimes: formReminders(draft.reminderTimes ?? []),
    },
    knownZone(result.timeZone) ?? context.zone,
  );
  return { ...values, recurrence: withinTheEditor(values.recurrence, values.date) };
}

/**
 * When the sentence could not be read (plans spec, section 8): the raw text as the title,
 * an event (or a to-do on the to-do list), the default reminders, on the dialog's day at the
 * current time rounded to the half hour, as the voice rules have it when no time is said.
 */
export function fallbackValues(
  text: string,
  context: DraftContext & { date?: string | undefined; now?: Date },
): PlanFormValues {
  const rounded = nowToHalfHour(context.now ?? new Date(), context.zone);
  return {
    ...newPlanValues({
      date: context.date ?? rounded.day,
      circleId: context.circleId,
      kind: context.kind,
    }),
    title: voiceTitle(text),
    time: rounded.time,
    voiceNote: text.trim(),
  };
}

function knownZone(zone: string): string | null {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * The phrases as the form's list names them ("1 day before" is its "24 hours before"; a custom
 * one such as "45 minutes before" as it is), each once, at most 4; a phrase no reminder can be is
 * left out rather than refused on saving.
 */
function formReminders(phrases: readonly string[]): string[] {
  const chosen: string[] = [];
  for (const phrase of phrases) {
    const minutes = reminderMinutesOf(phrase);
    if (minutes === null) continue;
    const named =
      REMINDER_CHOICES.find((choice) => reminderMinutesOf(choice) === minutes) ?? phrase;
    if (!chosen.includes(named)) chosen.push(named);
  }
  return chosen.slice(0, REMINDERS_MAX);
}

/**
 * The repeat rule as the form's editor offers it: the interval within the type's bounds, the
 * monthly choice one the plan's date allows (the editor reads the nth weekday from the date).
 */
function withinTheEditor(recurrence: RecurrenceValues, date: string): RecurrenceValues {
  if (recurrence.type === "none") return recurrence;
  const choices = monthlyChoicesFor(date);
  const monthly = choices.includes(recurrence.monthly)
    ? recurrence.monthly
    : choices.includes("nthWeekday") && recurrence.monthly !== "dayOfMonth"
      ? "nthWeekday"
      : "dayOfMonth";
  return {
    ...recurrence,
    interval: Math.min(Math.max(recurrence.interval, 1), RECURRENCE_INTERVAL_MAX[recurrence.type]),
    count: Math.min(Math.max(recurrence.count, 1), RECURRENCE_COUNT_MAX),
    monthly,
  };
}

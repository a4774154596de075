/**
 * Input schemas for plans and tasks (plans spec, sections 3, 5 and 7). The plan form and the
 * server validate with these same objects. Fields beyond the spec's payloads are optional, with
 * defaults that keep a client sending exactly the spec's payloads working.
 */
import * as z from "zod";
import { safeMultilineString, safeString, timeZoneField } from "./auth-schemas";
import { idField } from "./circle-schemas";
import {
  LIST_OFFSET_MAX,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_LOCATION_MAX_LENGTH,
  PLAN_NOTE_MAX_LENGTH,
  PLAN_TITLE_MAX_LENGTH,
  PLAN_TYPES,
  PLAN_URL_MAX_LENGTH,
  PLAN_YEAR_MAX,
  PLAN_YEAR_MIN,
  RECURRENCE_COUNT_MAX,
  RECURRENCE_FREQUENCY_MAX,
  RECURRENCE_TYPES,
  REMINDERS_MAX,
  UPCOMING_LIMIT_MAX,
  WEEKDAYS,
} from "./limits";
import { messages } from "./messages";
import { MONTHLY_BY } from "./plan-rules";
import { reminderMinutesOf, reminderParts } from "./reminder-phrases";

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a `yyyy...` day or month falls in the years plans may name (docs/decisions/016). */
const inPlanYears = (dayOrMonth: string) => {
  const year = Number(dayOrMonth.slice(0, 4));
  return year >= PLAN_YEAR_MIN && year <= PLAN_YEAR_MAX;
};

/**
 * A calendar day, `yyyy-MM-dd`, that exists (no 31 April), in the years plans may name: a read
 * or a plan of year 9999 would cost work for nothing.
 */
export const dayField = safeString({ max: 10, tooLong: messages.dateInvalid })
  .regex(DAY, { error: messages.dateInvalid, abort: true })
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: messages.dateInvalid,
    abort: true,
  })
  .refine(inPlanYears, { error: messages.dateOutOfRange });

export const monthField = safeString({ max: 7, tooLong: messages.monthInvalid })
  .regex(MONTH, { error: messages.monthInvalid, abort: true })
  .refine(inPlanYears, { error: messages.dateOutOfRange });

/** The instants plans may name: their years, with a day's room for every zone's offset. */
const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_INSTANT = Date.UTC(PLAN_YEAR_MIN, 0, 1) - DAY_MS;
const END_INSTANT = Date.UTC(PLAN_YEAR_MAX + 1, 0, 1) + DAY_MS;

/**
 * An instant: a Date through tRPC (superjson), an ISO 8601 string with an offset or Z in REST
 * (`2026-11-22T18:00:00.000Z`).
 */
export const instantField = z
  .union(
    [
      z.date({ error: messages.startTimeInvalid }),
      z.iso
        .datetime({ offset: true, error: messages.startTimeInvalid })
        .max(40, { error: messages.startTimeInvalid })
        .transform((value) => new Date(value)),
    ],
    { error: messages.startTimeInvalid },
  )
  .refine((instant) => instant.getTime() >= FIRST_INSTANT && instant.getTime() < END_INSTANT, {
    error: messages.dateOutOfRange,
  });

const optionalText = (max: number, tooLong: string, lines = false) =>
  (lines ? safeMultilineString : safeString)({ max, tooLong })
    .trim()
    .nullish()
    .transform((value) => value || null);

export const planTitleField = safeString({
  max: 2000,
  tooLong: messages.titleTooLong,
  required: messages.titleRequired,
})
  .trim()
  .min(1, { error: messages.titleRequired, abort: true })
  .max(PLAN_TITLE_MAX_LENGTH, { error: messages.titleTooLong });

export const mapUrlField = safeString({ max: PLAN_URL_MAX_LENGTH, tooLong: messages.mapUrlInvalid })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || /^https?:\/\/[^\s]+$/i.test(value), {
    error: messages.mapUrlInvalid,
  });

/**
 * Reminder phrases from the form's list (section 3), or custom ones ("45 minutes before",
 * reminder-phrases.ts): at most 4, no duplicates, "None" dropped. Absent means the defaults
 * (2 hours and 24 hours before) when creating.
 */
export const reminderTimesField = z
  .array(safeString({ max: 40, tooLong: messages.reminderUnknown }), {
    error: messages.reminderUnknown,
  })
  .max(20, { error: messages.remindersTooMany })
  .transform((phrases) => phrases.map((p) => p.trim()).filter((p) => p && p !== "None"))
  .refine((phrases) => phrases.every((p) => reminderMinutesOf(p) !== null || reminderParts(p)), {
    error: messages.reminderUnknown,
  })
  .refine((phrases) => phrases.every((p) => reminderMinutesOf(p) !== null), {
    error: messages.reminderCustomOutOfRange,
  })
  .refine((phrases) => new Set(phrases).size === phrases.length, {
    error: messages.remindersDuplicate,
  })
  .refine((phrases) => phrases.length <= REMINDERS_MAX, { error: messages.remindersTooMany });

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullish();

/**
 * The recurrence fields of the spec's payload (isRecurring, recurrenceType, recurrenceFrequency,
 * recurrenceEndDate, recurrenceDaysOfWeek) plus ours for what the form offers beyond them.
 * Bounds of section 9: daily every 1-7 days or every weekday; weekly every 1-4 weeks on chosen
 * days; monthly on day 1-31 or the first-fourth/last weekday, every 1-6 months; yearly on a date
 * or the nth weekday of a month. Ends never, after N times, or on a date.
 */
export const recurrenceFields = {
  isRecurring: z
    .boolean()
    .optional()
    .describe("Whether the plan repeats. Optional: false when absent"),
  recurrenceType: z
    .enum(RECURRENCE_TYPES, { error: messages.recurrenceInvalid })
    .nullish()
    .describe("daily, weekly, monthly or yearly, when `isRecurring`"),
  /** Every N days/weeks/months/years; 1 when absent. */
  recurrenceFrequency: z
    .number({ error: messages.recurrenceInvalid })
    .int({ error: messages.recurrenceInvalid })
    .min(1, { error: messages.recurrenceInvalid })
    .max(RECURRENCE_FREQUENCY_MAX, { error: messages.recurrenceInvalid })
    .nullish()
    .describe(
      "Every N days (1-7), weeks (1-4), months (1-6) or years (1). Optional: 1 when absent",
    ),
  /** The last day an occurrence may fall on (`yyyy-MM-dd`, or an ISO instant read in the plan's zone). */
  recurrenceEndDate: z
    .union([dayField, instantField])
    .nullish()
    .describe(
      "The last day an occurrence may fall on: `yyyy-MM-dd`, or an ISO instant read as its day in the plan's zone. Optional: none",
    ),
  /** Weekly: the days (lowercase names); the plan date's weekday when absent. */
  recurrenceDaysOfWeek: z
    .array(z.enum(WEEKDAYS, { error: messages.recurrenceInvalid }))
    .max(7)
    .nullish()
    .describe("Weekly: the weekdays (`monday` … `sunday`). Optional: the start date's weekday"),
  /** Ends after N occurrences (ours; the form's "After 5, 10 … 50 times"). */
  recurrenceCount: z
    .number({ error: messages.recurrenceInvalid })
    .int({ error: messages.recurrenceInvalid })
    .min(1, { error: messages.recurrenceInvalid })
    .max(RECURRENCE_COUNT_MAX, { error: messages.recurrenceInvalid })
    .nullish()
    .describe("Ours: ends after N occurrences (at most 500). Optional"),
  /** Daily: every weekday (Monday to Friday) instead of every N days (ours). */
  recurrenceWeekdaysOnly: z
    .boolean({ error: messages.recurrenceInvalid })
    .nullish()
    .describe("Ours, daily: every weekday (Monday to Friday) instead of every N days. Optional"),
  /** Monthly and yearly: on the date's day (default) or on its nth weekday (ours). */
  recurrenceMonthlyBy: z
    .enum(MONTHLY_BY, { error: messages.recurrenceInvalid })
    .nullish()
    .describe(
      "Ours, monthly and yearly: `dayOfMonth` (default: the start date's day number) or `weekdayOfMonth` (its nth weekday, e.g. the second Tuesday). Optional",
    ),
  /** With weekdayOfMonth: 1-4 or -1 for the last; from the plan's date when absent (ours). */
  recurrenceWeekOfMonth: z
    .union([z.literal(-1), z.number().int().min(1).max(4)], { error: messages.recurrenceInvalid })
    .nullish()
    .describe(
      "Ours, with `weekdayOfMonth`: 1-4, or -1 for the last. Optional: from the start date",
    ),
};
/** The repeat fields of a request, as validated. */
export type RecurrenceInput = z.output<z.ZodObject<typeof recurrenceFields>>;

const planFields = {
  title: planTitleField.describe("The plan's title (at most 200 characters)"),
  description: optionalText(PLAN_DESCRIPTION_MAX_LENGTH, messages.textTooLong, true).describe(
    "Notes, line breaks kept. Optional",
  ),
  location: optionalText(PLAN_LOCATION_MAX_LENGTH, messages.textTooLong).describe(
    "Where, as text. Optional",
  ),
  locationLat: coordinate(90).describe("Latitude of the place, -90 to 90. Optional"),
  locationLng: coordinate(180).describe("Longitude of the place, -180 to 180. Optional"),
  locationPlaceId: optionalText(300, messages.textTooLong).describe(
    "The map provider's id of the place. Optional",
  ),
  mapUrl: mapUrlField.describe("A link to the place on a map (http or https). Optional"),
  startTime: instantField.describe(
    "When it starts: an ISO 8601 instant with an offset or Z. For an all-day plan, any instant of its day in the plan's zone",
  ),
  endTime: instantField
    .nullish()
    .describe("When it ends (ISO 8601 instant, after `startTime`). Optional: none"),
  /** An all-day plan is a date: `date`, or startTime's day in the plan's zone (ours). */
  allDay: z.boolean().optional().describe("Ours: a whole day rather than a time. Optional: false"),
  date: dayField
    .optional()
    .describe(
      "Ours, all-day plans: the day, `yyyy-MM-dd`. Optional: `startTime`'s day in the plan's zone",
    ),
  /** Optional: a task when assignedTo is set, else an event. */
  type: z
    .enum(PLAN_TYPES, { error: "Type must be event, task or todo" })
    .optional()
    .describe("event, task or todo. Optional: task when `assignedTo` is set, else event"),
  assignedTo: idField(messages.assigneeNotMember)
    .nullish()
    .describe("The user id of the member the task is assigned to; null or absent: not a task"),
  reminderTimes: reminderTimesField
    .optional()
    .describe(
      'Reminders before the start, at most 4, each once: the list\'s "1 minute before", "2 minutes before", "5 minutes before", "10 minutes before", "15 minutes before", "30 minutes before", "1 hour before", "2 hours before", "24 hours before", "1 day before", "2 days before", "1 week before", or a custom "N minutes before" (1 to 180), "N hours before" (1 to 168) or "N days before" (1 to 7) ("None" is ignored). An all-day plan\'s reminders count from its day\'s midnight. Optional: 2 hours and 1 day before when creating',
    ),
  voiceNote: optionalText(5000, messages.textTooLong, true).describe(
    "The words the plan was dictated from (voice or text). Optional",
  ),
  eventColor: optionalText(20, messages.textTooLong).describe(
    "The plan's own colour, `#rrggbb`, over its circle's. Optional",
  ),
  /** The zone the plan repeats in (ours): the caller's own zone when absent. */
  timeZone: timeZoneField
    .optional()
    .describe(
      "Ours: the IANA zone the plan's day and repeats are read in. Optional: the caller's zone",
    ),
  ...recurrenceFields,
};

/** POST /api/circles/{id}/events: the circle from the path. */
export const createCirclePlanInput = z.object({
  id: idField(messages.circleNotFound).describe("The circle's id"),
  ...planFields,
});
export type CreateCirclePlanInput = z.infer<typeof createCirclePlanInput>;

/** POST /api/events: the circle in the body (string or number, as the edit form sends it). */
export const createPlanInput = z.object({
  circleId: z.coerce
    .number({ error: messages.circleRequired })
    .pipe(idField(messages.circleRequired))
    .describe("The circle the plan goes in (a number, or its digits as a string)"),
  ...planFields,
});
export type CreatePlanInput = z.infer<typeof createPlanInput>;

/** Which occurrences of a series an edit, delete or completion applies to. */
export const occurrenceScopeFields = {
  /** The occurrence's original start (`originalStartTime` of a listed occurrence). */
  occurrenceStart: instantField
    .optional()
    .describe("One occurrence of a series: its original start (`originalStartTime` from a list)"),
  /** The all-day occurrence's original date. */
  occurrenceDate: dayField
    .optional()
    .describe(
      "One all-day occurrence of a series: its original day (`originalDate`, `yyyy-MM-dd`)",
    ),
  /** occurrence (default when one is named), following, or all (default otherwise). */
  scope: z
    .enum(["occurrence", "following", "all"])
    .optional()
    .describe(
      "Which occurrences of a series: `occurrence` (the one named; default when one is named), `following` (it and the later ones) or `all` (default otherwise)",
    ),
};

export const planIdInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
});

type UpdatePlanFields = Partial<Omit<CreatePlanInput, "circleId">> & {
  id: number;
  circleId?: number;
  isCompleted?: boolean;
  version?: number;
  occurrenceStart?: Date;
  occurrenceDate?: string;
  scope?: "occurrence" | "following" | "all";
};

/**
 * PUT /api/events/{id}: every field optional; only what is sent changes. (Built by mapping the
 * create fields to optional ones; the type is declared by hand because that mapping loses it.)
 */
export const updatePlanInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  ...Object.fromEntries(
    Object.entries(planFields).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  ),
  title: planTitleField.optional().describe("The plan's title (at most 200 characters)"),
  startTime: instantField
    .optional()
    .describe(
      "When it starts: an ISO 8601 instant with an offset or Z. For an all-day plan, any instant of its day in the plan's zone",
    ),
  circleId: z.coerce
    .number()
    .pipe(idField(messages.circleNotFound))
    .optional()
    .describe("Moves the plan to another of the caller's circles. Optional"),
  isCompleted: z
    .boolean()
    .optional()
    .describe("true marks it done, false reopens it. Optional: true"),
  /** The version the edit is based on (ours): an older one answers 409 instead of overwriting. */
  version: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Ours: the `version` the edit is based on; an older one answers 409 instead of overwriting. Optional",
    ),
  ...occurrenceScopeFields,
}) as unknown as z.ZodType<UpdatePlanFields, UpdatePlanFields>;
export type UpdatePlanInput = z.infer<typeof updatePlanInput>;

export const deletePlanInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  ...occurrenceScopeFields,
});

export const completePlanInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  isCompleted: z
    .boolean()
    .default(true)
    .describe("true marks it done, false reopens it. Optional: true"),
  ...occurrenceScopeFields,
});

export const respondToTaskInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  accepted: z
    .boolean({ error: "accepted must be true or false" })
    .describe("true accepts the task, false declines it"),
  note: optionalText(PLAN_NOTE_MAX_LENGTH, messages.textTooLong, true).describe(
    "A note for the creator (accepting) or the reason (declining). Optional",
  ),
});

export const declineTaskInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  reason: safeMultilineString({
    max: PLAN_NOTE_MAX_LENGTH,
    tooLong: messages.textTooLong,
    required: messages.declineReasonRequired,
  })
    .trim()
    .min(1, { error: messages.declineReasonRequired })
    .describe("Why the task is declined, shown to its creator (required)"),
});

export const acceptTaskInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  note: optionalText(PLAN_NOTE_MAX_LENGTH, messages.textTooLong, true).describe(
    "A note for the creator (accepting) or the reason (declining). Optional",
  ),
});

/**
 * Paging through a list (ours, docs/decisions/016): how many occurrences, in the list's order, to
 * skip. A list answers at most LIST_ITEMS_MAX of them and stops earlier on a size budget; the
 * client asks again with `offset` advanced by what it received, until an answer is empty.
 */
const offsetField = z.number().int().min(0).max(LIST_OFFSET_MAX).optional();

/**
 * GET /api/events and /api/events/all: one day (`date`), the upcoming plans (`upcoming`,
 * `limit`), one circle (`circleId` or `circle`), or a range (`from`, `to`; ours). Days are read
 * in the caller's time zone.
 */
export const listPlansInput = z
  .object({
    date: dayField.optional().describe("One day, `yyyy-MM-dd`, read in the caller's time zone"),
    upcoming: z.boolean().optional().describe("true: the next plans from now (with `limit`)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(UPCOMING_LIMIT_MAX)
      .optional()
      .describe("With `upcoming`: how many, at most 200. Optional: 30"),
    circleId: idField(messages.circleNotFound).optional().describe("The circle's id"),
    circle: idField(messages.circleNotFound)
      .optional()
      .describe("The circle's id (the spec's other name for `circleId`)"),
    from: dayField
      .optional()
      .describe("Ours: the range's first day, `yyyy-MM-dd`, in the caller's zone (with `to`)"),
    to: dayField
      .optional()
      .describe("Ours: the range's last day, `yyyy-MM-dd`, in the caller's zone (inclusive)"),
    /** event, task or todo (ours: the Upcoming page's type filter). */
    type: z.enum(PLAN_TYPES).optional().describe("Ours: only event, task or todo plans. Optional"),
    offset: offsetField.describe(
      "Ours, paging: how many occurrences to skip, in the list's order; ask again with the offset advanced by what came back until an answer is empty",
    ),
  })
  .optional();
export type ListPlansInput = z.infer<typeof listPlansInput>;

export const calendarMonthInput = z.object({
  month: monthField.describe("The month, `yyyy-MM`, its days read in the caller's zone"),
  circleId: idField(messages.circleNotFound).optional().describe("The circle's id"),
});

/** GET /api/events/calendar/{yyyy-MM}: the month's plans, paged like a list. */
export const calendarMonthPlansInput = calendarMonthInput.extend({
  offset: offsetField.describe(
    "Ours, paging: how many occurrences to skip; ask again with the offset advanced until an answer is empty",
  ),
});

export const taskHistoryInput = z.object({
  type: z
    .enum(["assigned-to-me", "assigned-by-me"])
    .default("assigned-to-me")
    .describe(
      "`assigned-to-me` (tasks the caller was given) or `assigned-by-me` (tasks the caller gave). Optional: assigned-to-me",
    ),
  page: z.number().int().min(1).max(10_000).default(1).describe("Page number from 1. Optional: 1"),
  limit: z.number().int().min(1).max(50).default(10).describe("Tasks per page, 1-50. Optional: 10"),
  /** Ours: false leaves out the tasks still waiting for an answer (the pending list's). */
  includePending: z
    .boolean()
    .default(true)
    .describe("Ours: false leaves out the tasks still waiting for an answer. Optional: true"),
});

/** GET /api/tasks/expired?month={0-11}&year={yyyy}: the month is zero-based, as the client's. */
export const expiredTasksInput = z.object({
  month: z
    .number()
    .int()
    .min(0)
    .max(11)
    .describe("The month, zero-based: 0 is January, 11 December"),
  year: z
    .number()
    .int()
    .min(PLAN_YEAR_MIN, { error: messages.dateOutOfRange })
    .max(PLAN_YEAR_MAX, { error: messages.dateOutOfRange })
    .describe("The year, `yyyy`"),
  offset: offsetField.describe(
    "Ours, paging: how many occurrences to skip, in the list's order; ask again with the offset advanced by what came back until an answer is empty",
  ),
});

export const attachmentIdInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  attachmentId: idField(messages.notFound).describe("The attachment's id"),
});

export const addAttachmentInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  file: z
    .instanceof(File, { error: messages.attachmentTypeInvalid })
    .describe("The file (multipart): images, PDF or office documents, at most 5 MB"),
});

/**
 * A file uploaded straight to storage first (POST /api/photos/uploads), named by its key: the
 * web app's way round Lambda's 6 MB request cap. Whether the key is the caller's own is the
 * server's check; the name is cleaned and cut there as a multipart file's is.
 */
export const addUploadedAttachmentInput = z.object({
  id: idField(messages.planNotFound).describe(
    "The plan's id (for a series, the series' id: `occurrenceStart` or `occurrenceDate` names one occurrence)",
  ),
  uploadKey: safeString({
    max: 200,
    tooLong: messages.attachmentUploadInvalid,
    required: messages.attachmentUploadInvalid,
  }).describe("The key from POST /api/photos/uploads, after uploading the file there"),
  fileName: safeString({
    max: 1000,
    tooLong: messages.textTooLong,
    required: messages.attachmentTypeInvalid,
  }).describe("The file's name as the user knows it"),
});

/**
 * The plan rules the server and the web app both apply, in one place so they cannot come to
 * disagree (plans spec sections 5, 6 and 9; docs/decisions/009): the shape of a plan's repeat
 * fields here, and, answered from plan-people.ts (which needs no zod), who may complete a plan,
 * whom it reminds and whom its changes concern, what an assignee makes of it, the voice title.
 */
import * as z from "zod";
import { RECURRENCE_TYPES, WEEKDAYS } from "./limits";

export type { ChangePeople, Interest, PlanPeople } from "./plan-people";
export {
  isReminded,
  isToldOf,
  mayComplete,
  NO_INTEREST,
  planTypeFor,
  voiceTitle,
} from "./plan-people";

export const MONTHLY_BY = ["dayOfMonth", "weekdayOfMonth"] as const;
export type MonthlyBy = (typeof MONTHLY_BY)[number];

/**
 * The repeat fields as a plan answers them, a sentence's reading answers them and the form sends
 * them: the spec's (isRecurring, recurrenceType, recurrenceFrequency, recurrenceEndDate,
 * recurrenceDaysOfWeek) and ours. What a request may send, and its bounds, is plan-schemas.ts
 * `recurrenceFields`.
 */
export const recurrenceAnswerFields = {
  isRecurring: z.boolean().describe("Whether the plan repeats (a series)"),
  recurrenceType: z
    .enum(RECURRENCE_TYPES)
    .nullable()
    .describe("How it repeats: daily, weekly, monthly or yearly; null for a one-off plan"),
  recurrenceFrequency: z
    .number()
    .int()
    .nullable()
    .describe("Every N days, weeks, months or years (1 = every); null for a one-off plan"),
  /** `yyyy-MM-dd`, the last day an occurrence may fall on. */
  recurrenceEndDate: z
    .string()
    .nullable()
    .describe(
      "The last day an occurrence may fall on, `yyyy-MM-dd` in the plan's zone; null: no end date",
    ),
  recurrenceDaysOfWeek: z
    .array(z.enum(WEEKDAYS))
    .nullable()
    .describe("Weekly: the weekdays it falls on (`monday` … `sunday`); null otherwise"),
  recurrenceCount: z
    .number()
    .int()
    .nullable()
    .describe("Ends after this many occurrences; null: no count"),
  recurrenceWeekdaysOnly: z
    .boolean()
    .nullable()
    .describe("Daily: true repeats every weekday (Monday to Friday) instead of every N days"),
  recurrenceMonthlyBy: z
    .enum(MONTHLY_BY)
    .nullable()
    .describe(
      "Monthly and yearly: `dayOfMonth` repeats on the start date's day number (the 14th), `weekdayOfMonth` on its nth weekday (the second Tuesday); null otherwise",
    ),
  /** With weekdayOfMonth: 1-4, or -1 for the last. */
  recurrenceWeekOfMonth: z
    .number()
    .int()
    .nullable()
    .describe(
      "With `weekdayOfMonth`: which weekday of the month, 1-4, or -1 for the last; null otherwise",
    ),
};
export type RecurrenceAnswer = z.infer<z.ZodObject<typeof recurrenceAnswerFields>>;

export const RECURRENCE_FIELD_NAMES = Object.keys(
  recurrenceAnswerFields,
) as (keyof RecurrenceAnswer)[];

/** The repeat fields of a one-off plan. */
export const NOT_RECURRING: Readonly<RecurrenceAnswer> = {
  isRecurring: false,
  recurrenceType: null,
  recurrenceFrequency: null,
  recurrenceEndDate: null,
  recurrenceDaysOfWeek: null,
  recurrenceCount: null,
  recurrenceWeekdaysOnly: null,
  recurrenceMonthlyBy: null,
  recurrenceWeekOfMonth: null,
};

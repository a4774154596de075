/**
 * The plan rules the server and the web app both apply, in one place so they cannot come to
 * disagree (plans spec sections 5, 6 and 9; docs/decisions/009): who may complete a plan, whom
 * it reminds, what an assignee makes of it, the voice title, and the shape of a plan's repeat
 * fields.
 */
import * as z from "zod";
import type { PlanType } from "./limits";
import { RECURRENCE_TYPES, VOICE_TITLE_MAX_LENGTH, WEEKDAYS } from "./limits";

interface PlanPeople {
  creatorId: number;
  assignedTo: number | null;
  assignmentAccepted: boolean | null;
}

/**
 * Who may complete or reopen a plan: its creator, or its assignee once they have accepted it
 * (spec section 6), whatever its type (decision 009). Which plans a screen offers a checkbox
 * on is the screen's choice; this is what the server allows.
 */
export function mayComplete(plan: PlanPeople, userId: number): boolean {
  if (plan.creatorId === userId) return true;
  return plan.assignedTo === userId && plan.assignmentAccepted === true;
}

/**
 * Whom a plan's reminders go to, by push and by mail: its creator, and its assignee once they
 * have accepted it (docs/decisions/011). A task still waiting for an answer is someone else's
 * request, not yet the assignee's plan: reminding them of it would let any member of a shared
 * circle send mail to any other. Membership of the circle and the person's channels are the
 * sender's to check.
 */
export function isReminded(plan: PlanPeople, userId: number): boolean {
  if (plan.creatorId === userId) return true;
  return plan.assignedTo === userId && plan.assignmentAccepted === true;
}

/** Assigning a plan to someone makes it a task (spec section 6); otherwise it keeps `type`. */
export function planTypeFor(assignedTo: number | null, type: PlanType): PlanType {
  return assignedTo !== null ? "task" : type;
}

/**
 * The voice title (spec sections 5 and 9): one line, first letter capitalised, at most 50
 * characters (47 and "...").
 */
export function voiceTitle(text: string): string {
  const title = text.replace(/\s+/g, " ").trim();
  const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
  return capitalised.length > VOICE_TITLE_MAX_LENGTH
    ? `${capitalised.slice(0, VOICE_TITLE_MAX_LENGTH - 3)}...`
    : capitalised;
}

export const MONTHLY_BY = ["dayOfMonth", "weekdayOfMonth"] as const;
export type MonthlyBy = (typeof MONTHLY_BY)[number];

/**
 * The repeat fields as a plan answers them, a sentence's reading answers them and the form sends
 * them: the spec's (isRecurring, recurrenceType, recurrenceFrequency, recurrenceEndDate,
 * recurrenceDaysOfWeek) and ours. What a request may send, and its bounds, is plan-schemas.ts
 * `recurrenceFields`.
 */
export const recurrenceAnswerFields = {
  isRecurring: z.boolean(),
  recurrenceType: z.enum(RECURRENCE_TYPES).nullable(),
  recurrenceFrequency: z.number().int().nullable(),
  /** `yyyy-MM-dd`, the last day an occurrence may fall on. */
  recurrenceEndDate: z.string().nullable(),
  recurrenceDaysOfWeek: z.array(z.enum(WEEKDAYS)).nullable(),
  recurrenceCount: z.number().int().nullable(),
  recurrenceWeekdaysOnly: z.boolean().nullable(),
  recurrenceMonthlyBy: z.enum(MONTHLY_BY).nullable(),
  /** With weekdayOfMonth: 1-4, or -1 for the last. */
  recurrenceWeekOfMonth: z.number().int().nullable(),
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

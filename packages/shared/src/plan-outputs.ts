/**
 * What the plan and task procedures answer (plans spec, section 3). A recurring plan answers
 * one item per occurrence: `id` is the series, `originalStartTime` / `originalDate` name the
 * occurrence (what an edit, delete or completion of that one occurrence sends back).
 */
import * as z from "zod";
import { PLAN_TYPES, TASK_STATUSES } from "./limits";
import { recurrenceAnswerFields } from "./plan-rules";

const instant = z.date();

export const attachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The authorised route that serves it to the circle's members. */
  url: z.string(),
  createdAt: instant,
});

export const planSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  locationPlaceId: z.string().nullable(),
  mapUrl: z.string().nullable(),
  /** This occurrence's start (for an all-day plan: midnight of its day in the caller's zone). */
  startTime: instant,
  endTime: instant.nullable(),
  allDay: z.boolean(),
  /** The occurrence's day in the caller's zone, `yyyy-MM-dd`. */
  date: z.string(),
  type: z.enum(PLAN_TYPES),
  circleId: z.number().int(),
  circleName: z.string(),
  circleColor: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  assignedTo: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** null: pending (or not a task); true accepted; false declined. */
  assignmentAccepted: z.boolean().nullable(),
  /** The accept note or the decline reason, as the assignee wrote it (line breaks kept). */
  responseNote: z.string().nullable(),
  /** When the assignee answered; null while pending. Optional: clients of the spec ignore it. */
  respondedAt: instant.nullable().optional(),
  /** Tasks: pending, accepted, declined, completed or cancelled; null for other plans. */
  status: z.enum(TASK_STATUSES).nullable(),
  isCompleted: z.boolean(),
  completedAt: instant.nullable(),
  completedBy: z.number().int().nullable(),
  reminderTimes: z.array(z.string()),
  reminderMinutes: z.array(z.number().int()),
  voiceNote: z.string().nullable(),
  eventColor: z.string().nullable(),
  timeZone: z.string(),
  ...recurrenceAnswerFields,
  /** The rule in words ("Every 2 weeks on Monday and Friday"). */
  recurrencePattern: z.string().nullable(),
  /** RFC 5545 text of the rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR`). */
  rrule: z.string().nullable(),
  /** The occurrence's original start or day; null for a one-off plan. */
  originalStartTime: instant.nullable(),
  originalDate: z.string().nullable(),
  isRecurrenceException: z.boolean(),
  attachments: z.array(attachmentSchema),
  version: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
  /**
   * Who made the latest change (`updatedAt`) and their name: the creator until someone else
   * edits, answers, completes or withdraws it; null when not known (a change from before this
   * was recorded, an account since deleted). Optional: clients of the spec ignore it.
   */
  updatedBy: z.number().int().nullable().optional(),
  updatedByName: z.string().nullable().optional(),
  /**
   * For the caller (docs/decisions/019): whether this plan reminds them (the shared rule with
   * their circle's setting and follows; the in-app reminder check reads it), and whether they
   * follow it. Optional: clients of the spec ignore them.
   */
  remindsMe: z.boolean().optional(),
  followedByMe: z.boolean().optional(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListOutput = z.array(planSchema);

export const completeOutput = z.object({ isCompleted: z.boolean(), event: planSchema });
export const respondOutput = z.object({ accepted: z.boolean(), event: planSchema });

export const pendingTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: instant,
  date: z.string(),
  circleId: z.number().int(),
  circleName: z.string(),
  circleColor: z.string(),
  isAssignedToMe: z.boolean(),
  isCreatedByMe: z.boolean(),
  creatorName: z.string(),
  assigneeName: z.string().nullable(),
  description: z.string().nullable(),
  /**
   * Which occurrence of a series this is (as planSchema names it), for opening that one; null
   * for a one-off task. Optional: clients of the spec ignore it.
   */
  originalStartTime: instant.nullable().optional(),
  originalDate: z.string().nullable().optional(),
});
export const pendingTasksOutput = z.array(pendingTaskSchema);

export const taskHistoryOutput = z.object({
  tasks: z.array(planSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  }),
});

export const expiredTasksOutput = z.object({ tasks: z.array(planSchema) });

export const calendarSummaryOutput = z.object({ summary: z.string() });

/**
 * One day of a month's grid: how many plans it holds, the colours of its first two (each plan's
 * own colour, else its circle's), in the order the day lists them, and its first three plans'
 * titles and colours (ours: a wide grid names them, "+N more" for the rest).
 */
export const calendarDaySchema = z.object({
  date: z.string(),
  count: z.number().int().positive(),
  colors: z.array(z.string()).max(2),
  previews: z.array(z.object({ title: z.string(), color: z.string() })).max(3),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/events/calendar/{yyyy-MM}/days: the month's grid, only the days that hold plans. */
export const calendarDaysOutput = z.object({
  month: z.string(),
  days: z.array(calendarDaySchema),
});
export type CalendarDays = z.infer<typeof calendarDaysOutput>;

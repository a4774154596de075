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
  id: z.number().int().describe("The attachment's id"),
  fileName: z.string().describe("The file's name"),
  contentType: z.string().describe("Its media type (`application/pdf`)"),
  size: z.number().int().describe("Its size in bytes"),
  /** The authorised route that serves it to the circle's members. */
  url: z.string().describe("The authorised route that serves it to the circle's members"),
  createdAt: instant.describe("When it was added (UTC instant)"),
});

export const planSchema = z.object({
  id: z.number().int().describe("The plan's id; for an occurrence of a series, the series' id"),
  title: z.string().describe("Title"),
  description: z.string().nullable().describe("Notes; null when none"),
  location: z.string().nullable().describe("Where, as text; null when not said"),
  locationLat: z.number().nullable().describe("Latitude; null when not known"),
  locationLng: z.number().nullable().describe("Longitude; null when not known"),
  locationPlaceId: z.string().nullable().describe("The map provider's id of the place; null"),
  mapUrl: z.string().nullable().describe("A link to the place on a map; null"),
  /** This occurrence's start (for an all-day plan: midnight of its day in the caller's zone). */
  startTime: instant.describe(
    "This occurrence's start (UTC instant). For an all-day plan: midnight of its day in the caller's zone",
  ),
  endTime: instant.nullable().describe("Its end (UTC instant); null when open-ended"),
  allDay: z
    .boolean()
    .describe("Whether it takes the whole day (then `date` is the day that counts)"),
  /** The occurrence's day in the caller's zone, `yyyy-MM-dd`. */
  date: z.string().describe("The occurrence's day in the caller's zone, `yyyy-MM-dd`"),
  type: z.enum(PLAN_TYPES).describe("event, task or todo"),
  circleId: z.number().int().describe("The circle's id"),
  circleName: z.string().describe("The circle's name"),
  circleColor: z.string().describe("The circle's colour, `#rrggbb`"),
  creatorId: z.number().int().describe("The user id of who created it"),
  creatorName: z.string().describe("Their full name"),
  assignedTo: z.number().int().nullable().describe("Tasks: the assignee's user id; null otherwise"),
  assigneeName: z.string().nullable().describe("The assignee's full name; null when not a task"),
  /** null: pending (or not a task); true accepted; false declined. */
  assignmentAccepted: z
    .boolean()
    .nullable()
    .describe("Tasks: null while pending (or not a task), true accepted, false declined"),
  /** The accept note or the decline reason, as the assignee wrote it (line breaks kept). */
  responseNote: z
    .string()
    .nullable()
    .describe("The accept note or the decline reason, as the assignee wrote it; null when none"),
  /** When the assignee answered; null while pending. Optional: clients of the spec ignore it. */
  respondedAt: instant
    .nullable()
    .optional()
    .describe("When the assignee answered (UTC instant); null while pending. Ours"),
  /** Tasks: pending, accepted, declined, completed or cancelled; null for other plans. */
  status: z
    .enum(TASK_STATUSES)
    .nullable()
    .describe("Tasks: pending, accepted, declined, completed or cancelled; null for other plans"),
  isCompleted: z.boolean().describe("Whether it is done (this occurrence, for a series)"),
  completedAt: instant.nullable().describe("When it was marked done (UTC instant); null when not"),
  completedBy: z
    .number()
    .int()
    .nullable()
    .describe("The user id of who marked it done; null when not"),
  reminderTimes: z.array(z.string()).describe('The reminders set, as phrases ("2 hours before")'),
  reminderMinutes: z
    .array(z.number().int())
    .describe("The same reminders in minutes before the start"),
  voiceNote: z.string().nullable().describe("The words it was dictated from; null"),
  eventColor: z.string().nullable().describe("Its own colour, `#rrggbb`; null: the circle's"),
  timeZone: z.string().describe("The IANA zone the plan's day and repeats are read in"),
  ...recurrenceAnswerFields,
  /** The rule in words ("Every 2 weeks on Monday and Friday"). */
  recurrencePattern: z
    .string()
    .nullable()
    .describe('The rule in words ("Every 2 weeks on Monday and Friday"); null for a one-off plan'),
  /** RFC 5545 text of the rule (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR`). */
  rrule: z
    .string()
    .nullable()
    .describe(
      "The rule as RFC 5545 text (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR`); null for a one-off plan",
    ),
  /** The occurrence's original start or day; null for a one-off plan. */
  originalStartTime: instant
    .nullable()
    .describe(
      "A series' occurrence: its original start (UTC instant), what an edit, delete or completion of this one sends back as `occurrenceStart`; null for a one-off plan",
    ),
  originalDate: z
    .string()
    .nullable()
    .describe(
      "An all-day occurrence: its original day, `yyyy-MM-dd` (`occurrenceDate`); null otherwise",
    ),
  isRecurrenceException: z
    .boolean()
    .describe("Whether this occurrence was edited apart from its series"),
  attachments: z.array(attachmentSchema).describe("Its files"),
  version: z
    .number()
    .int()
    .describe(
      "Grows with each change: send it back with an edit to be refused (409) rather than overwrite someone's newer change",
    ),
  createdAt: instant.describe("When it was created (UTC instant)"),
  updatedAt: instant.describe("When it last changed (UTC instant)"),
  /**
   * Who made the latest change (`updatedAt`) and their name: the creator until someone else
   * edits, answers, completes or withdraws it; null when not known (a change from before this
   * was recorded, an account since deleted). Optional: clients of the spec ignore it.
   */
  updatedBy: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("Ours: the user id of who made the latest change; null when not known"),
  updatedByName: z
    .string()
    .nullable()
    .optional()
    .describe("Ours: their full name; null when not known"),
  /**
   * For the caller (docs/decisions/019): whether this plan reminds them (the shared rule with
   * their circle's setting and follows; the in-app reminder check reads it), and whether they
   * follow it. Optional: clients of the spec ignore them.
   */
  remindsMe: z
    .boolean()
    .optional()
    .describe("Ours: whether this plan reminds the caller (their circle setting and follows)"),
  followedByMe: z
    .boolean()
    .optional()
    .describe("Ours: whether the caller follows it (notified of its changes)"),
});
export type Plan = z.infer<typeof planSchema>;

export const planListOutput = z.array(planSchema);

export const completeOutput = z.object({
  isCompleted: z.boolean().describe("Whether it is now done"),
  event: planSchema.describe("The plan as it now is"),
});
export const respondOutput = z.object({
  accepted: z.boolean().describe("Whether the task was accepted"),
  event: planSchema.describe("The task as it now is"),
});

export const pendingTaskSchema = z.object({
  id: z.number().int().describe("The task's id"),
  title: z.string().describe("Title"),
  startTime: instant.describe("Its start (UTC instant)"),
  date: z.string().describe("Its day in the caller's zone, `yyyy-MM-dd`"),
  circleId: z.number().int().describe("The circle's id"),
  circleName: z.string().describe("The circle's name"),
  circleColor: z.string().describe("The circle's colour, `#rrggbb`"),
  isAssignedToMe: z.boolean().describe("Whether the caller must answer it"),
  isCreatedByMe: z.boolean().describe("Whether the caller gave it"),
  creatorName: z.string().describe("Their full name"),
  assigneeName: z.string().nullable().describe("The assignee's full name; null when not a task"),
  description: z.string().nullable().describe("Notes; null"),
  /**
   * Which occurrence of a series this is (as planSchema names it), for opening that one; null
   * for a one-off task. Optional: clients of the spec ignore it.
   */
  originalStartTime: instant
    .nullable()
    .optional()
    .describe(
      "A series' occurrence: its original start (UTC instant), what an edit, delete or completion of this one sends back as `occurrenceStart`; null for a one-off plan",
    ),
  originalDate: z
    .string()
    .nullable()
    .optional()
    .describe(
      "An all-day occurrence: its original day, `yyyy-MM-dd` (`occurrenceDate`); null otherwise",
    ),
});
export const pendingTasksOutput = z.array(pendingTaskSchema);

export const taskHistoryOutput = z.object({
  tasks: z.array(planSchema).describe("The tasks, newest first"),
  pagination: z
    .object({
      page: z.number().int().describe("This page's number, from 1"),
      limit: z.number().int().describe("Tasks per page"),
      hasMore: z.boolean().describe("Whether a next page exists"),
    })
    .describe("Where this page is"),
});

export const expiredTasksOutput = z.object({
  tasks: z.array(planSchema).describe("The month's tasks whose time passed unanswered or undone"),
});

export const calendarSummaryOutput = z.object({
  summary: z.string().describe("The month in words"),
});

/**
 * One day of a month's grid: how many plans it holds, the colours of its first two (each plan's
 * own colour, else its circle's), in the order the day lists them, and its first three plans'
 * titles and colours (ours: a wide grid names them, "+N more" for the rest).
 */
export const calendarDaySchema = z.object({
  date: z.string().describe("The day, `yyyy-MM-dd`, in the caller's zone"),
  count: z.number().int().positive().describe("How many plans the day holds"),
  colors: z.array(z.string()).max(2).describe("The colours of its first two plans, `#rrggbb`"),
  previews: z
    .array(
      z.object({
        title: z.string().describe("The plan's title"),
        color: z.string().describe("Its colour (its own, else its circle's), `#rrggbb`"),
      }),
    )
    .max(3)
    .describe("Its first three plans' titles and colours"),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/events/calendar/{yyyy-MM}/days: the month's grid, only the days that hold plans. */
export const calendarDaysOutput = z.object({
  month: z.string().describe("The month, `yyyy-MM`"),
  days: z.array(calendarDaySchema).describe("Only the days that hold plans"),
});
export type CalendarDays = z.infer<typeof calendarDaysOutput>;

/**
 * A download of one's data (docs/decisions/014): profile, circles, plans and tasks with the list
 * of their attachments, in pages of a bounded size. A documented format of its own rather than
 * the screens' answers, so it can stay stable while screens change: a series is its stored rule
 * (RFC 5545 text), not its occurrences, and other people appear only by id.
 */
import * as z from "zod";
import { publicUserSchema } from "./auth-outputs";
import {
  CIRCLE_NOTIFY_LEVELS,
  CIRCLE_ROLES,
  CIRCLE_TYPES,
  PLAN_TYPES,
  TASK_STATUSES,
} from "./limits";
import { attachmentSchema } from "./plan-outputs";

const instant = z.date();

export const DATA_EXPORT_FORMAT = "circleplan-data-export";
export const DATA_EXPORT_VERSION = 1;

export const exportProfileSchema = publicUserSchema.extend({
  reminderPush: z.boolean().describe("Reminders by push: on or off"),
  reminderEmail: z.boolean().describe("Reminders by email: on or off"),
  digestEmail: z.boolean().describe("The morning digest by email: on or off"),
  changePush: z.boolean().describe("Push when plans that concern the user change: on or off"),
  /** Plans the user follows one by one (docs/decisions/019), by id. */
  followedPlanIds: z.array(z.number().int()).describe("Plans the user follows one by one, by id"),
});

/** A circle the user belongs to, with their place in it. */
export const exportCircleSchema = z.object({
  id: z.number().int().describe("The circle's id"),
  name: z.string().describe("The circle's name"),
  description: z.string().nullable().describe("What the circle is for; null: none"),
  type: z.enum(CIRCLE_TYPES).describe("personal, family, work or custom"),
  color: z.string().describe("The circle's colour, `#rrggbb`"),
  role: z.enum(CIRCLE_ROLES).describe("The user's role in it: admin or member"),
  isCreator: z.boolean().describe("Whether the user created it"),
  relationship: z
    .string()
    .nullable()
    .describe("How the inviter named the user's relationship; null: not said"),
  /** The user's own colour in the circle (docs/decisions/017). */
  memberColor: z.string().describe("The user's own colour in the circle, `#rrggbb`"),
  /** What the circle tells the user (docs/decisions/019). */
  notify: z
    .enum(CIRCLE_NOTIFY_LEVELS)
    .describe("What the circle tells the user: default, following or muted"),
  joinedAt: instant.describe("When the user joined (UTC instant)"),
});
export type ExportCircle = z.infer<typeof exportCircleSchema>;

/** A plan the user created or is assigned, as stored: a series once, with its rule. */
export const exportPlanSchema = z.object({
  id: z.number().int().describe("The plan's id (a series once)"),
  circleId: z.number().int().describe("The circle it is in"),
  type: z.enum(PLAN_TYPES).describe("event, task or todo"),
  title: z.string().describe("Title"),
  description: z.string().nullable().describe("Notes; null: none"),
  location: z.string().nullable().describe("Where, as text; null: not said"),
  locationLat: z.number().nullable().describe("Latitude; null: not known"),
  locationLng: z.number().nullable().describe("Longitude; null: not known"),
  mapUrl: z.string().nullable().describe("A link to the place on a map; null: none"),
  allDay: z.boolean().describe("Whether it takes whole days (then `startDate`/`endDate`)"),
  /** Timed plans: the first start and end (instants). */
  startTime: instant
    .nullable()
    .describe("Timed plans: the (first) start, UTC instant; null for an all-day plan"),
  endTime: instant
    .nullable()
    .describe("Timed plans: the (first) end, UTC instant; null: open-ended or all-day"),
  /** All-day plans: the first day and the last, `yyyy-MM-dd`. */
  startDate: z
    .string()
    .nullable()
    .describe("All-day plans: the (first) day, `yyyy-MM-dd`; null for a timed plan"),
  endDate: z
    .string()
    .nullable()
    .describe("All-day plans: the last day, `yyyy-MM-dd`; null for a timed plan"),
  timeZone: z.string().describe("The IANA zone its days and repeats are read in"),
  /** RFC 5545 text of a series' rule (`FREQ=WEEKLY;BYDAY=MO`); null for a one-off plan. */
  rrule: z
    .string()
    .nullable()
    .describe("A series' rule, RFC 5545 text (`FREQ=WEEKLY;BYDAY=MO`); null: a one-off plan"),
  reminderTimes: z.array(z.string()).describe('Reminder phrases ("1 hour before")'),
  voiceNote: z.string().nullable().describe("The sentence it was made from; null: none"),
  eventColor: z.string().nullable().describe("Its own colour, `#rrggbb`; null: the circle's"),
  createdByMe: z.boolean().describe("Whether the user created it"),
  assignedToMe: z.boolean().describe("Whether it is a task given to the user"),
  creatorId: z.number().int().describe("Its creator's user id"),
  assignedTo: z.number().int().nullable().describe("Tasks: the assignee's user id; null otherwise"),
  /** Tasks: pending, accepted, declined, completed or cancelled; null for other plans. */
  status: z
    .enum(TASK_STATUSES)
    .nullable()
    .describe("Tasks: pending, accepted, declined, completed or cancelled; null for other plans"),
  responseNote: z
    .string()
    .nullable()
    .describe("The assignee's accept note or decline reason; null: none"),
  respondedAt: instant
    .nullable()
    .describe("When the assignee answered (UTC instant); null: not yet"),
  isCompleted: z.boolean().describe("Whether it is completed"),
  completedAt: instant
    .nullable()
    .describe("When it was completed (UTC instant); null: not completed"),
  createdAt: instant.describe("When it was created (UTC instant)"),
  updatedAt: instant.describe("When it last changed (UTC instant)"),
  /** The files' names, types and sizes, and the route that serves each to the circle's members. */
  attachments: z
    .array(attachmentSchema)
    .describe("Its files: name, type, size and the route that serves each"),
});
export type ExportPlan = z.infer<typeof exportPlanSchema>;

/**
 * One page of the export. The first carries the profile; every page carries the next circles,
 * then the next plans, up to the page size; `nextPage` names the page after it, null at the end.
 */
export const dataExportPageOutput = z.object({
  format: z.literal(DATA_EXPORT_FORMAT).describe("Always `circleplan-data-export`"),
  version: z.literal(DATA_EXPORT_VERSION).describe("The format's version (1)"),
  exportedAt: instant.describe("When this page was made (UTC instant)"),
  profile: exportProfileSchema
    .nullable()
    .describe(
      "The user's profile and notification choices; on the first page only, null on the others",
    ),
  circles: z
    .array(exportCircleSchema)
    .describe("The next circles the user belongs to, in id order"),
  plans: z
    .array(exportPlanSchema)
    .describe(
      "The next plans the user created or is assigned, in id order, a series once with its rule",
    ),
  nextPage: z
    .string()
    .nullable()
    .describe("Send as `?page=` for the next page; null: this is the last"),
});
export type DataExportPage = z.infer<typeof dataExportPageOutput>;

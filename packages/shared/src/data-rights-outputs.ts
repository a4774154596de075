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
  reminderPush: z.boolean(),
  reminderEmail: z.boolean(),
  digestEmail: z.boolean(),
  changePush: z.boolean(),
  /** Plans the user follows one by one (docs/decisions/019), by id. */
  followedPlanIds: z.array(z.number().int()),
});

/** A circle the user belongs to, with their place in it. */
export const exportCircleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(CIRCLE_TYPES),
  color: z.string(),
  role: z.enum(CIRCLE_ROLES),
  isCreator: z.boolean(),
  relationship: z.string().nullable(),
  /** The user's own colour in the circle (docs/decisions/017). */
  memberColor: z.string(),
  /** What the circle tells the user (docs/decisions/019). */
  notify: z.enum(CIRCLE_NOTIFY_LEVELS),
  joinedAt: instant,
});
export type ExportCircle = z.infer<typeof exportCircleSchema>;

/** A plan the user created or is assigned, as stored: a series once, with its rule. */
export const exportPlanSchema = z.object({
  id: z.number().int(),
  circleId: z.number().int(),
  type: z.enum(PLAN_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  mapUrl: z.string().nullable(),
  allDay: z.boolean(),
  /** Timed plans: the first start and end (instants). */
  startTime: instant.nullable(),
  endTime: instant.nullable(),
  /** All-day plans: the first day and the last, `yyyy-MM-dd`. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  timeZone: z.string(),
  /** RFC 5545 text of a series' rule (`FREQ=WEEKLY;BYDAY=MO`); null for a one-off plan. */
  rrule: z.string().nullable(),
  reminderTimes: z.array(z.string()),
  voiceNote: z.string().nullable(),
  eventColor: z.string().nullable(),
  createdByMe: z.boolean(),
  assignedToMe: z.boolean(),
  creatorId: z.number().int(),
  assignedTo: z.number().int().nullable(),
  /** Tasks: pending, accepted, declined, completed or cancelled; null for other plans. */
  status: z.enum(TASK_STATUSES).nullable(),
  responseNote: z.string().nullable(),
  respondedAt: instant.nullable(),
  isCompleted: z.boolean(),
  completedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** The files' names, types and sizes, and the route that serves each to the circle's members. */
  attachments: z.array(attachmentSchema),
});
export type ExportPlan = z.infer<typeof exportPlanSchema>;

/**
 * One page of the export. The first carries the profile; every page carries the next circles,
 * then the next plans, up to the page size; `nextPage` names the page after it, null at the end.
 */
export const dataExportPageOutput = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exportedAt: instant,
  profile: exportProfileSchema.nullable(),
  circles: z.array(exportCircleSchema),
  plans: z.array(exportPlanSchema),
  nextPage: z.string().nullable(),
});
export type DataExportPage = z.infer<typeof dataExportPageOutput>;

/**
 * An entry of the change feed as both doors answer it (docs/decisions/017, "The change feed"):
 * who changed what in a circle, when, and what it was before and after, in values a person can
 * read. People are named as they are now: an account deleted since answers null.
 */
import * as z from "zod";
import {
  ACTIVITY_KINDS,
  ACTIVITY_NAMED_FIELDS,
  ACTIVITY_SCOPES,
  type ActivityNamedField,
  CIRCLE_ROLES,
  type CircleRole,
} from "./limits";

const person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });
export type ActivityPerson = z.infer<typeof person>;

/**
 * What an entry says about a plan or a member before or after the change; only the fields the
 * change touched (all of them for a plan created or deleted). `start` and `end` are a day
 * (`YYYY-MM-DD`) for an all-day plan, else an instant (ISO 8601, UTC): the reader writes them
 * in its own zone.
 */
export const activityValuesSchema = z.object({
  title: z.string().optional(),
  start: z.string().nullable().optional(),
  end: z.string().nullable().optional(),
  place: z.string().nullable().optional(),
  /** The assignee; null when nobody (or an account since deleted). */
  assignee: person.nullable().optional(),
  /** How a series repeats, in words (the plans' `recurrencePattern`); null for a one-off plan. */
  repeat: z.string().nullable().optional(),
  /** An acceptance's note, or a decline's reason. */
  note: z.string().nullable().optional(),
  role: z.enum(CIRCLE_ROLES).optional(),
  /** Invitations sent by one request. */
  invitations: z.number().int().optional(),
  /** What a member's departure took with it: the plans they made, the tasks given to them. */
  plansDeleted: z.number().int().optional(),
  tasksWithdrawn: z.number().int().optional(),
  /** What a calendar import wrote (docs/decisions/027): plans added, and plans updated. */
  plansImported: z.number().int().optional(),
  plansUpdated: z.number().int().optional(),
  /** Other fields the change touched, by name. */
  changed: z.array(z.enum(ACTIVITY_NAMED_FIELDS)).optional(),
});
export type ActivityValues = z.infer<typeof activityValuesSchema>;

/** The values as stored: people by user id, named when read. */
export interface StoredActivityValues {
  title?: string;
  start?: string | null;
  end?: string | null;
  place?: string | null;
  assigneeId?: number | null;
  repeat?: string | null;
  note?: string | null;
  role?: CircleRole;
  invitations?: number;
  plansDeleted?: number;
  tasksWithdrawn?: number;
  plansImported?: number;
  plansUpdated?: number;
  changed?: ActivityNamedField[];
}

export const activityEntrySchema = z.object({
  id: z.number().int(),
  circleId: z.number().int(),
  /** Who made the change; null when the system did, or the account is gone. */
  actor: person.nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The plan an entry is about (it may be gone since); null for member and invitation entries. */
  planId: z.number().int().nullable(),
  /** The occurrence a plan entry opens on, by original start (timed) or date (all-day). */
  occurrenceStart: z.date().nullable(),
  occurrenceDate: z.string().nullable(),
  /** Which occurrences of a series the change applied to; null for a one-off plan. */
  scope: z.enum(ACTIVITY_SCOPES).nullable(),
  /** The plan's title when the change was made; null for member and invitation entries. */
  title: z.string().nullable(),
  /** The member a member entry is about (who joined, left, was removed, promoted...). */
  member: person.nullable(),
  before: activityValuesSchema.nullable(),
  after: activityValuesSchema.nullable(),
  createdAt: z.date(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageOutput = z.object({
  entries: z.array(activityEntrySchema),
  /** Hand back as `cursor` for the next, older page; null when this is the last. */
  nextCursor: z.string().nullable(),
});
export type ActivityPageOutput = z.infer<typeof activityPageOutput>;

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

const person = z.object({
  id: z.number().int().describe("The person's user id"),
  firstName: z.string().describe("First name, as it is now"),
  lastName: z.string().describe("Last name, as it is now"),
});
export type ActivityPerson = z.infer<typeof person>;

/**
 * What an entry says about a plan or a member before or after the change; only the fields the
 * change touched (all of them for a plan created or deleted). `start` and `end` are a day
 * (`YYYY-MM-DD`) for an all-day plan, else an instant (ISO 8601, UTC): the reader writes them
 * in its own zone.
 */
export const activityValuesSchema = z.object({
  title: z.string().optional().describe("The plan's title (a circle's name for `circle_edited`)"),
  start: z
    .string()
    .nullable()
    .optional()
    .describe(
      "When it starts: a day `yyyy-MM-dd` for an all-day plan, else an instant (ISO 8601, UTC)",
    ),
  end: z.string().nullable().optional().describe("When it ends, as `start`; null: no end time"),
  place: z.string().nullable().optional().describe("The plan's location; null: none"),
  /** The assignee; null when nobody (or an account since deleted). */
  assignee: person
    .nullable()
    .optional()
    .describe("Who the task is given to; null: nobody (or an account deleted since)"),
  /** How a series repeats, in words (the plans' `recurrencePattern`); null for a one-off plan. */
  repeat: z
    .string()
    .nullable()
    .optional()
    .describe('How the series repeats, in words ("Every week on Monday"); null: a one-off plan'),
  /** An acceptance's note, or a decline's reason. */
  note: z
    .string()
    .nullable()
    .optional()
    .describe("The note of an acceptance or the reason of a decline"),
  role: z.enum(CIRCLE_ROLES).optional().describe("The member's role: admin or member"),
  /** Invitations sent by one request. */
  invitations: z.number().int().optional().describe("How many invitations one request sent"),
  /** What a member's departure took with it: the plans they made, the tasks given to them. */
  plansDeleted: z
    .number()
    .int()
    .optional()
    .describe("Plans a departing member had made, deleted with their departure"),
  tasksWithdrawn: z
    .number()
    .int()
    .optional()
    .describe("Tasks given to a departing member, withdrawn with their departure"),
  /** What a calendar import wrote (docs/decisions/027): plans added, and plans updated. */
  plansImported: z.number().int().optional().describe("Plans a calendar import added"),
  plansUpdated: z
    .number()
    .int()
    .optional()
    .describe("Plans a calendar import updated from a newer version of the file"),
  /** Other fields the change touched, by name. */
  changed: z
    .array(z.enum(ACTIVITY_NAMED_FIELDS))
    .optional()
    .describe("Other fields the change touched, named without their values"),
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
  id: z.number().int().describe("The entry's id"),
  circleId: z.number().int().describe("The circle the change was made in"),
  /** Who made the change; null when the system did, or the account is gone. */
  actor: person
    .nullable()
    .describe("Who made the change; null: the system, or an account deleted since"),
  kind: z
    .enum(ACTIVITY_KINDS)
    .describe("What kind of change (`plan_created`, `task_declined`, `member_joined`...)"),
  /** The plan an entry is about (it may be gone since); null for member and invitation entries. */
  planId: z
    .number()
    .int()
    .nullable()
    .describe(
      "The plan it is about (perhaps deleted since); null for member and invitation entries",
    ),
  /** The occurrence a plan entry opens on, by original start (timed) or date (all-day). */
  occurrenceStart: z
    .date()
    .nullable()
    .describe(
      "The occurrence of a timed plan it opens on, by its original start (UTC instant); null otherwise",
    ),
  occurrenceDate: z
    .string()
    .nullable()
    .describe("The occurrence of an all-day plan it opens on, `yyyy-MM-dd`; null otherwise"),
  /** Which occurrences of a series the change applied to; null for a one-off plan. */
  scope: z
    .enum(ACTIVITY_SCOPES)
    .nullable()
    .describe(
      "Which occurrences of a series changed: one, this and following, or all; null: a one-off plan",
    ),
  /** The plan's title when the change was made; null for member and invitation entries. */
  title: z
    .string()
    .nullable()
    .describe("The plan's title when the change was made; null for member and invitation entries"),
  /** The member a member entry is about (who joined, left, was removed, promoted...). */
  member: person
    .nullable()
    .describe(
      "The member a member entry is about (who joined, left, was removed or promoted); null otherwise",
    ),
  before: activityValuesSchema
    .nullable()
    .describe("What the changed fields were before; null when nothing was (a plan created)"),
  after: activityValuesSchema
    .nullable()
    .describe("What the changed fields are after; null when nothing is (a plan deleted)"),
  createdAt: z.date().describe("When the change was made (UTC instant)"),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageOutput = z.object({
  entries: z.array(activityEntrySchema).describe("The page's entries, newest first"),
  /** Hand back as `cursor` for the next, older page; null when this is the last. */
  nextCursor: z
    .string()
    .nullable()
    .describe("Send as `cursor` for the next, older page; null: this is the last"),
});
export type ActivityPageOutput = z.infer<typeof activityPageOutput>;

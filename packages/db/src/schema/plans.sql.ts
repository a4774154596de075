import { PLAN_TYPES } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { planSearchDocument } from "../search-text";
import { users } from "./accounts.sql";
import { circles } from "./circles.sql";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One table for events, tasks and to-dos (plans spec, section 3). A plan with an assignee is a
 * task. A recurring plan is stored once, as a series (`recurrence`); its occurrences and their
 * exceptions live in the tables beside it (see core/src/plans/recurrence*).
 *
 * Timed plans are instants (`starts_at`, UTC); all-day plans are calendar dates (`start_date`),
 * never midnight instants, so they stay on their day in every time zone. `time_zone` is the zone
 * the plan was made in: a series repeats at the same wall-clock time there, across DST.
 */
export const plans = pgTable(
  "plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: PLAN_TYPES }).notNull(),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    locationLat: doublePrecision("location_lat"),
    locationLng: doublePrecision("location_lng"),
    locationPlaceId: text("location_place_id"),
    mapUrl: text("map_url"),
    allDay: boolean("all_day").notNull().default(false),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The user a task is assigned to; null for events and to-dos. */
    assignedTo: integer("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** null: pending; true: accepted; false: declined (the spec's assignmentAccepted). */
    assignmentAccepted: boolean("assignment_accepted"),
    /** The accept note or the decline reason. */
    responseNote: text("response_note"),
    respondedAt: instant("responded_at"),
    /** Set when the creator withdrew the assignment (POST /api/tasks/{id}/cancel). */
    cancelledAt: instant("cancelled_at"),
    /** Who the assignment was withdrawn from, for the history's "cancelled" line. */
    cancelledAssignee: integer("cancelled_assignee").references(() => users.id, {
      onDelete: "set null",
    }),
    isCompleted: boolean("is_completed").notNull().default(false),
    completedAt: instant("completed_at"),
    completedBy: integer("completed_by").references(() => users.id, { onDelete: "set null" }),
    /** Reminder phrases as chosen ("2 hours before"); minutes are derived. */
    reminderTimes: jsonb("reminder_times").$type<string[]>().notNull().default([]),
    voiceNote: text("voice_note"),
    eventColor: text("event_color"),
    /** The series' rule (our structured form; RRULE text is derived), or null for one-off plans. */
    recurrence: jsonb("recurrence").$type<Record<string, unknown>>(),
    /**
     * A series' written window (docs/decisions/016-bounded-work.md): every occurrence whose
     * original start lies in [expanded_from, expanded_until) is a row of plan_occurrences (an
     * all-day series' original date read as its UTC midnight); outside it only occurrences with
     * state of their own are rows, and reads expand the rule in memory. Null `expanded_from`:
     * written from the first occurrence; null `expanded_until`: written to the last (one-off
     * plans: both null). The scheduled job moves the window forward with time.
     */
    expandedFrom: instant("expanded_from"),
    expandedUntil: instant("expanded_until"),
    /**
     * Who made the plan's latest change (what `updated_at` dates): its creator on creation, then
     * whoever edited, answered, completed or withdrew it. Null when not known (a change made
     * before this was recorded) or the account is gone.
     */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Where an imported plan came from (docs/decisions/027): the source event's UID, and for one
     * occurrence of a rule the product cannot express, that occurrence's original start (ISO
     * instant, or date). Null for plans made in the app, which an import never touches.
     */
    importUid: text("import_uid"),
    importInstance: text("import_instance"),
    /** The source's SEQUENCE and LAST-MODIFIED when imported: a newer one updates the plan. */
    importSequence: integer("import_sequence"),
    importModified: instant("import_modified"),
    /** Bumped on every change: an edit based on an older version answers 409, never overwrites. */
    version: integer("version").notNull().default(1),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("plans_circle_start_idx").on(t.circleId, t.startsAt),
    index("plans_circle_date_idx").on(t.circleId, t.startDate),
    index("plans_assigned_to_idx").on(t.assignedTo),
    index("plans_creator_idx").on(t.creatorId),
    index("plans_circle_expanded_until_idx")
      .on(t.circleId, t.expandedUntil)
      .where(sql`${t.expandedUntil} is not null`),
    index("plans_circle_expanded_from_idx")
      .on(t.circleId, t.expandedFrom)
      .where(sql`${t.expandedFrom} is not null`),
    // Every view leaves out the tasks withdrawn from its viewer (occurrences.ts hiddenFrom).
    index("plans_withdrawn_from_idx")
      .on(t.cancelledAssignee)
      .where(sql`${t.cancelledAt} is not null`),
    // One plan per source event (and occurrence) per circle: a re-import finds it (decision 027).
    uniqueIndex("plans_import_key")
      .on(t.circleId, t.importUid, sql`coalesce(${t.importInstance}, '')`)
      .where(sql`${t.importUid} is not null`),
    // Search by words (docs/decisions/020): the same expression search-plans.ts matches.
    index("plans_search_idx").using(
      "gin",
      planSearchDocument({
        title: sql`${t.title}`,
        description: sql`${t.description}`,
        location: sql`${t.location}`,
      }),
    ),
  ],
);

/** What one occurrence of a series changes from the series (title, place, reminders...). */
export interface OccurrenceOverrides {
  title?: string;
  description?: string | null;
  location?: string | null;
  locationLat?: number | null;
  locationLng?: number | null;
  locationPlaceId?: string | null;
  mapUrl?: string | null;
  reminderTimes?: string[];
  eventColor?: string | null;
  voiceNote?: string | null;
}

/**
 * How long a timed occurrence may run and still be found by its start alone: a read looks this
 * far back on the start index for one that began before its range and runs into it (an evening
 * plan past midnight). Longer ones are few and have an index by their end.
 */
export const SHORT_SPAN = "12 hours";

/**
 * Every plan's occurrences, written when the plan is written, so that reading a range is one
 * indexed query and never expands a rule (docs/decisions/009). A one-off plan has one row; a
 * series has one per occurrence in its written window (`plans.expanded_from` to
 * `plans.expanded_until`, docs/decisions/016), and one for each occurrence with state of its own.
 *
 * An occurrence is named by its original start (`original_start`; for an all-day series its
 * original date, `original_date`), which never changes: moving it changes `starts_at` /
 * `start_date`. Rows that differ from their series (moved or edited, cancelled, or completed
 * on their own) are its exceptions; rewriting a series keeps those whose original start it still
 * has. A one-off plan's row has neither original.
 */
export const planOccurrences = pgTable(
  "plan_occurrences",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    /** The plan's circle, repeated here so a range read by circle needs no join to filter. */
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    originalStart: instant("original_start"),
    originalDate: date("original_date", { mode: "string" }),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    /** Moved or edited on its own (isRecurrenceException). */
    isException: boolean("is_exception").notNull().default(false),
    /** Deleted on its own: kept so that rewriting the series does not bring it back. */
    isCancelled: boolean("is_cancelled").notNull().default(false),
    overrides: jsonb("overrides").$type<OccurrenceOverrides>(),
    /** Completed or reopened on its own; null: as the plan. */
    isCompleted: boolean("is_completed"),
    completedAt: instant("completed_at"),
    completedBy: integer("completed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("plan_occurrences_original_start_key").on(t.planId, t.originalStart),
    uniqueIndex("plan_occurrences_original_date_key").on(t.planId, t.originalDate),
    index("plan_occurrences_circle_start_idx")
      .on(t.circleId, t.startsAt)
      .where(sql`${t.isCancelled} = false`),
    index("plan_occurrences_circle_date_idx")
      .on(t.circleId, t.startDate)
      .where(sql`${t.isCancelled} = false`),
    // The reminder job's reads: what starts in a window, whichever circle (reminders issue).
    index("plan_occurrences_start_idx").on(t.startsAt).where(sql`${t.isCancelled} = false`),
    index("plan_occurrences_date_idx").on(t.startDate).where(sql`${t.isCancelled} = false`),
    // Reads find occurrences that overlap a range (core occurrence-sql.ts overlapsRange): the
    // short ones by start, these few by where they end.
    index("plan_occurrences_circle_long_end_idx")
      .on(t.circleId, t.endsAt)
      .where(
        sql`${t.isCancelled} = false and ${t.endsAt} - ${t.startsAt} > interval '${sql.raw(SHORT_SPAN)}'`,
      ),
    index("plan_occurrences_circle_days_end_idx")
      .on(t.circleId, t.endDate)
      .where(sql`${t.isCancelled} = false and ${t.endDate} > ${t.startDate}`),
  ],
);

/** Files attached to a plan, kept in object storage by key (readable by the circle's members). */
export const planAttachments = pgTable(
  "plan_attachments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("plan_attachments_plan_idx").on(t.planId)],
);

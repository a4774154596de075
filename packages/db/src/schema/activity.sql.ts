import type { StoredActivityValues } from "@circleplan/shared/activity-outputs";
import { ACTIVITY_KINDS, ACTIVITY_SCOPES } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { circles } from "./circles.sql";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The change feed (docs/decisions/017, "The change feed"): one row per change to a circle's
 * plans, tasks, members and invitations, written in the transaction that makes the change
 * (core/src/activity/record.ts), kept ACTIVITY_KEPT_DAYS. The ids increase with every entry,
 * so a circle's latest id is its version, and the oldest entries have the lowest ids: the
 * retention sweep reads them by primary key (housekeeping.ts), and the one other index is the
 * pages' (a second index on created_at would tempt the planner away from it).
 *
 * People (`actor_id`, `member_id`, an assignee in the values) and the plan are kept by id with
 * no foreign key: a deleted account or plan must not rewrite the feed (nor scan it to set nulls),
 * and ids are never reused, so a reader's join simply finds nobody. Only the circle cascades:
 * a deleted circle's feed has no reader left.
 */
export const circleActivity = pgTable(
  "circle_activity",
  {
    // bigint: at 100,000 families' pace an integer would run out in about a year.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    /** Who made the change; null when the system did (or nobody the circle may name). */
    actorId: integer("actor_id"),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    planId: integer("plan_id"),
    /** The occurrence a plan entry is about: original start (timed) or date (all-day). */
    occurrenceStart: instant("occurrence_start"),
    occurrenceDate: date("occurrence_date", { mode: "string" }),
    scope: text("scope", { enum: ACTIVITY_SCOPES }),
    title: text("title"),
    /** The member a member entry is about. */
    memberId: integer("member_id"),
    before: jsonb("before").$type<StoredActivityValues>(),
    after: jsonb("after").$type<StoredActivityValues>(),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    // A page of one circle, newest first, from a cursor, since the reader joined: one range
    // scan, read backwards (ascending, so `order by created_at desc, id desc` matches it,
    // nulls and all; drizzle's desc() would write NULLS LAST, which that order cannot use).
    index("circle_activity_circle_page_idx").on(t.circleId, t.createdAt, t.id),
    // The recorder keeps each entry small (texts cut, fields named); the table holds the line.
    check(
      "circle_activity_values_small",
      sql`octet_length(coalesce(${t.before}::text, '')) + octet_length(coalesce(${t.after}::text, '')) <= 8192`,
    ),
  ],
);

import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.sql";
import { circleActivity } from "./activity.sql";
import { invitations } from "./circles.sql";
import { plans } from "./plans.sql";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A member following one plan's changes (docs/decisions/019). Goes with the plan and the
 * account by cascade, and with the membership of the plan's circle (member-departure.ts).
 */
export const planFollows = pgTable(
  "plan_follows",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.userId] }),
    index("plan_follows_user_idx").on(t.userId),
  ],
);

export const INBOX_PUSH_STATUSES = ["pending", "sent", "none", "failed"] as const;

/**
 * What concerns one person (docs/decisions/019): a feed entry the notification rule names them
 * for, queued in the transaction that records it (core/src/inbox/queue-inbox.ts), or an
 * invitation to them. Goes with its entry (so with the feed's 90 days, a deleted circle, an
 * account's entries), its invitation, and its reader's account. Push for changes is sent from
 * `push_status`, coalesced per reader and actor (core/src/inbox/change-push.ts).
 */
export const inboxItems = pgTable(
  "inbox_items",
  {
    // bigint: a feed entry may make up to a circle's members' worth of rows.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: one would lock each reader's row (KEY SHARE) in every change's transaction,
    // so a change would wait for, deadlock with, or fail after a reader's account deletion.
    // Deleting an account deletes its rows (delete-account.ts); ids are never reused.
    userId: integer("user_id").notNull(),
    activityId: bigint("activity_id", { mode: "number" }).references(() => circleActivity.id, {
      onDelete: "cascade",
    }),
    invitationId: integer("invitation_id").references(() => invitations.id, {
      onDelete: "cascade",
    }),
    /** The entry's or invitation's circle (both go with it): a departure clears the reader's. */
    circleId: integer("circle_id").notNull(),
    /** Who made the change or sent the invitation; push is coalesced by it. */
    actorId: integer("actor_id"),
    createdAt: instant("created_at").notNull(),
    readAt: instant("read_at"),
    pushStatus: text("push_status", { enum: INBOX_PUSH_STATUSES }).notNull(),
    pushClaimedUntil: instant("push_claimed_until"),
    pushAttempts: integer("push_attempts").notNull().default(0),
  },
  (t) => [
    // A reader's pages, newest first from a cursor (read backwards, as the feed's).
    index("inbox_items_page_idx").on(t.userId, t.createdAt, t.id),
    index("inbox_items_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // One row per entry and reader; also what the feed's retention cascades through.
    uniqueIndex("inbox_items_activity_key").on(t.activityId, t.userId),
    uniqueIndex("inbox_items_invitation_key").on(t.invitationId),
    // The invitations' own retention (entries' rows go with their entries).
    index("inbox_items_invitation_age_idx")
      .on(t.createdAt)
      .where(sql`${t.invitationId} is not null`),
    index("inbox_items_push_pending_idx")
      .on(t.userId, t.actorId, t.createdAt)
      .where(sql`${t.pushStatus} = 'pending'`),
    check("inbox_items_one_subject", sql`(${t.activityId} is null) <> (${t.invitationId} is null)`),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.sql";
import { plans } from "./plans.sql";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A device that allowed push (a browser's PushSubscription): its push service endpoint and the
 * keys its payloads are encrypted for. Removed when the push service answers that it is gone
 * (404/410) and when its user signs the device out of notifications.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), as PushSubscription gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** Which browser, shown next to the device in the profile (truncated). */
    userAgent: text("user_agent"),
    createdAt: instant("created_at").notNull().defaultNow(),
    lastSentAt: instant("last_sent_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Exactly once: one row per (plan occurrence, reminder, recipient, due time), written in the
 * transaction that queues its mail, so overlapping or retried runs find it taken. Push is sent
 * after commit from the row's `push_status`, claimed with a lease so a run that dies half-way
 * leaves what it did not send for the next run.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    /** The occurrence: its original start (ISO instant) or original date; "" for a one-off plan. */
    occurrenceKey: text("occurrence_key").notNull(),
    /** The reminder's offset (REMINDER_MINUTES). */
    minutes: integer("minutes").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When it fell due: a plan moved later falls due again, once, at its new time. */
    dueAt: instant("due_at").notNull(),
    pushStatus: text("push_status", { enum: ["pending", "sent", "none", "failed"] }).notNull(),
    emailStatus: text("email_status", { enum: ["queued", "none", "capped"] }).notNull(),
    claimedUntil: instant("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reminder_deliveries_key").on(
      t.planId,
      t.occurrenceKey,
      t.minutes,
      t.userId,
      t.dueAt,
    ),
    index("reminder_deliveries_push_pending_idx").on(t.id).where(sql`${t.pushStatus} = 'pending'`),
    index("reminder_deliveries_created_idx").on(t.createdAt),
  ],
);

/** One morning digest per user and day (the user's own calendar day). */
export const digestDeliveries = pgTable(
  "digest_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("digest_deliveries_key").on(t.userId, t.day)],
);

/** How far each scheduled job has run: the next run takes what fell due since then. */
export const scheduledRuns = pgTable("scheduled_runs", {
  job: text("job").primaryKey(),
  ranThrough: instant("ran_through").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

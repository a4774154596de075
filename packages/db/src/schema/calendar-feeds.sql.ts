import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.sql";
import { circles } from "./circles.sql";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Secret iCalendar feed addresses (docs/decisions/026-calendar-feeds.md): one live feed per
 * user and circle, or per user for all their circles (`circle_id` null). Only the SHA-256 of
 * the token is kept, so an address is shown once, when made; making a new one replaces the row.
 * The feed follows its owner's access when read; the row goes with the account, the circle,
 * and the owner's membership of the circle (member-departure.ts).
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The one circle the feed shows; null: every circle of its owner's. */
    circleId: integer("circle_id").references(() => circles.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the token in the address. */
    tokenHash: text("token_hash").notNull(),
    createdAt: instant("created_at").notNull(),
    /** When a calendar app last fetched it (at most once a minute is written). */
    lastReadAt: instant("last_read_at"),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_key").on(t.tokenHash),
    // One live feed per (user, circle or all): the all-circles feed counts as circle 0.
    uniqueIndex("calendar_feeds_user_circle_key").on(t.userId, sql`coalesce(${t.circleId}, 0)`),
    index("calendar_feeds_circle_idx").on(t.circleId),
  ],
);

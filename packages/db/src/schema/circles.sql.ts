import {
  CIRCLE_NOTIFY_LEVELS,
  CIRCLE_ROLES,
  CIRCLE_TYPES,
  INVITATION_STATUSES,
  MEMBER_COLORS,
} from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.sql";

export const circles = pgTable(
  "circles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type", { enum: CIRCLE_TYPES }).notNull(),
    color: text("color").notNull(),
    /** Where the photo lives in storage (a key, not a URL: URLs are signed per answer). */
    photoKey: text("photo_key"),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every user has exactly one personal circle; the database holds that line too.
    uniqueIndex("circles_one_personal_per_user").on(t.creatorId).where(sql`${t.type} = 'personal'`),
  ],
);

export const circleMembers = pgTable(
  "circle_members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CIRCLE_ROLES }).notNull(),
    relationship: text("relationship"),
    /**
     * The member's colour in this circle (docs/decisions/017). Joining by invitation picks the
     * first free one; a circle's first member, its creator, gets the first (this default).
     */
    color: text("color").notNull().default(MEMBER_COLORS[0].value),
    /**
     * What this circle tells the member (docs/decisions/019): on the membership, so it ends with
     * it and a new membership starts from the default.
     */
    notify: text("notify", { enum: CIRCLE_NOTIFY_LEVELS }).notNull().default("default"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("circle_members_circle_user_key").on(t.circleId, t.userId),
    index("circle_members_user_idx").on(t.userId),
  ],
);

/**
 * An invitation to join a circle, addressed to an email. The token the link carries is stored
 * only as its SHA-256: a copy of this table opens no invitation.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    circleId: integer("circle_id")
      .notNull()
      .references(() => circles.id, { onDelete: "cascade" }),
    /** Stored lower-cased, like account emails: matched case-insensitively through that. */
    email: text("email").notNull(),
    message: text("message"),
    relationship: text("relationship"),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    /** Null once the inviter's account is gone; the invitation still stands. */
    inviterId: integer("inviter_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    // One open invitation per address and circle; an expired one is cleared before a new one.
    uniqueIndex("invitations_one_pending_per_email")
      .on(t.circleId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index("invitations_email_idx").on(t.email),
  ],
);

/**
 * Storage objects whose rows are gone (a deleted circle's photo, a replaced profile photo).
 * Written in the transaction that drops the row, removed from storage after commit; what fails
 * then stays here and the scheduled job retries it, so no photo outlives its circle.
 */
export const storageGarbage = pgTable("storage_garbage", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  attempts: integer("attempts").notNull().default(0),
});

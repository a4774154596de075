import { CIRCLE_ROLES, CIRCLE_TYPES } from "@circleplan/shared/limits";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("circle_members_circle_user_key").on(t.circleId, t.userId),
    index("circle_members_user_idx").on(t.userId),
  ],
);

import { GENDERS, TIME_FORMATS, WEEK_STARTS } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased; unique case-insensitively through that. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    username: text("username").notNull(),
    gender: text("gender", { enum: GENDERS }).notNull(),
    country: text("country").notNull(),
    city: text("city").notNull(),
    phoneNumber: text("phone_number").notNull(),
    /** Where the photo lives in storage (a key, not a URL: URLs are signed per answer). */
    photoKey: text("photo_key"),
    /** IANA zone name (`Europe/Berlin`): every "today", recurrence and reminder reads it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * How times read on screens, in mails and notifications (issue 21). Null until the person
     * chooses: the spec's own clocks then, HH:mm on screens and h:mm a in reminders
     * (`screenClock` / `reminderClock` in shared/days.ts).
     */
    timeFormat: text("time_format", { enum: TIME_FORMATS }),
    /** The first day of the week on every screen (issue 21): the spec's Sunday by default. */
    weekStart: text("week_start", { enum: WEEK_STARTS }).notNull().default("sunday"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** A new address the user asked for, applied once its confirmation link is opened. */
    pendingEmail: text("pending_email"),
    /** Reminders by push to the devices that allowed it (reminders issue; docs/decisions/011). */
    reminderPush: boolean("reminder_push").notNull().default(true),
    /** Reminders by email. */
    reminderEmail: boolean("reminder_email").notNull().default(true),
    /** The morning digest at 07:00 in the user's zone: asked for, not sent unasked. */
    digestEmail: boolean("digest_email").notNull().default(false),
    /** Push for changes to plans that concern the user (docs/decisions/019). */
    changePush: boolean("change_push").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_username_key").on(t.username),
    // The morning digest's read: who asked for it, by zone (their 07:00 falls due together).
    index("users_digest_zone_idx").on(t.timeZone).where(sql`${t.digestEmail}`),
  ],
);

/**
 * Lucia's session table. The id is the SHA-256 of the token the cookie carries, never the token:
 * a copy of this table opens no session.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Sign-in time: the absolute lifetime counts from here. */
    createdAt: createdAt(),
    /** The browser that signed in, shown in the list of one's sessions (truncated). */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** A link that proves the user reads `email`: the sign-up address or a requested new one. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** SHA-256 of the token; the token itself exists only in the mail. */
    tokenHash: text("token_hash").notNull(),
    /**
     * A resent sign-up link: whoever opens it sets the password, so someone who registered
     * another person's address cannot keep the account once its owner proves the mailbox.
     */
    requiresNewPassword: boolean("requires_new_password").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * When the address was proved with this link or another for it. A used link is kept until
     * it expires so that opening it again says "already verified" rather than "invalid".
     */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_hash_key").on(t.tokenHash),
    index("email_verification_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** HMAC-SHA256 of the code under the app's secret key (a plain hash of 6 digits is no secret). */
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_codes_user_idx").on(t.userId)],
);

/**
 * Failed sign-ins of one account from one client address, with exponential backoff once the
 * free attempts are spent. Keyed by both so an attacker elsewhere cannot lock the owner out.
 */
export const loginThrottles = pgTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every server instance (Lambda containers included). */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Every message is written here in the same transaction as the change that caused it, then
 * delivered. In sandbox mode this table is the dev mailbox.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    /**
     * Extra headers the message carries (List-Unsubscribe and List-Unsubscribe-Post on reminder
     * and digest mail, RFC 8058); null for mail that needs none.
     */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** `suppressed`: never sent, the address bounced or complained (mail_suppressions). */
    status: text("status", { enum: ["pending", "sent", "failed", "sandbox", "suppressed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * A deliverer's claim: rows are taken with FOR UPDATE SKIP LOCKED and leased until this
     * time, so two deliverers (Lambda instances, the scheduled job) never send one twice, and
     * a row whose deliverer died is picked up again once the lease runs out.
     */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.status).where(sql`${t.status} = 'pending'`)],
);

/**
 * Addresses mail is no longer sent to: SES reported a permanent bounce or a complaint (the
 * MailEvents function records them; docs/decisions/015-first-deploy.md). Sending on to them
 * costs the sender's reputation and, past SES's limits, the account's right to send at all.
 */
export const mailSuppressions = pgTable("mail_suppressions", {
  /** Lower-cased, as the outbox compares it. */
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["bounce", "complaint"] }).notNull(),
  /** What SES said (the bounce's type and subtype, the complaint's feedback type). */
  detail: text("detail"),
  createdAt: createdAt(),
});

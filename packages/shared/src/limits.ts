/** Business constants and limits from the product specification (section 9 of both documents). */

export const PASSWORD_MIN_LENGTH = 10;
export const EMAIL_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 100;
export const NAME_MAX_LENGTH = 50;
/** A typed city (the spec leaves it open; docs/decisions/021): room for any real town's name. */
export const CITY_MAX_LENGTH = 100;
export const OTP_LENGTH = 6;

/** Reset codes: single use, 15 minutes, 5 wrong tries (api-conventions.md, Accounts). */
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** Our decision: a verification link is good for 24 hours (docs/decisions/002). */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = 10 * 24 * 60 * 60 * 1000;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding stops past this many pixels: a small file must not unpack into gigabytes. */
export const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * Ceilings on what a request may carry (docs/decisions/006-account-security.md). Every string
 * a schema accepts has a maximum; these are the ones the spec leaves open.
 */
export const PASSWORD_MAX_LENGTH = 128;
export const TOKEN_MAX_LENGTH = 128;
export const USER_AGENT_MAX_LENGTH = 200;
/** JSON bodies: far above any form, far below anything that costs the server memory. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Uploads: the larger of the photo and attachment limits plus room for the multipart framing. */
export const UPLOAD_BODY_MAX_BYTES = Math.max(PHOTO_MAX_BYTES, ATTACHMENT_MAX_BYTES) + 64 * 1024;
/** JSON that may carry a photo as a data URL: the base64 of 5 MB plus the other fields. */
export const PHOTO_JSON_BODY_MAX_BYTES = Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;
/** tRPC calls one HTTP request may batch. */
export const TRPC_MAX_BATCH_SIZE = 10;

/** Sessions: 30 idle days (sliding), and 90 days at most from sign-in. */
export const SESSION_IDLE_LIFETIME_DAYS = 30;
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** An account nobody verified is replaced by a new sign-up for its address after this. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Failed reset-code guesses one account may take across all its codes, per day. */
export const RESET_GUESSES_PER_ACCOUNT_PER_DAY = 10;
/** Sign-in backoff: free failures per account and address, then doubling waits up to the cap. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_BACKOFF_BASE_MS = 1000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60 * 1000;

export const ACTION_BADGE_CAP = 9;

export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["light", "system", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** How times read (issue 21): "17:00", the spec's, or "5:00 PM". */
export const TIME_FORMATS = ["24h", "12h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** The first day of a week on every screen (issue 21): Sunday, the spec's, or Monday. */
export const WEEK_STARTS = ["sunday", "monday"] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

export const CIRCLE_TYPES = ["personal", "family", "work", "custom"] as const;
export type CircleType = (typeof CIRCLE_TYPES)[number];
export const CIRCLE_ROLES = ["admin", "member"] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];
export const INVITATION_STATUSES = ["pending", "accepted", "declined"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Offered in family circles (accounts spec, section 6). */
export const RELATIONSHIPS = ["spouse", "parent", "child", "sibling", "other"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** Circle fields: the spec leaves lengths open; these are our ceilings (docs/decisions/008). */
export const CIRCLE_NAME_MAX_LENGTH = 50;
export const CIRCLE_DESCRIPTION_MAX_LENGTH = 500;
export const INVITATION_MESSAGE_MAX_LENGTH = 500;
/** Emails one `POST /api/circles/{id}/invite` may carry. */
export const INVITE_BATCH_MAX = 20;
/** Circles one user may create (personal and defaults included): a ceiling against abuse. */
export const CIRCLES_PER_USER_MAX = 50;
/** Members one circle may hold: a family calendar, not a mailing list. */
export const CIRCLE_MEMBERS_MAX = 100;
/** A data URL photo in JSON: 5 MB of bytes is about 6.7 MB of base64. */
export const PHOTO_DATA_URL_MAX_LENGTH = Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 100;

/** Circle colour by type (accounts spec, section 1); grey for anything else. */
export const CIRCLE_TYPE_COLORS: Record<CircleType, string> = {
  personal: "#3B82F6",
  family: "#10B981",
  custom: "#8B5CF6",
  work: "#6B7280",
};

/** Plans (plans spec, sections 3, 5 and 9). */
export const PLAN_TYPES = ["event", "task", "todo"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const TASK_STATUSES = ["pending", "accepted", "declined", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const RECURRENCE_TYPES = ["daily", "weekly", "monthly", "yearly"] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];
export const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The plan form's reminder list (section 3), after its "None". */
export const REMINDER_CHOICES = [
  "1 minute before",
  "2 minutes before",
  "5 minutes before",
  "15 minutes before",
  "30 minutes before",
  "1 hour before",
  "2 hours before",
  "24 hours before",
  "2 days before",
  "1 week before",
] as const;
/**
 * Every reminder phrase with its minutes (section 9): the form's list, and "10 minutes before"
 * and "1 day before", which the reminder system also knows.
 */
export const REMINDER_MINUTES: Record<string, number> = {
  "1 minute before": 1,
  "2 minutes before": 2,
  "5 minutes before": 5,
  "10 minutes before": 10,
  "15 minutes before": 15,
  "30 minutes before": 30,
  "1 hour before": 60,
  "2 hours before": 120,
  "24 hours before": 1440,
  "1 day before": 1440,
  "2 days before": 2880,
  "1 week before": 10080,
};
export const DEFAULT_REMINDERS = ["2 hours before", "24 hours before"] as const;
export const REMINDERS_MAX = 4;
/** Our ceilings where the spec has none (docs/decisions/009). */
export const PLAN_TITLE_MAX_LENGTH = 200;
export const PLAN_DESCRIPTION_MAX_LENGTH = 5000;
export const PLAN_LOCATION_MAX_LENGTH = 300;
export const PLAN_URL_MAX_LENGTH = 2000;
export const PLAN_NOTE_MAX_LENGTH = 1000;
export const TASK_HISTORY_PAGE_SIZE = 10;
/** Attachments on plans: the spec's types, several per plan. */
export const ATTACHMENT_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "txt",
  "jpg",
  "jpeg",
  "png",
  "gif",
] as const;
export const ATTACHMENTS_PER_PLAN_MAX = 10;
/** Recurrence bounds of the form (section 9). */
export const RECURRENCE_INTERVAL_MAX: Record<RecurrenceType, number> = {
  daily: 7,
  weekly: 4,
  monthly: 6,
  yearly: 1,
};
/** The largest interval of any type: a rule's frequency is at most this whatever its type. */
export const RECURRENCE_FREQUENCY_MAX = Math.max(...Object.values(RECURRENCE_INTERVAL_MAX));
export const RECURRENCE_COUNT_CHOICES = [5, 10, 15, 20, 25, 30, 50] as const;
/** Our ceiling on "ends after N times" from any client (the form offers up to 50). */
export const RECURRENCE_COUNT_MAX = 500;
/** The longest day range one list may ask for (docs/decisions/009). */
export const RANGE_DAYS_MAX = 366;
export const UPCOMING_LIMIT_DEFAULT = 30;
export const UPCOMING_LIMIT_MAX = 200;

/** Natural-language and voice entry (plans spec, sections 5 and 9). */
export const NLP_TEXT_MAX_LENGTH = 2000;
export const VOICE_TITLE_MAX_LENGTH = 50;
/** A voice-derived series ends this many months after its start. */
export const VOICE_RECURRENCE_MONTHS = 3;
/** A spoken date further off than this is taken as a mishearing and replaced by today. */
export const VOICE_MAX_MONTHS_AHEAD = 3;

/**
 * Reminder mails one person gets in a calendar day of their zone (docs/decisions/011): ten
 * plans with the two default reminders each. The last one says so; later reminders that day
 * still show in the app and by push, but are not mailed.
 */
export const REMINDER_MAILS_PER_DAY_MAX = 20;

/**
 * Storage each user's attachments may take together (the files on the plans they created):
 * two hundred 5 MB files. Photos do not count: each owner has one, re-encoded to a few hundred KB.
 */
export const ATTACHMENT_STORAGE_QUOTA_BYTES = 1024 * 1024 * 1024;

/**
 * Bounded work per request (docs/decisions/016-bounded-work.md). The days a plan and a read may
 * name: a birthday from 1985 fits, a series from 1840 or a read of year 9999 does not.
 */
export const PLAN_YEAR_MIN = 1900;
export const PLAN_YEAR_MAX = 2100;
/** Plans one circle may hold (every type, past ones included), and how many of them may repeat. */
export const PLANS_PER_CIRCLE_MAX = 10_000;
export const SERIES_PER_CIRCLE_MAX = 100;
/**
 * A list of plans answers at most this many occurrences, and stops earlier once its plans'
 * text reaches LIST_ANSWER_MAX_BYTES (well under Lambda's 6 MB answer); `offset` reads on.
 */
export const LIST_ITEMS_MAX = 2000;
export const LIST_ANSWER_MAX_BYTES = 2_500_000;
/** The furthest a list may be paged into (`offset`). */
export const LIST_OFFSET_MAX = 100_000;

/**
 * A member's colour within a circle (issue 20, docs/decisions/017): chosen by the member from
 * these, or given on joining (the first no member holds, in this order). Each reads at 3:1 or
 * more against the app's light and dark surfaces (web's member-dot.test.tsx checks it against
 * index.css), and is always drawn beside the member's name, never alone. The first five are
 * the most different hues, for the families most circles are.
 */
export const MEMBER_COLORS = [
  { value: "#3B82F6", name: "Blue" },
  { value: "#EA580C", name: "Orange" },
  { value: "#059669", name: "Green" },
  { value: "#8B5CF6", name: "Violet" },
  { value: "#DB2777", name: "Pink" },
  { value: "#0891B2", name: "Cyan" },
  { value: "#B86E00", name: "Amber" },
  { value: "#E11D48", name: "Red" },
  { value: "#64748B", name: "Slate" },
  { value: "#C026D3", name: "Fuchsia" },
] as const;
export type MemberColor = (typeof MEMBER_COLORS)[number]["value"];
export const MEMBER_COLOR_VALUES = MEMBER_COLORS.map((color) => color.value) as [
  MemberColor,
  ...MemberColor[],
];

/**
 * The change feed (issue 20, docs/decisions/017, "The change feed"): what kind of change each
 * entry records, one entry per change to a circle's plans, tasks, members and invitations.
 */
export const ACTIVITY_KINDS = [
  "plan_created",
  /** Changed in anything but its time alone (its time too, perhaps). */
  "plan_edited",
  /** Only its time or day changed. */
  "plan_moved",
  /** One occurrence of a series deleted on its own. */
  "occurrence_cancelled",
  /** A plan deleted, or a series from one occurrence on (scope "following"). */
  "plan_deleted",
  /** A plan its creator moved here from another of their circles, or away to another. */
  "plan_transferred_in",
  "plan_transferred_out",
  /** An edit gave the task to someone (anew); `after.assignee` names them. */
  "task_assigned",
  /** The assignment ended: the creator withdrew it, or an edit left the plan without one. */
  "task_withdrawn",
  "task_accepted",
  "task_declined",
  "plan_completed",
  "plan_reopened",
  "member_joined",
  "member_left",
  "member_removed",
  "member_promoted",
  "member_demoted",
  /** The creator's account was deleted and the circle passed to `member`. */
  "circle_handed_over",
  /**
   * An admin changed the circle's name, description, colour or photo: `before.title` is its name
   * then, `after.title` the new one when renamed, `after.changed` the others by name.
   */
  "circle_edited",
  "invitations_sent",
  "invitation_declined",
  "invitation_withdrawn",
  /** A member imported a calendar file: `after.plansImported` new plans, `after.plansUpdated` updated. */
  "calendar_imported",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
/** Which occurrences of a series a plan entry is about; null for a one-off plan. */
export const ACTIVITY_SCOPES = ["occurrence", "following", "all"] as const;
export type ActivityScope = (typeof ACTIVITY_SCOPES)[number];
/**
 * A plan's fields an entry names without their values (`after.changed`): the values are the
 * plan's own to read, and a 5,000-character description twice over would not keep an entry small.
 */
export const ACTIVITY_NAMED_FIELDS = [
  "description",
  "mapUrl",
  "coordinates",
  "reminderTimes",
  "eventColor",
  "voiceNote",
  "type",
  /** A circle's own (circle_edited). */
  "photo",
] as const;
export type ActivityNamedField = (typeof ACTIVITY_NAMED_FIELDS)[number];
/** Entries are kept this long: the inbox and "what changed since yesterday" need days, not years. */
export const ACTIVITY_KEPT_DAYS = 90;
export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 100;
/** Any one text an entry keeps (a title, a place, a note) is cut to this many characters. */
export const ACTIVITY_TEXT_MAX_LENGTH = PLAN_NOTE_MAX_LENGTH;
/**
 * What an inbox entry may be about (docs/decisions/019): any change of the feed, or an invitation
 * to the reader, which is no circle entry (the invitee is not a member of the circle).
 */
export const INBOX_KINDS = [...ACTIVITY_KINDS, "invitation_received"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
/**
 * A member's choice of what a circle tells them (docs/decisions/019): the default (what concerns
 * them: plans they made or took on, tasks given to them), every change, or nothing but what is
 * addressed to them by name.
 */
export const CIRCLE_NOTIFY_LEVELS = ["default", "following", "muted"] as const;
export type CircleNotifyLevel = (typeof CIRCLE_NOTIFY_LEVELS)[number];
/** Plans one person may follow one by one; a circle's "Follow all changes" covers more. */
export const PLAN_FOLLOWS_PER_USER_MAX = 500;
export const INBOX_PAGE_DEFAULT = 20;
export const INBOX_PAGE_MAX = 100;

/** Search across the caller's circles (docs/decisions/020): the text typed, and plans answered. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/**
 * Import calendar (.ics) into a circle (issue 22, docs/decisions/027): the file's size, the
 * events one file may hold (a moved occurrence counts as one), the plans one import may add
 * (a series counts one, an occurrence of a rule the product cannot express one each), and the
 * imports one person may make an hour (a budget of its own beside the plan pace: one import
 * may add many plans at once, and is counted once).
 */
export const CALENDAR_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The file as JSON text: escaped line breaks and backslashes, and the other fields. */
export const CALENDAR_IMPORT_BODY_MAX_BYTES =
  Math.ceil(CALENDAR_IMPORT_MAX_BYTES * 1.25) + 64 * 1024;
export const CALENDAR_IMPORT_EVENTS_MAX = 2000;
export const CALENDAR_IMPORT_PLANS_MAX = 2000;
export const CALENDAR_IMPORTS_PER_HOUR = 10;
/** Previews one person may ask for an hour: each reads up to a 2 MB file. */
export const CALENDAR_PREVIEWS_PER_HOUR = 60;
/** Items a preview lists by name (its counts cover them all). */
export const CALENDAR_IMPORT_LISTED_MAX = 100;
/** Time zones (VTIMEZONE) one file may define: a family's calendars name a few. */
export const CALENDAR_IMPORT_ZONES_MAX = 50;
/** Cancelled, moved or edited occurrences one import may write: as many as a feed holds. */
export const CALENDAR_IMPORT_EXCEPTIONS_MAX = 5000;

/**
 * Calendar feeds (docs/decisions/026): the plans a feed holds are those within a year back and
 * two years ahead of today, at most CALENDAR_FEED_PLANS_MAX of them (a series counts once) and
 * CALENDAR_FEED_EXCEPTIONS_MAX moved, edited or cancelled occurrences; past either, the ones
 * nearest to today are kept.
 */
export const CALENDAR_FEED_DAYS_BACK = 365;
export const CALENDAR_FEED_DAYS_AHEAD = 730;
export const CALENDAR_FEED_PLANS_MAX = 2500;
export const CALENDAR_FEED_EXCEPTIONS_MAX = 5000;
/** How long a calendar app (and the CDN) may reuse a feed before asking again, in seconds. */
export const CALENDAR_FEED_MAX_AGE_SECONDS = 300;

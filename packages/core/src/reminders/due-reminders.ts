/**
 * Which reminders fall due in a stretch of time, and to whom (docs/decisions/011-reminders.md).
 *
 * A reminder of m minutes on an occurrence falls due at (start − m). For a run covering
 * (since, now], that is every occurrence starting in (since + m, now + m], for each offset m a
 * reminder can have: one statement for all offsets, made of one indexed range per offset
 * (`plan_occurrences_start_idx`; all-day plans through `plan_occurrences_date_idx`), so the cost
 * follows the reminders due, not the plans stored. The form's list's offsets are ranges written
 * out; the custom ones (reminder-phrases.ts, a few hundred) are looked up one by one in a
 * lateral subquery, the same index ranges without a statement of a thousand branches.
 *
 * An all-day occurrence starts at midnight of its day in the plan's zone (the zone the plan was
 * made in; docs/decisions/009). Each occurrence uses its own reminder phrases when it has them
 * (`overrides.reminderTimes`), else its plan's (the override rule, plans/occurrence-sql.ts).
 */
import {
  type CircleNotifyLevel,
  REMINDER_MINUTES,
  type TimeFormat,
} from "@circleplan/shared/limits";
import {
  REMINDER_OFFSET_MINUTES,
  REMINDER_PHRASE_MINUTES,
} from "@circleplan/shared/reminder-phrases";
import { type SQL, sql } from "drizzle-orm";
import { dayStartIn, shownField } from "../plans/occurrence-sql";

/** A run never reaches further back than this: a job down for a day sends no stale reminders. */
export const REMINDER_CATCH_UP_MS = 60 * 60 * 1000;
/**
 * How long after an occurrence began its reminder may still go out. A run every 5 minutes finds
 * a "1 minute before" reminder of a 10:00 plan at 10:00, at the start: that one still goes; one
 * found later (a run that failed, a job that was down) does not.
 */
export const STARTED_GRACE_MS = 5 * 60 * 1000;
/** The first run of a fresh installation looks this far back. */
export const FIRST_RUN_LOOKBACK_MS = 5 * 60 * 1000;

/** The stretch of time whose due reminders a run sends: (since, now]. */
export interface ReminderWindow {
  since: Date;
  now: Date;
}

/** From where the last run got to (null: never ran), capped by the catch-up limit. */
export function reminderWindow(ranThrough: Date | null, now: Date): ReminderWindow {
  const floor = now.getTime() - REMINDER_CATCH_UP_MS;
  const from = ranThrough?.getTime() ?? now.getTime() - FIRST_RUN_LOOKBACK_MS;
  return { since: new Date(Math.min(now.getTime(), Math.max(from, floor))), now };
}

/** Each distinct reminder offset once, with the first phrase that names it. */
export const REMINDER_OFFSETS: readonly { phrase: string; minutes: number }[] = Object.entries(
  REMINDER_MINUTES,
)
  .filter(([, minutes], i, all) => all.findIndex(([, other]) => other === minutes) === i)
  .map(([phrase, minutes]) => ({ phrase, minutes }));

/** The offsets of custom reminders only (the list's are REMINDER_OFFSETS). */
const CUSTOM_OFFSETS = REMINDER_OFFSET_MINUTES.filter(
  (minutes) => !REMINDER_OFFSETS.some((offset) => offset.minutes === minutes),
);

/** A Postgres array literal (phrases and instants hold only letters, digits, spaces and :+-.). */
const arrayOf = (values: readonly (string | number)[], type: "text" | "int" | "timestamptz") =>
  sql`${`{${values.map((value) => (typeof value === "string" ? `"${value}"` : value)).join(",")}}`}::${sql.raw(type)}[]`;

/**
 * "45 minutes before@45" for every phrase a reminder can be: whether an occurrence's phrase names
 * the offset being looked at is one hashed `= any` lookup (a join against a table of ~360
 * phrases per row cost seconds on the bench's busy run).
 */
const PHRASE_KEYS = arrayOf(
  REMINDER_PHRASE_MINUTES.map(([phrase, minutes]) => `${phrase}@${minutes}`),
  "text",
);
const namesOffset = (phrase: SQL, minutes: SQL) =>
  sql`${phrase} || '@' || ${minutes} = any(${PHRASE_KEYS})`;

/** An occurrence a custom reminder falls due for in a window (`customDueStarts`). */
export interface CustomStart {
  occurrence_id: number;
  minutes: number;
  /** Its start as text (an all-day one's: midnight of its day in the plan's zone). */
  start_at: string;
}

/**
 * The occurrences custom reminders fall due for in the window, found apart from the main
 * statement: their few hundred offsets are looked up one index range each in a lateral subquery
 * (`offset 0` keeps it from being merged into a join), keeping the occurrences whose phrases name
 * that offset. The planner cannot count those rows, and its guess (a million) would steer the
 * main statement into reading every plan; passed to it as constants, they are counted as they
 * are. All-day occurrences: the days any custom offset can reach from the window, one range,
 * each one's midnight in its plan's zone worked out once (`offset 0` again), then set against
 * each offset.
 */
export function customDueStarts(window: ReminderWindow): SQL {
  // Whether the occurrence's phrases (its own, else its plan's) name the offset.
  const remindsAt = (minutes: SQL, occurrence = "o") =>
    sql`exists (select 1 from plans p where p.id = ${sql.raw(occurrence)}.plan_id
      and exists (select 1 from jsonb_array_elements_text(${shownField("reminderTimes", { occurrence, plan: "p" })}) e(phrase)
        where ${namesOffset(sql`e.phrase`, minutes)}))`;
  const since = sql`${window.since.toISOString()}::timestamptz`;
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const shifted = (at: SQL) => sql`(${at} + make_interval(mins => c.minutes))`;
  const allDayStart = dayStartIn(sql.raw("p.time_zone"));
  const offsets = sql`unnest(${arrayOf(CUSTOM_OFFSETS, "int")}) as c(minutes)`;
  const utcDay = (at: Date, minutes: number, days: number) =>
    new Date(at.getTime() + minutes * 60_000 + days * 24 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 10);
  const nearest = Math.min(...CUSTOM_OFFSETS);
  const furthest = Math.max(...CUSTOM_OFFSETS);
  return sql`
    select t.id as occurrence_id, c.minutes, t.starts_at::text as start_at
    from ${offsets}
    cross join lateral (
      select o.id, o.starts_at from plan_occurrences o
      where o.is_cancelled = false
        and o.starts_at > ${shifted(since)} and o.starts_at <= ${shifted(now)}
        and ${remindsAt(sql`c.minutes`)}
      offset 0) t
    union all
    select d.id, c.minutes, d.start_at::text
    from (
      select o.id, o.plan_id, o.overrides, ${allDayStart} as start_at
      from plan_occurrences o
      join plans p on p.id = o.plan_id
      where o.is_cancelled = false
        and o.start_date >= ${utcDay(window.since, nearest, -1)}::date
        and o.start_date <= ${utcDay(window.now, furthest, 1)}::date
      offset 0) d
    cross join ${offsets}
    where d.start_at > ${shifted(since)} and d.start_at <= ${shifted(now)}
      and ${remindsAt(sql`c.minutes`, "d")}`;
}

/** The occurrence's name in reminder_deliveries: its original start or date, "" for a one-off plan. */
export const occurrenceKey = (o: SQL) =>
  sql`coalesce(${o}.original_date::text, to_char(${o}.original_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;

/**
 * One row per reminder due in the window and per person it may go to: the plan's creator, its
 * assignee, the members following its circle and those following the plan, each only while a
 * member of the plan's circle, and only those who get it on some channel (email on, or push on
 * with a device). Which of them it goes to is the shared rule's, `isReminded` (the rows carry
 * the plan's people and the person's choices for it). Nothing for a
 * cancelled occurrence, a completed one, one that began more than STARTED_GRACE_MS ago, or a
 * task whose assignment was withdrawn; a deleted plan has no occurrences left. Columns: see
 * `DueReminderRow`.
 */
export function dueReminderRecipients(
  window: ReminderWindow,
  customStarts: readonly CustomStart[] = [],
): SQL {
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const grace = sql`${`${STARTED_GRACE_MS / 1000} seconds`}::interval`;
  const allDayStart = dayStartIn(sql.raw("p.time_zone"));
  const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const utcDay = (ms: number, days: number) =>
    new Date(ms + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  // One indexed range per offset, bounds worked out here: the planner sees each range as it is
  // (a join against a table of offsets is estimated so badly it scans every plan).
  const ranges = REMINDER_OFFSETS.flatMap(({ minutes }) => {
    const from = window.since.getTime() + minutes * 60_000;
    const to = window.now.getTime() + minutes * 60_000;
    return [
      sql`select o.id as occurrence_id, ${minutes}::int as minutes, o.starts_at as start_at
        from plan_occurrences o
        where o.is_cancelled = false and o.starts_at > ${instant(from)} and o.starts_at <= ${instant(to)}`,
      // All-day: the days whose midnight falls in the range somewhere on Earth, then exactly.
      sql`select o.id, ${minutes}::int, ${allDayStart}
        from plan_occurrences o
        join plans p on p.id = o.plan_id
        where o.is_cancelled = false
          and o.start_date >= ${utcDay(from, -1)}::date and o.start_date <= ${utcDay(to, 1)}::date
          and ${allDayStart} > ${instant(from)} and ${allDayStart} <= ${instant(to)}`,
    ];
  });
  // The custom reminders due, found beforehand (customDueStarts): as constants the planner
  // counts them as they are.
  const custom =
    customStarts.length === 0
      ? []
      : [
          sql`select * from unnest(${arrayOf(
            customStarts.map((start) => start.occurrence_id),
            "int",
          )}, ${arrayOf(
            customStarts.map((start) => start.minutes),
            "int",
          )}, ${arrayOf(
            customStarts.map((start) => start.start_at),
            "timestamptz",
          )})`,
        ];
  return sql`
    with starting as materialized (${sql.join([...ranges, ...custom], sql` union all `)}),
    due as materialized (
      select s.minutes, s.start_at, s.start_at - make_interval(mins => s.minutes) as due_at,
             o.plan_id, ${occurrenceKey(sql.raw("o"))} as occurrence_key, o.start_date,
             p.all_day, p.type, p.circle_id, p.creator_id, p.assigned_to, p.assignment_accepted,
             ${shownField("title")} as title,
             ${shownField("description")} as description,
             ${shownField("location")} as location,
             r.phrase
      from starting s
      join plan_occurrences o on o.id = s.occurrence_id
      join plans p on p.id = o.plan_id
      cross join lateral (
        select e.phrase
        from jsonb_array_elements_text(${shownField("reminderTimes")}) with ordinality as e(phrase, n)
        where ${namesOffset(sql`e.phrase`, sql`s.minutes`)}
        order by e.n
        limit 1
      ) r
      where s.start_at > ${now} - ${grace}
        and coalesce(o.is_completed, p.is_completed) = false
        and p.cancelled_at is null
    )
    select distinct on (d.plan_id, d.occurrence_key, d.minutes, who.user_id)
           d.plan_id, d.occurrence_key, d.minutes, who.user_id, d.due_at,
           d.creator_id, d.assigned_to, d.assignment_accepted,
           (extract(epoch from d.start_at) * 1000)::float8 as start_ms,
           d.start_date::text as start_date, d.all_day, d.type, d.title, d.description,
           d.location, d.phrase, c.name as circle_name,
           u.email, u.first_name, u.time_zone as user_zone,
           u.time_format as user_time_format, m.notify,
           exists (select 1 from plan_follows pf
             where pf.plan_id = d.plan_id and pf.user_id = u.id) as follows_plan,
           (u.reminder_email and u.email_verified_at is not null) as by_email,
           (u.reminder_push and exists (
             select 1 from push_subscriptions ps where ps.user_id = u.id)) as by_push
    from due d
    cross join lateral (
      select d.creator_id union select d.assigned_to
      union select f.user_id from circle_members f
        where f.circle_id = d.circle_id and f.notify = 'following'
      union select pf.user_id from plan_follows pf where pf.plan_id = d.plan_id
    ) as who(user_id)
    join users u on u.id = who.user_id
    join circle_members m on m.circle_id = d.circle_id and m.user_id = u.id
    join circles c on c.id = d.circle_id
    where (u.reminder_email and u.email_verified_at is not null)
       or (u.reminder_push and exists (select 1 from push_subscriptions ps where ps.user_id = u.id))`;
}

/** A row of `dueReminderRecipients`, as both drivers answer raw SQL. */
export interface DueReminderRow {
  plan_id: number;
  occurrence_key: string;
  minutes: number;
  user_id: number;
  /** When it fell due, as the driver answers a timestamptz (text). */
  due_at: string;
  creator_id: number;
  assigned_to: number | null;
  assignment_accepted: boolean | null;
  start_ms: number;
  start_date: string | null;
  all_day: boolean;
  type: string;
  title: string;
  description: string | null;
  location: string | null;
  phrase: string;
  circle_name: string;
  email: string;
  first_name: string;
  user_zone: string;
  user_time_format: TimeFormat | null;
  /** The person's choices: their circle's setting, whether they follow the plan. */
  notify: CircleNotifyLevel;
  follows_plan: boolean;
  by_email: boolean;
  by_push: boolean;
}

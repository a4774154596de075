/**
 * The morning digest (docs/decisions/011-reminders.md): at 07:00 in their own zone, each user
 * who asked for it gets today's plans across their circles, the tasks waiting for their answer,
 * the tasks they assigned that are still unanswered, and what changed since yesterday's 07:00:
 * their inbox of those 24 hours, in words (docs/decisions/019). Once a day: a `digest_deliveries` row
 * per (user, day) is claimed in the transaction that queues the mail.
 *
 * A run takes the zones whose 07:00 fell in (since, now] (a few hundred zones at most, worked
 * out here), then reads the users of those zones and everything their mails show in a few
 * statements for all of them: the cost follows the digests due, not the users stored.
 */
import { type Executor, queryRows } from "@circleplan/db/client";
import { describeActivity } from "@circleplan/shared/activity-words";
import { addDays, dayIn, instantAt, screenClock, startOfDay } from "@circleplan/shared/days";
import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import type { TimeFormat } from "@circleplan/shared/limits";
import { sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { CoreDeps } from "../deps";
import { inboxEntriesByIds } from "../inbox/read-inbox";
import { type DigestLine, type DigestSections, digestMail } from "../mail/templates";
import { unsubscribeLinks } from "../notifications/unsubscribe-links";
import { hiddenFrom, shownField, startInstantIn } from "../plans/occurrence-sql";
import { clockTime, longDay } from "./reminder-texts";

type Deps = Pick<CoreDeps, "db" | "mail" | "config" | "secretKey" | "clock">;

/** The digest's hour, in each user's zone. */
export const DIGEST_HOUR = 7;
const DIGEST_TIME = `${String(DIGEST_HOUR).padStart(2, "0")}:00`;
/** A digest is still sent this long after 07:00 (a run that failed, a job that was down). */
export const DIGEST_CATCH_UP_MS = 3 * 60 * 60 * 1000;
/** Lines per section of one mail; the rest is counted ("and 12 more"). */
export const DIGEST_LINES_MAX = 20;

export interface DigestWindow {
  since: Date;
  now: Date;
}

/** From where the last run got to (null: never ran, look 5 minutes back), capped. */
export function digestWindow(ranThrough: Date | null, now: Date): DigestWindow {
  const floor = now.getTime() - DIGEST_CATCH_UP_MS;
  const from = ranThrough?.getTime() ?? now.getTime() - 5 * 60 * 1000;
  return { since: new Date(Math.min(now.getTime(), Math.max(from, floor))), now };
}

/** A zone whose digest hour fell in the window, and the day (there) it is the morning of. */
export interface DueZone {
  zone: string;
  day: string;
  /** The day's first instant and the next day's, in the zone. */
  from: Date;
  to: Date;
}

/** The zones among `zones` whose 07:00 today lies in (since, now]. */
export function zonesDue(zones: readonly string[], window: DigestWindow): DueZone[] {
  const due: DueZone[] = [];
  for (const zone of zones) {
    let day: string;
    let seven: number;
    try {
      day = dayIn(window.now, zone);
      seven = Temporal.PlainDate.from(day)
        .toZonedDateTime({ timeZone: zone, plainTime: { hour: DIGEST_HOUR } })
        .toInstant().epochMilliseconds;
    } catch {
      continue; // not a zone this runtime knows: nobody there can be served
    }
    if (seven > window.since.getTime() && seven <= window.now.getTime()) {
      due.push({ zone, day, from: startOfDay(day, zone), to: startOfDay(addDays(day, 1), zone) });
    }
  }
  return due;
}

export interface DigestReport {
  /** Zones whose 07:00 fell in this run. */
  zones: number;
  /** Users there who asked for the digest and had none yet today. */
  users: number;
  /** Digests claimed and queued by this run. */
  sent: number;
  /** Users with nothing to tell (no plan today, no task waiting): no mail. */
  empty: number;
}

interface Recipient {
  id: number;
  email: string;
  first_name: string;
  zone: string;
  time_format: TimeFormat | null;
  day: string;
  /** The start of the user's today, ISO. */
  from_at: string;
}

interface PlanLine {
  user_id: number;
  start_ms: number | null;
  title: string;
  circle_name: string;
}

interface TaskLine {
  user_id: number;
  to_me: boolean;
  title: string;
  circle_name: string;
  person: string;
  start_ms: number;
  start_date: string | null;
}

/** Sends the digests due in the window. */
export async function sendDigests(deps: Deps, window: DigestWindow): Promise<DigestReport> {
  const report: DigestReport = { zones: 0, users: 0, sent: 0, empty: 0 };
  if (window.since >= window.now) return report;
  const zoneRows = await queryRows<{ time_zone: string }>(
    deps.db,
    sql`select distinct time_zone from users where digest_email`,
  );
  const due = zonesDue(
    zoneRows.map((row) => row.time_zone),
    window,
  );
  report.zones = due.length;
  if (due.length === 0) return report;

  const recipients = await recipientsIn(deps.db, due);
  report.users = recipients.length;
  if (recipients.length === 0) return report;
  const [plans, tasks, changes] = await Promise.all([
    todaysPlans(deps.db, recipients, due),
    waitingTasks(deps.db, recipients),
    changesSinceYesterday(deps.db, recipients),
  ]);

  const mails = new Map<number, ReturnType<typeof digestMail>>();
  for (const user of recipients) {
    const sections = sectionsFor(
      user,
      plans.get(user.id) ?? [],
      tasks.get(user.id) ?? [],
      changes.get(user.id) ?? { entries: [], total: 0 },
    );
    const total =
      sections.plans.length +
      sections.waitingForYou.length +
      sections.waitingForOthers.length +
      sections.changes.length;
    if (total === 0) {
      report.empty++;
      continue;
    }
    mails.set(
      user.id,
      digestMail({
        to: user.email,
        firstName: user.first_name,
        dayLabel: longDay(user.day),
        sections,
        links: {
          today: `${deps.config.appUrl}/dashboard`,
          actions: `${deps.config.appUrl}/actions`,
          inbox: `${deps.config.appUrl}/inbox`,
        },
        unsubscribe: unsubscribeLinks(deps.config.appUrl, deps.secretKey, user.id, "digest"),
      }),
    );
  }
  if (mails.size === 0) return report;

  const claims = JSON.stringify(
    recipients
      .filter((user) => mails.has(user.id))
      .map((user) => ({ user_id: user.id, day: user.day })),
  );
  report.sent = await deps.db.transaction(async (tx) => {
    // In user order, so two runs claiming at once wait on each other instead of deadlocking.
    const won = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into digest_deliveries (user_id, day, created_at)
        select user_id, day, ${window.now.toISOString()}::timestamptz
        from json_to_recordset(${claims}::json) as x(user_id int, day text)
        order by user_id
        on conflict do nothing
        returning user_id`,
    );
    await deps.mail.enqueueMany(
      tx,
      won.map((row) => mails.get(row.user_id) as ReturnType<typeof digestMail>),
    );
    return won.length;
  });
  return report;
}

/** The users of the due zones who want the digest and have not had today's. */
async function recipientsIn(db: Executor, due: DueZone[]): Promise<Recipient[]> {
  const zones = JSON.stringify(
    due.map((zone) => ({ zone: zone.zone, day: zone.day, from_at: zone.from.toISOString() })),
  );
  return queryRows<Recipient>(
    db,
    sql`select u.id, u.email, u.first_name, u.time_zone as zone, u.time_format, z.day, z.from_at
      from json_to_recordset(${zones}::json) as z(zone text, day text, from_at text)
      join users u on u.time_zone = z.zone and u.digest_email
      where u.email_verified_at is not null
        and not exists (
          select 1 from digest_deliveries d where d.user_id = u.id and d.day = z.day)
      order by u.id`,
  );
}

/**
 * Today's plans of each user's circles, as their day list shows them: not cancelled, not
 * completed, a withdrawn task left out of its former assignee's day; all-day plans first.
 */
async function todaysPlans(
  db: Executor,
  users: Recipient[],
  due: DueZone[],
): Promise<Map<number, PlanLine[]>> {
  const byZone = new Map(due.map((zone) => [zone.zone, zone]));
  const days = JSON.stringify(
    users.map((user) => {
      const zone = byZone.get(user.zone) as DueZone;
      return {
        user_id: user.id,
        day: user.day,
        from_at: zone.from.toISOString(),
        to_at: zone.to.toISOString(),
      };
    }),
  );
  const rows = await queryRows<PlanLine>(
    db,
    sql`with d as (
        select * from json_to_recordset(${days}::json)
          as d(user_id int, day date, from_at timestamptz, to_at timestamptz)
      ),
      hits as (
        select d.user_id, o.id as occurrence_id, o.starts_at as at
        from d
        join circle_members m on m.user_id = d.user_id
        join plan_occurrences o
          on o.circle_id = m.circle_id and o.is_cancelled = false
         and o.starts_at >= d.from_at and o.starts_at < d.to_at
        union all
        select d.user_id, o.id, null
        from d
        join circle_members m on m.user_id = d.user_id
        join plan_occurrences o
          on o.circle_id = m.circle_id and o.is_cancelled = false and o.start_date = d.day
      )
      select h.user_id, (extract(epoch from h.at) * 1000)::float8 as start_ms,
             ${shownField("title")} as title,
             c.name as circle_name
      from hits h
      join plan_occurrences o on o.id = h.occurrence_id
      join plans p on p.id = o.plan_id
      join circles c on c.id = o.circle_id
      where coalesce(o.is_completed, p.is_completed) = false
        and not ${hiddenFrom(sql`h.user_id`)}
      order by h.user_id, h.at nulls first, p.id`,
  );
  return groupByUser(rows);
}

/**
 * Unanswered tasks assigned to each user and by each user, in circles they still belong to,
 * not withdrawn, not completed; each at its current occurrence (the first from the start of the
 * user's today, else the last), as the pending list shows them.
 */
async function waitingTasks(db: Executor, users: Recipient[]): Promise<Map<number, TaskLine[]>> {
  const who = JSON.stringify(
    users.map((user) => ({ user_id: user.id, from_at: user.from_at, zone: user.zone })),
  );
  const at = startInstantIn(sql.raw("t.zone"));
  const rows = await queryRows<TaskLine>(
    db,
    sql`with d as (
        select * from json_to_recordset(${who}::json) as d(user_id int, from_at timestamptz, zone text)
      ),
      t as (
        select d.user_id, d.from_at, d.zone, true as to_me, p.id, p.title, p.circle_id,
               p.creator_id as other_id
        from d join plans p on p.assigned_to = d.user_id
        where p.assignment_accepted is null and p.cancelled_at is null and p.is_completed = false
        union all
        select d.user_id, d.from_at, d.zone, false, p.id, p.title, p.circle_id, p.assigned_to
        from d join plans p on p.creator_id = d.user_id and p.assigned_to is not null
        where p.assignment_accepted is null and p.cancelled_at is null and p.is_completed = false
      )
      select t.user_id, t.to_me, t.title, c.name as circle_name,
             trim(other.first_name || ' ' || other.last_name) as person,
             (extract(epoch from n.at) * 1000)::float8 as start_ms, n.start_date
      from t
      join circle_members m on m.circle_id = t.circle_id and m.user_id = t.user_id
      join circles c on c.id = t.circle_id
      join users other on other.id = t.other_id
      cross join lateral (
        select ${at} as at, o.start_date::text as start_date
        from plan_occurrences o
        where o.plan_id = t.id and o.is_cancelled = false
        order by (${at} >= t.from_at) desc,
                 case when ${at} >= t.from_at then ${at} end asc,
                 ${at} desc
        limit 1
      ) n
      order by t.user_id, n.at, t.id`,
  );
  return groupByUser(rows);
}

/** A user's changes since yesterday: the newest DIGEST_LINES_MAX, and how many there were. */
interface Changes {
  entries: InboxEntry[];
  total: number;
}

/**
 * What each user's inbox received from 07:00 yesterday to 07:00 today in their zone: the 24 hours
 * since the digest before, so consecutive digests neither repeat nor miss a change. Newest
 * first, DIGEST_LINES_MAX a user at most (one range of the inbox's page index each).
 */
async function changesSinceYesterday(
  db: Executor,
  users: Recipient[],
): Promise<Map<number, Changes>> {
  const windows = JSON.stringify(
    users.map((user) => ({
      user_id: user.id,
      from_at: instantAt(addDays(user.day, -1), DIGEST_TIME, user.zone).toISOString(),
      to_at: instantAt(user.day, DIGEST_TIME, user.zone).toISOString(),
    })),
  );
  const rows = await queryRows<{ user_id: number; id: number; total: number }>(
    db,
    sql`with d as (
        select * from json_to_recordset(${windows}::json)
          as d(user_id int, from_at timestamptz, to_at timestamptz)
      )
      select d.user_id, x.id::float8 as id, n.total
      from d
      cross join lateral (
        select count(*)::int as total from inbox_items i
        where i.user_id = d.user_id and i.created_at >= d.from_at and i.created_at < d.to_at
      ) n
      cross join lateral (
        select i.id from inbox_items i
        where i.user_id = d.user_id and i.created_at >= d.from_at and i.created_at < d.to_at
        order by i.created_at desc, i.id desc
        limit ${DIGEST_LINES_MAX}
      ) x`,
  );
  const entries = new Map(
    (
      await inboxEntriesByIds(
        db,
        rows.map((row) => row.id),
      )
    ).map((entry) => [entry.id, entry]),
  );
  const byUser = new Map<number, Changes>();
  for (const [userId, own] of groupByUser(rows)) {
    const told = own.flatMap((row) => entries.get(row.id) ?? []);
    told.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    byUser.set(userId, { entries: told, total: own[0]?.total ?? 0 });
  }
  return byUser;
}

function groupByUser<T extends { user_id: number }>(rows: T[]): Map<number, T[]> {
  const byUser = new Map<number, T[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(row);
    else byUser.set(row.user_id, [row]);
  }
  return byUser;
}

function sectionsFor(
  user: Recipient,
  plans: PlanLine[],
  tasks: TaskLine[],
  changes: Changes,
): DigestSections {
  // The digest is our own mail, written as the screens are: 24-hour until the reader chooses.
  const clock = screenClock(user.time_format);
  const time = (instant: Date) => clockTime(instant, user.zone, clock);
  const planLines: DigestLine[] = plans.map((plan) => ({
    when: plan.start_ms === null ? "All day" : time(new Date(plan.start_ms)),
    title: plan.title,
    circleName: plan.circle_name,
  }));
  const taskLine = (task: TaskLine): DigestLine => {
    const day = task.start_date ?? dayIn(new Date(task.start_ms), user.zone);
    return {
      when: task.start_date
        ? `${longDay(day)} (all day)`
        : `${longDay(day)}, ${time(new Date(task.start_ms))}`,
      title: task.title,
      circleName: task.circle_name,
      person: task.person,
    };
  };
  const toMe = tasks.filter((task) => task.to_me).map(taskLine);
  const byMe = tasks.filter((task) => !task.to_me).map(taskLine);
  const cut = (lines: DigestLine[]) => lines.slice(0, DIGEST_LINES_MAX);
  const over = (lines: DigestLine[]) => Math.max(0, lines.length - DIGEST_LINES_MAX);
  const changeLines: DigestLine[] = changes.entries.map((entry) => ({
    when: time(entry.createdAt),
    title: describeActivity(entry, { zone: user.zone, viewerId: user.id, timeFormat: clock }),
    circleName: entry.circleName,
  }));
  return {
    plans: cut(planLines),
    waitingForYou: cut(toMe),
    waitingForOthers: cut(byMe),
    changes: changeLines,
    more: {
      plans: over(planLines),
      waitingForYou: over(toMe),
      waitingForOthers: over(byMe),
      changes: changes.total - changeLines.length,
    },
  };
}

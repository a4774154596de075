/**
 * Sending the reminders that fell due, exactly once per (occurrence, reminder, recipient, due
 * time) on each channel (docs/decisions/011-reminders.md):
 *
 * 1. One transaction claims the due reminders as `reminder_deliveries` rows (INSERT … ON
 *    CONFLICT DO NOTHING RETURNING: a reminder another run already claimed comes back empty)
 *    and queues the mail of the rows it won in the outbox. Mail therefore leaves once: with
 *    the claim, or not at all.
 * 2. After commit, push goes out from the rows' `push_status`: pending rows are claimed in
 *    batches (FOR UPDATE SKIP LOCKED) with a lease, sent to every device of the recipient, and
 *    marked. A run that dies leaves its rows pending; the next run takes them once the lease
 *    has run out, and two runs at once never take the same row.
 */
import { queryRows } from "@circleplan/db/client";
import type { TimeFormat } from "@circleplan/shared/limits";
import { isReminded } from "@circleplan/shared/plan-rules";
import { sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { reminderMail } from "../mail/templates";
import { devicesOf, type PushDeviceRow, pushToDevices } from "../notifications/push-subscriptions";
import { unsubscribeLinks } from "../notifications/unsubscribe-links";
import { shownField, startInstantIn } from "../plans/occurrence-sql";
import {
  type CustomStart,
  customDueStarts,
  type DueReminderRow,
  dueReminderRecipients,
  occurrenceKey,
  type ReminderWindow,
  STARTED_GRACE_MS,
} from "./due-reminders";
import { rationReminderMail } from "./reminder-mail-cap";
import {
  phraseFor,
  planPath,
  type ReminderSubject,
  reminderPush,
  reminderWhen,
} from "./reminder-texts";

type Deps = Pick<CoreDeps, "db" | "mail" | "push" | "config" | "secretKey" | "clock" | "log">;

export interface ClaimReport {
  /** Deliveries claimed by this run (one per reminder and recipient). */
  claimed: number;
  /** Of those, mails queued. */
  emails: number;
  /** Of those, waiting for push. */
  pushes: number;
  /** Of those, not mailed: their recipient had today's reminder mails already. */
  capped: number;
}

/** The shared rule of whom a plan reminds, asked of a row's plan, person and their choices. */
const remindsThem = (row: DueReminderRow) =>
  isReminded(
    {
      creatorId: row.creator_id,
      assignedTo: row.assigned_to,
      assignmentAccepted: row.assignment_accepted,
    },
    row.user_id,
    { circle: row.notify, followsPlan: row.follows_plan },
  );

const subjectOf = (row: DueReminderRow): ReminderSubject => ({
  planId: row.plan_id,
  title: row.title,
  allDay: row.all_day,
  startsAt: new Date(row.start_ms),
  startDate: row.start_date,
  phrase: row.phrase,
});

/**
 * Step 1: claims every reminder due in the window and queues its mail, in one transaction and a
 * handful of statements whatever the number due. Mail within each recipient's daily allowance
 * (reminder-mail-cap.ts); the rest is recorded as capped.
 */
export async function claimDueReminders(deps: Deps, window: ReminderWindow): Promise<ClaimReport> {
  if (window.since >= window.now) return { claimed: 0, emails: 0, pushes: 0, capped: 0 };
  return deps.db.transaction(async (tx) => {
    // The custom offsets' lookup is estimated at a million rows, past PostgreSQL's JIT
    // threshold: compiling its functions would cost seconds for a run that reads a few rows.
    await tx.execute(sql`set local jit = off`);
    const custom = await queryRows<CustomStart>(tx, customDueStarts(window));
    const due = (await queryRows<DueReminderRow>(tx, dueReminderRecipients(window, custom))).filter(
      remindsThem,
    );
    if (due.length === 0) return { claimed: 0, emails: 0, pushes: 0, capped: 0 };
    const claims = JSON.stringify(
      due.map((row) => ({
        plan_id: row.plan_id,
        occurrence_key: row.occurrence_key,
        minutes: row.minutes,
        user_id: row.user_id,
        due_at: row.due_at,
        push_status: row.by_push ? "pending" : "none",
        email_status: row.by_email ? "queued" : "none",
      })),
    );
    // In key order, so two runs claiming overlapping sets wait on each other in the same order
    // instead of deadlocking. What another run claimed first comes back empty.
    const claimed = await queryRows<{ id: number; key: string }>(
      tx,
      sql`insert into reminder_deliveries
          (plan_id, occurrence_key, minutes, user_id, due_at, push_status, email_status, created_at)
        select plan_id, occurrence_key, minutes, user_id, due_at, push_status, email_status,
               ${window.now.toISOString()}::timestamptz
        from json_to_recordset(${claims}::json) as x(plan_id int, occurrence_key text,
          minutes int, user_id int, due_at timestamptz, push_status text, email_status text)
        order by plan_id, occurrence_key, minutes, user_id
        on conflict do nothing
        returning id, plan_id || ' ' || occurrence_key || ' ' || minutes || ' ' || user_id as key`,
    );
    const ids = new Map(claimed.map((row) => [row.key, row.id]));
    const idOf = (row: DueReminderRow) =>
      ids.get(`${row.plan_id} ${row.occurrence_key} ${row.minutes} ${row.user_id}`);
    const won = due.filter((row) => idOf(row) !== undefined);
    const { mailed, capped } = await rationReminderMail(
      tx,
      won.filter((row) => row.by_email),
      window.now,
    );
    if (capped.length > 0) {
      await tx.execute(sql`update reminder_deliveries set email_status = 'capped'
        where id = any(${idArray(capped.map((row) => idOf(row) as number))})`);
    }
    const mails = mailed.map(({ row, last }) => {
      const subject = subjectOf(row);
      return reminderMail({
        to: row.email,
        firstName: row.first_name,
        title: row.title,
        description: row.description,
        location: row.location,
        circleName: row.circle_name,
        isTask: row.type === "task",
        when: reminderWhen(subject, { zone: row.user_zone, timeFormat: row.user_time_format }),
        link: `${deps.config.appUrl}${planPath(subject, row.user_zone)}`,
        unsubscribe: unsubscribeLinks(deps.config.appUrl, deps.secretKey, row.user_id, "reminders"),
        lastToday: last,
      });
    });
    await deps.mail.enqueueMany(tx, mails);
    return {
      claimed: won.length,
      emails: mails.length,
      pushes: won.filter((row) => row.by_push).length,
      capped: capped.length,
    };
  });
}

/** Deliveries claimed for push per statement. */
const PUSH_BATCH = 200;
/** Longer than a batch can take: its deliveries go a few dozen at a time, each send within 10 s. */
export const PUSH_LEASE_MS = 5 * 60 * 1000;
/** Tries per delivery (a run that died while holding it counts as one). */
export const PUSH_MAX_ATTEMPTS = 5;
/** Sends in flight at once: push services answer in tens of milliseconds, one by one is slow. */
const PUSH_CONCURRENCY = 32;

export interface PushReport {
  /** Deliveries whose push reached at least one device. */
  sent: number;
  /** Devices the push service no longer knows, removed. */
  gone: number;
  /** Deliveries left for a later try after a failure. */
  retrying: number;
  /** Deliveries given up (too many failures, or too late: the plan had begun). */
  failed: number;
  /** Deliveries with nothing left to send (the plan changed, push turned off, no device). */
  dropped: number;
}

interface ClaimedPush {
  id: number;
  attempts: number;
  minutes: number;
  due_ms: number;
  /** The occurrence's start now; null when the occurrence is gone, cancelled or completed. */
  start_ms: number | null;
  plan_id: number;
  title: string;
  all_day: boolean;
  start_date: string | null;
  reminder_times: string[] | null;
  user_zone: string;
  user_time_format: TimeFormat | null;
  reminder_push: boolean;
  subscriptions: PushDeviceRow[];
}

/** Claims a batch of pending pushes (leased to this run) with what their messages need. */
async function claimPushBatch(deps: Deps, afterId: number): Promise<ClaimedPush[]> {
  const now = deps.clock.now();
  const leaseEnd = new Date(now.getTime() + PUSH_LEASE_MS);
  return queryRows<ClaimedPush>(
    deps.db,
    sql`with claimed as (
        update reminder_deliveries d
        set claimed_until = ${leaseEnd.toISOString()}::timestamptz, attempts = d.attempts + 1
        where d.id in (
          select id from reminder_deliveries
          where push_status = 'pending'
            and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
            and id > ${afterId}
          order by id
          limit ${PUSH_BATCH}
          for update skip locked
        )
        returning d.id, d.plan_id, d.occurrence_key, d.minutes, d.user_id, d.due_at, d.attempts
      )
      select c.id, c.attempts, c.minutes, c.plan_id,
             (extract(epoch from c.due_at) * 1000)::float8 as due_ms,
             case when o.id is null or o.is_cancelled or coalesce(o.is_completed, p.is_completed)
               then null
               else (extract(epoch from ${startInstantIn(sql.raw("p.time_zone"))}) * 1000)::float8
             end as start_ms,
             ${shownField("title")} as title,
             p.all_day, o.start_date::text as start_date,
             ${shownField("reminderTimes")} as reminder_times,
             u.time_zone as user_zone, u.time_format as user_time_format, u.reminder_push,
             ${devicesOf(sql.raw("c.user_id"))} as subscriptions
      from claimed c
      join users u on u.id = c.user_id
      join plans p on p.id = c.plan_id
      left join plan_occurrences o
        on o.plan_id = c.plan_id and ${occurrenceKey(sql.raw("o"))} = c.occurrence_key
      order by c.id`,
  );
}

type Verdict = "sent" | "pending" | "failed" | "none";

const tally = (report: PushReport, verdict: Verdict) => {
  if (verdict === "sent") report.sent++;
  else if (verdict === "pending") report.retrying++;
  else if (verdict === "failed") report.failed++;
  else report.dropped++;
};

/**
 * Step 2: sends the pending pushes, batch after batch, until none is left or `until` (epoch ms of
 * this process) has passed. Each delivery is recorded as soon as its devices have answered, so
 * a run that dies mid-batch leaves only the deliveries it had not finished for the next run.
 */
export async function sendPendingPushes(
  deps: Deps,
  options: { until?: number | undefined } = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, retrying: 0, failed: 0, dropped: 0 };
  // Forward through the ids: a delivery that failed waits for the next run, not the next batch.
  let afterId = 0;
  while (options.until === undefined || Date.now() < options.until) {
    const batch = await claimPushBatch(deps, afterId);
    if (batch.length === 0) break;
    afterId = Math.max(...batch.map((row) => row.id));
    const now = deps.clock.now();
    const settled: [number, Verdict][] = [];
    const toSend: ClaimedPush[] = [];
    for (const delivery of batch) {
      const start = delivery.start_ms === null ? null : Math.round(delivery.start_ms);
      const dueStart = Math.round(delivery.due_ms) + delivery.minutes * 60_000;
      // Gone, cancelled, completed, or moved since it fell due (a move falls due again).
      if (start === null || start !== dueStart || !delivery.reminder_push) {
        settled.push([delivery.id, "none"]);
      } else if (start <= now.getTime() - STARTED_GRACE_MS) {
        settled.push([delivery.id, "failed"]);
      } else if (delivery.subscriptions.length === 0) {
        settled.push([delivery.id, "none"]);
      } else {
        toSend.push(delivery);
      }
    }
    if (settled.length > 0) {
      await recordVerdicts(deps, settled);
      for (const [, verdict] of settled) tally(report, verdict);
    }
    await inLanes(toSend, PUSH_CONCURRENCY, async (delivery) => {
      const { verdict, removed } = await pushDelivery(deps, delivery);
      await recordVerdicts(deps, [[delivery.id, verdict]]);
      report.gone += removed;
      tally(report, verdict);
    });
  }
  return report;
}

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/**
 * Sends one delivery to each of its recipient's devices (notifications/push-subscriptions.ts:
 * the one home for sending, which stamps the devices reached and removes those gone). One whose
 * device failed is tried again as a whole by a later run: a device that already has it shows it
 * once (notifications with one tag replace each other).
 */
async function pushDelivery(
  deps: Deps,
  delivery: ClaimedPush,
): Promise<{ verdict: Verdict; removed: number }> {
  const message = reminderPush(
    {
      planId: delivery.plan_id,
      title: delivery.title,
      allDay: delivery.all_day,
      startsAt: new Date(Math.round(delivery.start_ms as number)),
      startDate: delivery.start_date,
      phrase: phraseFor(delivery.minutes, delivery.reminder_times ?? []),
    },
    { zone: delivery.user_zone, timeFormat: delivery.user_time_format },
  );
  const outcome = await pushToDevices(deps, delivery.subscriptions, message);
  const verdict: Verdict =
    outcome.failed > 0
      ? delivery.attempts >= PUSH_MAX_ATTEMPTS
        ? "failed"
        : "pending"
      : outcome.sent > 0
        ? "sent"
        : "none";
  return { verdict, removed: outcome.removed };
}

/** A Postgres array literal of ids, one parameter however many (`= any(...)` uses the index). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** One statement: the deliveries' statuses, their lease released. */
async function recordVerdicts(deps: Deps, verdicts: [number, Verdict][]): Promise<void> {
  const byStatus = (status: Verdict) =>
    idArray(verdicts.filter(([, verdict]) => verdict === status).map(([id]) => id));
  await deps.db.execute(sql`update reminder_deliveries d
    set push_status = case
          when d.id = any(${byStatus("sent")}) then 'sent'
          when d.id = any(${byStatus("failed")}) then 'failed'
          when d.id = any(${byStatus("none")}) then 'none'
          else 'pending' end,
        claimed_until = null
    where d.id = any(${idArray(verdicts.map(([id]) => id))})`);
}

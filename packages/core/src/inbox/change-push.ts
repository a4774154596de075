/**
 * Push for changes (docs/decisions/019): a step of the scheduled job that sends what was queued
 * in inboxes with `push_status = 'pending'`, coalesced per reader and actor. Several changes by
 * one person make one notification: a group goes once its actor has been quiet for
 * CHANGE_PUSH_QUIET_MS, or CHANGE_PUSH_MAX_WAIT_MS after its first change however busy they
 * are. A group is claimed with a lease (FOR UPDATE SKIP LOCKED), sent to each of the reader's
 * devices through `pushToDevices` (which forgets gone devices, as reminders do), and its rows
 * recorded, so runs that overlap never send a group twice and one that dies leaves it for the
 * next run once the lease is over.
 */
import { queryRows } from "@circleplan/db/client";
import { describeActivity } from "@circleplan/shared/activity-words";
import { dayIn, screenClock } from "@circleplan/shared/days";
import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import type { TimeFormat } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { devicesOf, type PushDeviceRow, pushToDevices } from "../notifications/push-subscriptions";
import type { PushMessage } from "../push/push-service";
import { inboxEntriesByIds } from "./read-inbox";

type Deps = Pick<CoreDeps, "db" | "push" | "clock" | "log">;

/** A group waits until its actor has been quiet this long... */
export const CHANGE_PUSH_QUIET_MS = 2 * 60 * 1000;
/** ...but no longer than this after its first change. */
export const CHANGE_PUSH_MAX_WAIT_MS = 10 * 60 * 1000;
/** Changes older than this when a run finds them (the job was down) are not pushed: the inbox has them. */
export const CHANGE_PUSH_STALE_MS = 60 * 60 * 1000;
/** Longer than a batch can take. */
const LEASE_MS = 5 * 60 * 1000;
/** A group whose push failed waits this long (less than a run's interval) for another try. */
const RETRY_AFTER_MS = 30 * 1000;
/** Tries per group (a run that died while holding it counts as one). */
const MAX_ATTEMPTS = 5;
/** Groups claimed per statement. */
const GROUP_BATCH = 100;

export interface ChangePushReport {
  /** Notifications that reached at least one device (one per group). */
  sent: number;
  /** Inbox rows those notifications told. */
  changes: number;
  /** Devices the push service no longer knows, removed. */
  gone: number;
  /** Groups left for a later try after a failure. */
  retrying: number;
  /** Groups with nothing to send (push turned off, no device, too old) or given up. */
  dropped: number;
}

interface ClaimedRow {
  id: number;
  user_id: number;
  actor_id: number | null;
  attempts: number;
  created_ms: number;
  user_zone: string;
  user_time_format: TimeFormat | null;
  change_push: boolean;
  subscriptions: PushDeviceRow[];
}

/**
 * Claims the rows of up to GROUP_BATCH groups that are ready at `now`, leased to this run, with
 * their reader's zone, preference and devices.
 */
function claimReadyGroups(deps: Deps, now: Date): Promise<ClaimedRow[]> {
  const at = (ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;
  const free = sql`(p.push_claimed_until is null or p.push_claimed_until < ${at(0)})`;
  return queryRows<ClaimedRow>(
    deps.db,
    sql`with ready as (
        select p.user_id, p.actor_id
        from inbox_items p
        -- A reader whose account went while a change was queued for them: never theirs to send.
        join users u on u.id = p.user_id
        where p.push_status = 'pending' and ${free}
        group by p.user_id, p.actor_id
        having max(p.created_at) <= ${at(CHANGE_PUSH_QUIET_MS)}
            or min(p.created_at) <= ${at(CHANGE_PUSH_MAX_WAIT_MS)}
        limit ${GROUP_BATCH}
      ),
      claimed as (
        update inbox_items i
        set push_claimed_until = ${at(-LEASE_MS)}, push_attempts = i.push_attempts + 1
        where i.id in (
          select p.id from inbox_items p
          join ready r on r.user_id = p.user_id and r.actor_id is not distinct from p.actor_id
          where p.push_status = 'pending' and ${free}
          for update of p skip locked
        )
        returning i.id, i.user_id, i.actor_id, i.push_attempts, i.created_at
      )
      select c.id::float8 as id, c.user_id, c.actor_id, c.push_attempts as attempts,
             (extract(epoch from c.created_at) * 1000)::float8 as created_ms,
             u.time_zone as user_zone, u.time_format as user_time_format, u.change_push,
             ${devicesOf(sql.raw("c.user_id"))} as subscriptions
      from claimed c
      join users u on u.id = c.user_id
      order by c.user_id, c.actor_id, c.created_at, c.id`,
  );
}

type Verdict = "sent" | "pending" | "failed" | "none";

/**
 * The step: claims ready groups batch after batch and sends one notification per group, until
 * none is left or `until` (epoch ms of this process) has passed.
 */
export async function sendChangePushes(
  deps: Deps,
  options: { until?: number | undefined } = {},
): Promise<ChangePushReport> {
  const report: ChangePushReport = { sent: 0, changes: 0, gone: 0, retrying: 0, dropped: 0 };
  while (options.until === undefined || Date.now() < options.until) {
    const now = deps.clock.now();
    const rows = await claimReadyGroups(deps, now);
    if (rows.length === 0) break;
    // Rows come ordered by reader and actor: each group's rows are together.
    const groups = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      const key = `${row.user_id} ${row.actor_id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const entries = new Map(
      (
        await inboxEntriesByIds(
          deps.db,
          rows.map((row) => row.id),
        )
      ).map((entry) => [entry.id, entry]),
    );
    for (const group of groups.values()) {
      const verdict = await sendGroup(deps, group, entries, now, report);
      await recordVerdict(
        deps,
        group.map((row) => row.id),
        verdict,
        now,
      );
      if (verdict === "sent") {
        report.sent++;
        report.changes += group.length;
      } else if (verdict === "pending") report.retrying++;
      else report.dropped++;
    }
  }
  return report;
}

async function sendGroup(
  deps: Deps,
  group: ClaimedRow[],
  entries: Map<number, InboxEntry>,
  now: Date,
  report: ChangePushReport,
): Promise<Verdict> {
  const reader = group[0] as ClaimedRow;
  const newest = Math.max(...group.map((row) => row.created_ms));
  if (!reader.change_push || reader.subscriptions.length === 0) return "none";
  if (newest < now.getTime() - CHANGE_PUSH_STALE_MS) return "none";
  const told = group.flatMap((row) => entries.get(row.id) ?? []);
  // Gone since they were queued (a deleted circle, an account's entries): nothing to tell.
  if (told.length === 0) return "none";
  const message = changePushMessage(told, {
    zone: reader.user_zone,
    userId: reader.user_id,
    timeFormat: reader.user_time_format,
  });
  const outcome = await pushToDevices(deps, reader.subscriptions, message);
  report.gone += outcome.removed;
  if (outcome.failed > 0) return reader.attempts >= MAX_ATTEMPTS ? "failed" : "pending";
  return outcome.sent > 0 ? "sent" : "none";
}

/**
 * A group's rows settled; one to try again is held RETRY_AFTER_MS first, so the run that failed
 * does not take it straight back: the next run does.
 */
async function recordVerdict(
  deps: Deps,
  ids: number[],
  verdict: Verdict,
  now: Date,
): Promise<void> {
  const heldUntil =
    verdict === "pending" ? new Date(now.getTime() + RETRY_AFTER_MS).toISOString() : null;
  await deps.db.execute(sql`update inbox_items
    set push_status = ${verdict}, push_claimed_until = ${heldUntil}::timestamptz
    where id = any(${`{${ids.join(",")}}`}::bigint[])`);
}

/** Where a click on a change opens: the plan on its day, else the inbox. */
export function changePath(entry: InboxEntry, zone: string): string {
  if (entry.kind === "invitation_received") return "/invitations";
  if (entry.planId === null || entry.kind === "plan_deleted") return "/inbox";
  if (entry.kind === "plan_transferred_out") return "/inbox";
  const start = entry.after?.start ?? entry.before?.start;
  const day =
    entry.kind === "plan_moved" || entry.kind === "plan_edited"
      ? dayOf(start, zone)
      : (entry.occurrenceDate ??
        (entry.occurrenceStart ? dayIn(entry.occurrenceStart, zone) : dayOf(start, zone)));
  const date = day ? `date=${day}&` : "";
  return `/dashboard?${date}eventId=${entry.planId}`;
}

/** The day a value of an entry falls on for the reader: itself for an all-day plan's day. */
function dayOf(value: string | null | undefined, zone: string): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayIn(new Date(value), zone);
}

/**
 * One notification for a group of changes by one person, oldest first: the change in words under
 * its circle's name, or "{first name} made 3 changes in {circle}" over the newest. A click opens
 * the plan when they are all about one, else the inbox. Tagged by the group's first row, so a
 * retry replaces rather than repeats it on a device.
 */
export function changePushMessage(
  entries: readonly InboxEntry[],
  reader: { zone: string; userId: number; timeFormat: TimeFormat | null },
): PushMessage {
  const newest = entries.at(-1) as InboxEntry;
  const first = entries[0] as InboxEntry;
  const sentence = describeActivity(newest, {
    zone: reader.zone,
    viewerId: reader.userId,
    // Our own text, not the spec's reminder: the screens' 24-hour clock until they choose.
    timeFormat: screenClock(reader.timeFormat),
  });
  const tag = `change-${first.id}`;
  if (entries.length === 1) {
    return { title: newest.circleName, body: sentence, url: changePath(newest, reader.zone), tag };
  }
  const circles = new Set(entries.map((entry) => entry.circleName));
  const circle = circles.size === 1 ? newest.circleName : notificationMessages.changesInYourCircles;
  const plans = new Set(entries.map((entry) => entry.planId));
  return {
    title: notificationMessages.changesByOne(
      newest.actor?.firstName ?? "Someone",
      entries.length,
      circle,
    ),
    body: sentence,
    url: plans.size === 1 && newest.planId !== null ? changePath(newest, reader.zone) : "/inbox",
    tag,
  };
}

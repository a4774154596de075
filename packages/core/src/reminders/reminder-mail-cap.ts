/**
 * At most REMINDER_MAILS_PER_DAY_MAX reminder mails per person and calendar day of their zone
 * (docs/decisions/011-reminders.md). Reminder mail is on by default and anyone in a shared circle
 * can put plans in it, so a day's mail is bounded whatever the plans. The mail that reaches the
 * cap says so, with how many more fell due with it; past the cap a reminder is recorded as
 * `capped` and goes by push and in the app only.
 *
 * The count is a day counter per person (rate-limit.ts), added to in the transaction that claims
 * the reminders: a run at the same time waits for it and sees its count, so the cap holds.
 */
import type { Executor } from "@circleplan/db/client";
import { dayIn } from "@circleplan/shared/days";
import { REMINDER_MAILS_PER_DAY_MAX } from "@circleplan/shared/limits";
import { addToDayCounters } from "../rate-limit/rate-limit";

/** A reminder claimed for mail: whose, in which zone, and when it fell due. */
export interface MailedReminder {
  user_id: number;
  user_zone: string;
  start_ms: number;
  minutes: number;
  plan_id: number;
}

/** The mail that reaches the day's cap: `more` reminders of the same run are not mailed. */
export interface LastMailToday {
  perDay: number;
  more: number;
}

export interface RationedMail<T> {
  /** In due order; the one that reaches the cap carries `last`. */
  mailed: { row: T; last: LastMailToday | null }[];
  capped: T[];
}

/**
 * One recipient's reminders of a run, in due order, against what they were mailed today already:
 * the first ones up to the cap are mailed, the one reaching it says so, the rest are capped.
 */
export function shareOutMail<T>(rows: readonly T[], mailedToday: number): RationedMail<T> {
  const left = Math.max(0, REMINDER_MAILS_PER_DAY_MAX - mailedToday);
  const mailed = rows.slice(0, left);
  const capped = rows.slice(left);
  const reachesCap = mailedToday + mailed.length === REMINDER_MAILS_PER_DAY_MAX;
  return {
    mailed: mailed.map((row, i) => ({
      row,
      last:
        reachesCap && i === mailed.length - 1
          ? { perDay: REMINDER_MAILS_PER_DAY_MAX, more: capped.length }
          : null,
    })),
    capped,
  };
}

/** Counts a run's reminder mails against each recipient's day and shares them out. */
export async function rationReminderMail<T extends MailedReminder>(
  tx: Executor,
  rows: readonly T[],
  now: Date,
): Promise<RationedMail<T>> {
  const byKey = new Map<string, T[]>();
  for (const row of [...rows].sort(dueOrder)) {
    const key = `reminder-mail:${row.user_id}:${dayIn(now, row.user_zone)}`;
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  const before = await addToDayCounters(
    tx,
    [...byKey].map(([key, list]) => ({ key, add: list.length })),
    now,
  );
  const result: RationedMail<T> = { mailed: [], capped: [] };
  for (const [key, list] of byKey) {
    const share = shareOutMail(list, before.get(key) ?? 0);
    result.mailed.push(...share.mailed);
    result.capped.push(...share.capped);
  }
  return result;
}

const dueAt = (row: MailedReminder) => row.start_ms - row.minutes * 60_000;
const dueOrder = (a: MailedReminder, b: MailedReminder) =>
  dueAt(a) - dueAt(b) || a.start_ms - b.start_ms || a.plan_id - b.plan_id;

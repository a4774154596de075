/**
 * When the app's reminders fire (plans spec, sections 3, 4 and 9), as pure functions of the
 * loaded plans, the time and what the user did before (the records), so every rule is tested
 * with a clock of the test's choosing. No React, no storage, no browser API here.
 */

import type { Plan } from "@circleplan/shared/plan-outputs";
import { reminderMinutesOf } from "@circleplan/shared/reminder-phrases";

/** Spec section 9: loaded plans are checked every 10 s. */
export const REMINDER_CHECK_MS = 10_000;
/** Spec section 9: a reminder fires from its time until 2 minutes after it. */
export const REMINDER_WINDOW_MS = 2 * 60_000;
/** Spec section 9: Snooze 5, 15 or 30 min. */
export const SNOOZE_MINUTES = [5, 15, 30] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];
/**
 * How long an answer is remembered after its reminder (or its snooze) was due: far longer than
 * the 2-minute window it guards, short enough that the stored list stays small.
 */
export const RECORD_LIFETIME_MS = 24 * 60 * 60_000;

const MINUTE_MS = 60_000;

/** Spec section 3's "Reminder instance (local)". */
export interface ReminderInstance {
  /** `{eventId}-{phrase}`, plus `@{occurrence}` for one occurrence of a series. */
  id: string;
  eventId: number;
  event: Plan;
  /** The reminder phrase ("2 hours before"). */
  phrase: string;
  /** The occurrence's start minus the phrase's minutes. */
  reminderTime: Date;
  isActive: boolean;
  snoozedUntil: Date | null;
}

/**
 * What the user did with one reminder instance. `remindAt` is the reminder's time when it was
 * recorded: a plan moved since then has a new reminder, which the old answer does not cover.
 */
export type ReminderRecord =
  /** Fired and waiting for an answer (shown again after a reload, without sound). */
  | { state: "active"; remindAt: number }
  | { state: "snoozed"; remindAt: number; until: number }
  /** Dismissed, Got It, Complete or View Event: never again. */
  | { state: "handled"; remindAt: number };

export type ReminderRecords = Readonly<Record<string, ReminderRecord>>;

/**
 * The instance id. The spec keys a reminder `{eventId}-{phrase}`; a series answers one item
 * per occurrence under the series' id, so its occurrences add the original start (or, for an
 * all-day series, the original day) that names them: each occurrence reminds on its own.
 */
export function reminderInstanceId(
  plan: Pick<Plan, "id" | "originalStartTime" | "originalDate">,
  phrase: string,
): string {
  const base = `${plan.id}-${phrase}`;
  const occurrence = plan.originalStartTime?.toISOString() ?? plan.originalDate;
  return occurrence ? `${base}@${occurrence}` : base;
}

/**
 * One occurrence's reminders. Phrases with the same minutes ("24 hours before" and "1 day
 * before") are one reminder: the first phrase names it. Phrases the app does not know are
 * skipped rather than guessed.
 */
export function reminderInstances(plan: Plan): ReminderInstance[] {
  const seen = new Set<number>();
  const instances: ReminderInstance[] = [];
  for (const phrase of plan.reminderTimes) {
    const minutes = reminderMinutesOf(phrase);
    if (minutes === null || seen.has(minutes)) continue;
    seen.add(minutes);
    instances.push({
      id: reminderInstanceId(plan, phrase),
      eventId: plan.id,
      event: plan,
      phrase,
      reminderTime: new Date(plan.startTime.getTime() - minutes * MINUTE_MS),
      isActive: false,
      snoozedUntil: null,
    });
  }
  return instances;
}

/** Spec section 4: now lies 0 to 2 minutes after the reminder's time, both ends included. */
export function isInFiringWindow(reminderTime: Date, now: number): boolean {
  const since = now - reminderTime.getTime();
  return since >= 0 && since <= REMINDER_WINDOW_MS;
}

export interface ReminderCheck {
  /** Every active reminder, oldest first: the popup shows them in turn. */
  active: ReminderInstance[];
  /** The ones that became active by this check: they ring and notify. */
  fired: ReminderInstance[];
  /** The records to keep: this check's changes in, expired ones out. */
  records: ReminderRecords;
}

function byReminderTime(a: ReminderInstance, b: ReminderInstance): number {
  return (
    a.reminderTime.getTime() - b.reminderTime.getTime() ||
    a.event.startTime.getTime() - b.event.startTime.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/** Records whose reminder, and snooze, are more than a day past. */
export function pruneRecords(records: ReminderRecords, now: number): ReminderRecords {
  const kept: Record<string, ReminderRecord> = {};
  for (const [id, record] of Object.entries(records)) {
    const last =
      record.state === "snoozed" ? Math.max(record.remindAt, record.until) : record.remindAt;
    if (now - last <= RECORD_LIFETIME_MS) kept[id] = record;
  }
  return kept;
}

/**
 * One check (spec section 4): a reminder fires when now lies in its window and nothing was
 * recorded for it, or when its snooze has ended (even after the window: that is what snoozing
 * asks for). It does not fire while snoozed, nor again once answered. Completed plans do not
 * remind: there is nothing left to do. Of the loaded plans, only those the server says remind
 * the viewer ring (`remindsMe`: the shared `isReminded` with the viewer's follows and mutes, the
 * one rule push and mail follow too): another member's plan, or a task still waiting for an
 * answer, stays quiet.
 */
export function checkReminders({
  plans,
  now,
  records,
}: {
  plans: readonly Plan[];
  now: number;
  records: ReminderRecords;
}): ReminderCheck {
  const next: Record<string, ReminderRecord> = { ...pruneRecords(records, now) };
  const active: ReminderInstance[] = [];
  const fired: ReminderInstance[] = [];
  for (const plan of plans) {
    if (plan.isCompleted || plan.remindsMe !== true) continue;
    for (const instance of reminderInstances(plan)) {
      const remindAt = instance.reminderTime.getTime();
      const stored = next[instance.id];
      const record = stored?.remindAt === remindAt ? stored : undefined;
      const fires =
        record === undefined
          ? isInFiringWindow(instance.reminderTime, now)
          : record.state === "snoozed" && now >= record.until;
      if (fires) {
        next[instance.id] = { state: "active", remindAt };
        const shown = { ...instance, isActive: true };
        fired.push(shown);
        active.push(shown);
      } else if (record?.state === "active") {
        active.push({ ...instance, isActive: true });
      }
    }
  }
  return { active: active.sort(byReminderTime), fired: fired.sort(byReminderTime), records: next };
}

/** Snooze for `minutes` from now (spec section 9: 5, 15 or 30). */
export function snoozeReminder(
  records: ReminderRecords,
  instance: Pick<ReminderInstance, "id" | "reminderTime">,
  now: number,
  minutes: SnoozeMinutes,
): ReminderRecords {
  return {
    ...records,
    [instance.id]: {
      state: "snoozed",
      remindAt: instance.reminderTime.getTime(),
      until: now + minutes * MINUTE_MS,
    },
  };
}

/** Dismissed, Got It, Complete or View Event: the reminder is done with. */
export function handleReminder(
  records: ReminderRecords,
  instance: Pick<ReminderInstance, "id" | "reminderTime">,
): ReminderRecords {
  return {
    ...records,
    [instance.id]: { state: "handled", remindAt: instance.reminderTime.getTime() },
  };
}

/**
 * One occurrence of a plan, whichever list answered it: the series' id and the occurrence's
 * original start or day (a one-off plan has neither).
 */
export function occurrenceKey(
  plan: Pick<Plan, "id" | "originalStartTime" | "originalDate">,
): string {
  return `${plan.id}@${plan.originalStartTime?.toISOString() ?? plan.originalDate ?? ""}`;
}

/**
 * The plans of several list answers, each occurrence once, taken from the newest answer that
 * holds it (a plan edited since an older answer reminds at its new time).
 */
export function mergePlanLists(
  lists: readonly { plans: readonly Plan[]; updatedAt: number }[],
): Plan[] {
  const newest = new Map<string, { plan: Plan; updatedAt: number }>();
  for (const { plans, updatedAt } of lists) {
    for (const plan of plans) {
      const key = occurrenceKey(plan);
      const known = newest.get(key);
      if (!known || updatedAt > known.updatedAt) newest.set(key, { plan, updatedAt });
    }
  }
  return [...newest.values()].map(({ plan }) => plan);
}

/**
 * Reminder phrases and their minutes (docs/decisions/011, "Custom reminders"). Besides the
 * form's list (REMINDER_MINUTES), a reminder may be any whole number of minutes, hours, days or
 * weeks before, within the week the list reaches: "45 minutes before", "3 hours before", "3 days
 * before". It is stored as that phrase in `reminderTimes`, as the list's are, so a client that
 * sends the spec's phrases sends what it always did. The units' ceilings keep the offsets a
 * fixed, small set (the scheduled job looks each one up; core/reminders/due-reminders.ts).
 */
import { REMINDER_MINUTES } from "./limits";

export const REMINDER_UNITS = ["minutes", "hours", "days", "weeks"] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

/** Each unit's minutes and the largest amount said in it (1 week in all, the list's furthest). */
export const REMINDER_UNIT_BOUNDS: Record<ReminderUnit, { minutes: number; max: number }> = {
  minutes: { minutes: 1, max: 180 },
  hours: { minutes: 60, max: 168 },
  days: { minutes: 1440, max: 7 },
  weeks: { minutes: 10080, max: 1 },
};

/** "1 hour before", "45 minutes before": the phrase of an amount (within its unit's bounds). */
export function reminderPhrase(amount: number, unit: ReminderUnit): string {
  const word = amount === 1 ? unit.slice(0, -1) : unit;
  return `${amount} ${word} before`;
}

const PHRASE = /^([1-9]\d{0,2}) (minute|hour|day|week)(s?) before$/;

/** The minutes before the start a phrase reminds at, or null for no reminder phrase. */
export function reminderMinutesOf(phrase: string): number | null {
  const listed = REMINDER_MINUTES[phrase];
  if (listed !== undefined) return listed;
  const match = PHRASE.exec(phrase);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = `${match[2]}s` as ReminderUnit;
  // One spelling per amount: "1 hour", "3 hours"; never "1 hours" or "3 hour".
  if ((amount === 1) === (match[3] === "s")) return null;
  const bounds = REMINDER_UNIT_BOUNDS[unit];
  return amount <= bounds.max ? amount * bounds.minutes : null;
}

const SHAPE = /^(\d{1,6}) (minute|hour|day|week)s? before$/;

/**
 * The amount and unit of a phrase said as one ("45 minutes before"), whether or not a reminder
 * can be that far ahead: the form shows it to be corrected, the schema names its bounds.
 */
export function reminderParts(phrase: string): { amount: number; unit: ReminderUnit } | null {
  const match = SHAPE.exec(phrase);
  return match ? { amount: Number(match[1]), unit: `${match[2]}s` as ReminderUnit } : null;
}

/**
 * Every phrase a reminder can be, with its minutes: the list's, then each unit's amounts, each
 * phrase once. Built in one pass: ~360 phrases, when the reminders' code loads on a phone.
 */
export const REMINDER_PHRASE_MINUTES: readonly (readonly [string, number])[] = (() => {
  const byPhrase = new Map<string, number>(Object.entries(REMINDER_MINUTES));
  for (const unit of REMINDER_UNITS) {
    const { minutes, max } = REMINDER_UNIT_BOUNDS[unit];
    for (let amount = 1; amount <= max; amount++) {
      const phrase = reminderPhrase(amount, unit);
      if (!byPhrase.has(phrase)) byPhrase.set(phrase, amount * minutes);
    }
  }
  return [...byPhrase];
})();

/** Every offset a reminder can have, in minutes, ascending, each once. */
export const REMINDER_OFFSET_MINUTES: readonly number[] = [
  ...new Set(REMINDER_PHRASE_MINUTES.map(([, minutes]) => minutes)),
].sort((a, b) => a - b);

/** A phrase for each offset: the list's own where it has one, else the largest unit's. */
export function phraseOfMinutes(minutes: number): string | null {
  const listed = Object.keys(REMINDER_MINUTES).find(
    (phrase) => REMINDER_MINUTES[phrase] === minutes,
  );
  if (listed) return listed;
  for (const unit of [...REMINDER_UNITS].reverse()) {
    const bounds = REMINDER_UNIT_BOUNDS[unit];
    const amount = minutes / bounds.minutes;
    if (Number.isInteger(amount) && amount >= 1 && amount <= bounds.max) {
      return reminderPhrase(amount, unit);
    }
  }
  return null;
}

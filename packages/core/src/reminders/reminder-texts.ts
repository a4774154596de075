/**
 * How reminders and the digest write times, and what a reminder's push notification says.
 * Always in the reader's own zone and clock (docs/decisions/023, "Locale preferences"): for one
 * who has not chosen a clock, the spec's reminder texts say "5:00 PM" and our own texts (the
 * digest) "17:00", as its screens do. In English words built here rather than by Intl, whose
 * output (spaces, punctuation) changes with the ICU version of the runtime.
 */
import { MONTH_NAMES, WEEKDAY_NAMES } from "@circleplan/shared/calendar-names";
import { clockText, reminderClock, timeIn, weekdayNumber } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import { phraseOfMinutes, reminderMinutesOf } from "@circleplan/shared/reminder-phrases";
import { Temporal } from "temporal-polyfill";
import type { PushMessage } from "../push/push-service";

/** Whom a mail or a notification is written for: their zone and the clock they chose. */
export interface Reader {
  zone: string;
  /** Null: not chosen; each text then takes the spec's clock for it. */
  timeFormat: TimeFormat | null;
}

/** `instant` in `zone` on `clock`: "17:05" (24-hour), or the spec's `h:mm a`, "5:05 PM". */
export function clockTime(instant: Date, zone: string, clock: TimeFormat): string {
  return clockText(timeIn(instant, zone), clock);
}

/** The start of a reminder's plan: the spec's `h:mm a` unless the reader chose 24-hour. */
function reminderTime(subject: ReminderSubject, reader: Reader): string {
  return clockTime(subject.startsAt, reader.zone, reminderClock(reader.timeFormat));
}

/** "Monday, March 9" (with the year: "Monday, March 9, 2026"). */
export function longDay(day: string, options: { year?: boolean } = {}): string {
  const date = Temporal.PlainDate.from(day);
  const text = `${WEEKDAY_NAMES[weekdayNumber(day)]}, ${MONTH_NAMES[date.month - 1]} ${date.day}`;
  return options.year ? `${text}, ${date.year}` : text;
}

/** The phrase a reminder offset is shown as when the plan's own phrase is gone. */
export function phraseFor(minutes: number, phrases: readonly string[]): string {
  const own = phrases.find((phrase) => reminderMinutesOf(phrase) === minutes);
  if (own) return own;
  return phraseOfMinutes(minutes) ?? "";
}

/** What a reminder is about, as the push and the mail show it. */
export interface ReminderSubject {
  planId: number;
  title: string;
  allDay: boolean;
  /** The occurrence's start (an all-day one: midnight of its day in the plan's zone). */
  startsAt: Date;
  /** An all-day occurrence's day. */
  startDate: string | null;
  /** The phrase that fell due ("1 hour before"): the notification's tag. */
  phrase: string;
}

/** The occurrence's day for a reader in `zone` (an all-day plan keeps its own day). */
export function dayOfSubject(subject: ReminderSubject, zone: string): string {
  if (subject.startDate) return subject.startDate;
  return Temporal.Instant.fromEpochMilliseconds(subject.startsAt.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .toString();
}

/** The dashboard on the plan's day with the plan drawn out (the web reads date and eventId). */
export function planPath(subject: ReminderSubject, zone: string): string {
  return `/dashboard?date=${dayOfSubject(subject, zone)}&eventId=${subject.planId}`;
}

/**
 * The browser notification of the plans spec (section 4): "Reminder: {title}" / "Starting
 * {h:mm a}" in the reader's zone (for one who chose 24-hour, "Starting 17:00"); an all-day plan
 * has no time, so it names its day. Tagged `{eventId}-{phrase}` as the in-app reminder instances
 * are, so a device shows one of each.
 */
export function reminderPush(subject: ReminderSubject, reader: Reader): PushMessage {
  return {
    title: `Reminder: ${subject.title}`,
    body: subject.allDay
      ? `All day on ${longDay(dayOfSubject(subject, reader.zone))}`
      : `Starting ${reminderTime(subject, reader)}`,
    url: planPath(subject, reader.zone),
    tag: `${subject.planId}-${subject.phrase}`,
  };
}

/** When the plan starts, for a mail: "at 9:00 AM on Monday, March 9, 2026" for this reader. */
export function reminderWhen(subject: ReminderSubject, reader: Reader): string {
  const day = longDay(dayOfSubject(subject, reader.zone), { year: true });
  return subject.allDay ? `on ${day} (all day)` : `at ${reminderTime(subject, reader)} on ${day}`;
}

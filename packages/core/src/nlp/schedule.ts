/**
 * When the plan starts and ends, and its repeat fields, from what was said. The voice rules of
 * plans spec sections 5 and 9: no time said → the keyword time, else now rounded to the half
 * hour; no date → today; a date more than 3 months from today (either way) is taken for a
 * mishearing and replaced by today, at the same time; a series starts on its first occurrence
 * on or after now (today counts when no time was said, or the time said is still ahead) and
 * ends 3 months after that start unless an end was said. A yearly series keeps the date said
 * however far off it is: the rule, not a mishearing, put it there.
 *
 * The repeat fields are the plan form's own (plan-schemas.ts `recurrenceFields`, set as the
 * form's `recurrencePayload` sets them), so the answer fills the form as it is.
 */

import { isLastWeekOfMonth, startOfDay, weekdayOf, weekOfMonth } from "@circleplan/shared/days";
import {
  RECURRENCE_COUNT_MAX,
  RECURRENCE_TYPES,
  VOICE_MAX_MONTHS_AHEAD,
  VOICE_RECURRENCE_MONTHS,
  WEEKDAYS,
} from "@circleplan/shared/limits";
import { NOT_RECURRING, type RecurrenceAnswer } from "@circleplan/shared/plan-rules";
import { Temporal } from "temporal-polyfill";
import type { RepeatEnd, RepeatRule } from "./repeat-phrases";
import type { ClockTime, SpokenWhen } from "./spoken-when";
import {
  type Clock,
  type Day,
  instantAt,
  isoDate,
  nowToHalfHour,
  type TimeOfDay,
} from "./wall-clock";

export interface Schedule extends RecurrenceAnswer {
  startTime: Date;
  endTime: Date | null;
  allDay: boolean;
}

export interface Said {
  when: SpokenWhen;
  /** The keyword time of the sentence ("dinner" → 18:00), if any. */
  keyword: TimeOfDay | null;
  rule: RepeatRule | null;
  end: RepeatEnd | null;
  until: Day | null;
}

/** A series said to run longer than this was misheard: it gets the standard end. */
const LONGEST_SERIES_YEARS = 5;

export function scheduleOf(said: Said, clock: Clock): Schedule {
  const { when, rule } = said;
  let day = when.day;
  let clockTime: ClockTime | null = when.time;
  if (when.exact) {
    day ??= when.exact.toPlainDate();
    clockTime ??= { time: when.exact.toPlainTime(), nextDay: false };
  }
  if (!clockTime && said.keyword) clockTime = { time: said.keyword, nextDay: false };
  const timeSaid = clockTime !== null;
  if (!clockTime) {
    const rounded = nowToHalfHour(clock);
    clockTime = { time: rounded.time, nextDay: false };
    day ??= rounded.day;
  }
  let date = day ?? clock.today;
  if (rule?.type !== "yearly" && tooFarOff(date, clock.today)) date = clock.today;
  if (clockTime.nextDay) date = date.add({ days: 1 });
  if (when.shiftMinutes !== 0) {
    const shifted = date.toPlainDateTime(clockTime.time).add({ minutes: when.shiftMinutes });
    date = shifted.toPlainDate();
    clockTime = { time: shifted.toPlainTime(), nextDay: false };
  }
  // "on Thursday" said on a Thursday: today while its time is ahead, else next week's.
  if (!rule && when.todayByWeekday && timeSaid && isPast(date, clockTime.time, clock)) {
    date = date.add({ days: 7 });
  }
  if (rule) date = firstOccurrence(rule, date, clockTime.time, timeSaid, clock);

  const allDay = when.allDay;
  const startTime = allDay
    ? startOfDay(isoDate(date), clock.zone)
    : instantAt(date, clockTime.time, clock.zone);
  const endTime = endOf(said, date, clockTime.time, startTime, clock.zone);
  return {
    startTime,
    // An end that is not after the start ("from 5 to 3 … on the 2nd") is not an end.
    endTime: endTime && endTime > startTime ? endTime : null,
    allDay,
    ...repeatFields(said, date),
  };
}

/** Whether a wall-clock time is before now. */
function isPast(day: Day, time: TimeOfDay, clock: Clock): boolean {
  return instantAt(day, time, clock.zone).getTime() < clock.now.epochMilliseconds;
}

function tooFarOff(date: Day, today: Day): boolean {
  return (
    Temporal.PlainDate.compare(date, today.add({ months: VOICE_MAX_MONTHS_AHEAD })) > 0 ||
    Temporal.PlainDate.compare(date, today.subtract({ months: VOICE_MAX_MONTHS_AHEAD })) < 0
  );
}

function endOf(
  said: Said,
  date: Day,
  start: TimeOfDay,
  startTime: Date,
  zone: string,
): Date | null {
  const { when } = said;
  if (when.allDay) return when.endDay ? startOfDay(isoDate(when.endDay), zone) : null;
  if (when.end) {
    const endDate = when.end.nextDay ? date.add({ days: 1 }) : date;
    return instantAt(endDate, when.end.time, zone);
  }
  if (when.endDay && Temporal.PlainDate.compare(when.endDay, date) > 0) {
    return instantAt(when.endDay, start, zone);
  }
  if (when.durationMinutes) return new Date(startTime.getTime() + when.durationMinutes * 60_000);
  if (when.durationDays) return instantAt(date.add({ days: when.durationDays }), start, zone);
  return null;
}

/** The first day on or after `from` the rule holds on, not already past. */
function firstOccurrence(
  rule: RepeatRule,
  from: Day,
  time: TimeOfDay,
  timeSaid: boolean,
  clock: Clock,
): Day {
  const past = (day: Day) => {
    const order = Temporal.PlainDate.compare(day, clock.today);
    return order < 0 || (order === 0 && timeSaid && isPast(day, time, clock));
  };
  const weekly = rule.days ?? [weekdayOf(isoDate(from))];
  const holds = (day: Day) => {
    switch (rule.type) {
      case "daily":
        return !rule.weekdaysOnly || day.dayOfWeek <= 5;
      case "weekly":
        return weekly.includes(weekdayOf(isoDate(day)));
      case "monthly":
        if (rule.nthWeekday) {
          const { week, weekday } = rule.nthWeekday;
          return (
            weekdayOf(isoDate(day)) === weekday &&
            (week === -1 ? isLastWeekOfMonth(isoDate(day)) : weekOfMonth(isoDate(day)) === week)
          );
        }
        return day.day === (rule.monthDay ?? from.day);
      case "yearly":
        return day.month === from.month && day.day === from.day;
    }
  };
  let day = from;
  for (let i = 0; i < 800; i++, day = day.add({ days: 1 })) {
    if (!past(day) && holds(day)) return day;
  }
  return from;
}

function repeatFields(said: Said, start: Day): Omit<Schedule, "startTime" | "endTime" | "allDay"> {
  const { rule, end } = said;
  if (!rule || !RECURRENCE_TYPES.includes(rule.type)) return NOT_RECURRING;
  const monthlyOrYearly = rule.type === "monthly" || rule.type === "yearly";
  const days = rule.days ?? [weekdayOf(isoDate(start))];
  return {
    isRecurring: true,
    recurrenceType: rule.type,
    recurrenceFrequency: rule.type === "yearly" || rule.weekdaysOnly ? 1 : rule.interval,
    recurrenceEndDate: endDateOf(end, said.until, start),
    recurrenceDaysOfWeek: rule.type === "weekly" ? WEEKDAYS.filter((d) => days.includes(d)) : null,
    recurrenceCount:
      end?.kind === "count" ? Math.min(Math.max(end.count, 1), RECURRENCE_COUNT_MAX) : null,
    recurrenceWeekdaysOnly: rule.type === "daily" ? rule.weekdaysOnly : null,
    recurrenceMonthlyBy: monthlyOrYearly
      ? rule.nthWeekday
        ? "weekdayOfMonth"
        : "dayOfMonth"
      : null,
    recurrenceWeekOfMonth: rule.nthWeekday ? rule.nthWeekday.week : null,
  };
}

/**
 * The last day of the series: the one said, else 3 months on. An end before the start, or more
 * than five years after it, was misheard: the series gets the standard end.
 */
function endDateOf(end: RepeatEnd | null, until: Day | null, start: Day): string | null {
  const standard = start.add({ months: VOICE_RECURRENCE_MONTHS });
  const latest = start.add({ years: LONGEST_SERIES_YEARS });
  const said = (day: Day) =>
    Temporal.PlainDate.compare(day, start) >= 0 && Temporal.PlainDate.compare(day, latest) <= 0
      ? isoDate(day)
      : isoDate(standard);
  if (until) return said(until);
  if (!end) return isoDate(standard);
  switch (end.kind) {
    case "count":
    case "never":
      return null;
    case "for": {
      const amount = Math.min(end.amount, LONGEST_SERIES_YEARS * 366);
      return said(start.add({ [end.unit]: amount }).subtract({ days: 1 }));
    }
    case "endOf":
      return said(
        end.unit === "month"
          ? start.with({ day: start.daysInMonth })
          : start.with({ month: 12, day: 31 }),
      );
  }
}

/**
 * When a plan happens, and how an edit moves it: pure arithmetic on instants and days, no
 * database. A timed plan is an instant pair read in its zone; an all-day plan a pair of dates
 * (docs/decisions/009). A series moves by the wall-clock (or calendar) change the user made to
 * the occurrence they edited.
 */
import { addDays, dayIn, daysBetween, startOfDay } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import type { CreatePlanInput, UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { Temporal } from "temporal-polyfill";
import { AppError } from "../errors";
import type { OccurrenceRecord, PlanRow } from "./plan-rows";
import type { SeriesStart } from "./recurrence";

/** A timed plan: an instant pair, read in `timeZone`. Spreads onto a plan row's columns. */
export interface TimedTiming {
  allDay: false;
  timeZone: string;
  startsAt: Date;
  endsAt: Date | null;
  startDate: null;
  endDate: null;
}

/** An all-day plan: its first and (optionally) last day. */
export interface AllDayTiming {
  allDay: true;
  timeZone: string;
  startsAt: null;
  endsAt: null;
  startDate: string;
  endDate: string | null;
}

/** When a plan happens: an instant pair in a zone, or a pair of dates. */
export type Timing = TimedTiming | AllDayTiming;

/** Where a row starts: an instant, or a day (a plan's or an occurrence's columns). */
type RowStart = Pick<OccurrenceRecord, "startsAt" | "startDate">;

/** A row's start instant, which a timed row always has. */
function instantOf(value: Date | null): Date {
  if (value === null) throw new Error("a timed row has no start");
  return value;
}

/** A row's start day, which an all-day row always has. */
function dateOf(value: string | null): string {
  if (value === null) throw new Error("an all-day row has no start date");
  return value;
}

/** The timing itself, or 400 when it ends before it starts. */
export function checkOrder<T extends Timing>(timing: T): T {
  const backwards = timing.allDay
    ? timing.endDate !== null && timing.startDate > timing.endDate
    : timing.endsAt !== null && timing.startsAt > timing.endsAt;
  if (backwards) throw new AppError("BAD_REQUEST", messages.endBeforeStart);
  return timing;
}

/**
 * A new plan's timing from what it sends, in `timeZone`: an all-day plan's days are the sent
 * date, else the days its instants fall on there.
 */
export function newTiming(
  input: Pick<CreatePlanInput, "allDay" | "date" | "startTime" | "endTime">,
  timeZone: string,
): Timing {
  if (input.allDay ?? false) {
    return checkOrder({
      allDay: true,
      timeZone,
      startsAt: null,
      endsAt: null,
      startDate: input.date ?? dayIn(input.startTime, timeZone),
      endDate: input.endTime ? dayIn(input.endTime, timeZone) : null,
    });
  }
  return checkOrder({
    allDay: false,
    timeZone,
    startsAt: input.startTime,
    endsAt: input.endTime ?? null,
    startDate: null,
    endDate: null,
  });
}

/** Where a series with this timing starts (its anchor). */
export function seriesStartOfTiming(timing: Timing): SeriesStart {
  return timing.allDay
    ? { allDay: true, date: timing.startDate }
    : { allDay: false, start: timing.startsAt, timeZone: timing.timeZone };
}

/**
 * The timing an edit asks for, from what it sends and what the occurrence (or one-off plan)
 * has now: a start alone keeps the length, an all-day switch reads the day in the plan's zone.
 */
export function editedTiming(
  plan: Pick<PlanRow, "timeZone" | "allDay">,
  current: Pick<OccurrenceRecord, "startsAt" | "endsAt" | "startDate" | "endDate">,
  input: Pick<UpdatePlanInput, "timeZone" | "allDay" | "date" | "startTime" | "endTime">,
): Timing {
  const timeZone = input.timeZone ?? plan.timeZone;
  const allDay = input.allDay ?? plan.allDay;
  const start = current.startsAt ?? startOfDay(dateOf(current.startDate), timeZone);
  if (allDay) {
    const startDate =
      input.date ??
      (input.startTime ? dayIn(input.startTime, timeZone) : null) ??
      current.startDate ??
      dayIn(start, timeZone);
    let endDate: string | null;
    if (input.endTime !== undefined) {
      endDate = input.endTime ? dayIn(input.endTime, timeZone) : null;
    } else if (current.startDate !== null && current.endDate !== null) {
      endDate = addDays(startDate, daysBetween(current.startDate, current.endDate));
    } else {
      endDate = null;
    }
    return checkOrder({ allDay, timeZone, startsAt: null, endsAt: null, startDate, endDate });
  }
  const startsAt = input.startTime ?? start;
  let endsAt: Date | null;
  if (input.endTime !== undefined) endsAt = input.endTime ?? null;
  else if (current.startsAt && current.endsAt) {
    endsAt = new Date(startsAt.getTime() + (current.endsAt.getTime() - current.startsAt.getTime()));
  } else endsAt = null;
  return checkOrder({ allDay, timeZone, startsAt, endsAt, startDate: null, endDate: null });
}

type Anchor = Pick<PlanRow, "timeZone" | "startsAt" | "startDate">;

/** The day a row starts on, in `zone` (an all-day row: its date). */
function dayOfRow(row: RowStart, zone: string): string {
  return row.startDate ?? dayIn(instantOf(row.startsAt), zone);
}

/**
 * How many calendar days an edit moves the occurrence it was made on (read in the series' zone;
 * a timed edit in its own zone): every occurrence of the series moves by as many.
 */
export function daysMoved(plan: Pick<PlanRow, "timeZone">, from: RowStart, to: Timing): number {
  return to.allDay
    ? daysBetween(dayOfRow(from, plan.timeZone), to.startDate)
    : daysBetween(dayOfRow(from, to.timeZone), dayIn(to.startsAt, to.timeZone));
}

/** Wall-clock (or calendar) move from one start to another, applied to a series' anchor. */
export function shiftAnchor(plan: Anchor, from: RowStart, to: Timing): Timing {
  return to.allDay ? shiftDays(plan, from, to) : shiftWallClock(plan, from, to);
}

/** The calendar move of an all-day edit: the anchor moves by as many days, the length kept. */
function shiftDays(plan: Anchor, from: RowStart, to: AllDayTiming): AllDayTiming {
  const startDate = addDays(dayOfRow(plan, plan.timeZone), daysMoved(plan, from, to));
  const length = to.endDate === null ? null : daysBetween(to.startDate, to.endDate);
  return {
    ...to,
    startDate,
    endDate: length === null ? null : addDays(startDate, length),
  };
}

/**
 * The wall-clock move of a timed edit, in its zone: the anchor moves by as many days and takes
 * the edit's time of day, the duration kept.
 */
function shiftWallClock(plan: Anchor, from: RowStart, to: TimedTiming): TimedTiming {
  const zone = to.timeZone;
  const anchorDay = addDays(dayOfRow(plan, zone), daysMoved(plan, from, to));
  const anchor = Temporal.PlainDate.from(anchorDay).toZonedDateTime({
    timeZone: zone,
    plainTime: Temporal.Instant.fromEpochMilliseconds(to.startsAt.getTime())
      .toZonedDateTimeISO(zone)
      .toPlainTime(),
  });
  const startsAt = new Date(anchor.epochMilliseconds);
  const duration = to.endsAt ? to.endsAt.getTime() - to.startsAt.getTime() : null;
  return {
    ...to,
    startsAt,
    endsAt: duration === null ? null : new Date(startsAt.getTime() + duration),
  };
}

/** What an occurrence of a series is named by: its original start, or its original date. */
export type OriginalName = Pick<OccurrenceRecord, "originalStart" | "originalDate">;

/**
 * Where an edit of a series moves one of its occurrences: the move shiftAnchor makes of the
 * series' start (as many days as the edited occurrence moved, at the edit's time of day), made
 * of the occurrence's original. Named as the edited series names them: by date when all-day.
 */
export function movedOriginal(
  series: Pick<PlanRow, "timeZone">,
  original: OriginalName,
  reference: RowStart,
  edited: Timing,
): OriginalName {
  const anchor = {
    timeZone: series.timeZone,
    startsAt: original.originalStart,
    startDate: original.originalDate,
  };
  const moved = shiftAnchor(anchor, reference, edited);
  return moved.allDay
    ? { originalStart: null, originalDate: moved.startDate }
    : { originalStart: moved.startsAt, originalDate: null };
}

/** The day before an occurrence's original day, in the series' zone: where the old part ends. */
export function dayBefore(
  plan: Pick<PlanRow, "timeZone">,
  occurrence: Pick<OccurrenceRecord, "originalStart" | "originalDate">,
): string {
  const day = occurrence.originalDate ?? dayIn(instantOf(occurrence.originalStart), plan.timeZone);
  return Temporal.PlainDate.from(day).subtract({ days: 1 }).toString();
}

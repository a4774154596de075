/**
 * Where the week's time grid draws a plan, and where a drag drops it (issue 21; docs/decisions/023,
 * "The week as a time grid, and moving plans"): minutes of the day on the wall clock of the
 * profile's zone, as every plan screen reads times. Pure, so the layout and the snapping are
 * tested without a browser.
 */
import { type Day, dayIn, instantAt } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { planSpan, spanDaysWithin } from "@circleplan/shared/plan-span";
import { clockOf, wallMinutes } from "../../lib/days";

export const DAY_MINUTES = 24 * 60;
/** An empty slot adds a plan at its start: half hours, as Google Calendar and Cozi offer them. */
export const SLOT_MINUTES = 30;
/** A drag lands on quarter hours, and the keys move by as much. */
export const SNAP_MINUTES = 15;
/**
 * How tall a plan without an end is drawn: it still has no end (the spec's plan), but a line's
 * height is needed to read and grab it.
 */
export const NO_END_MINUTES = 30;
/** The hour the grid shows first in a week without timed plans. */
export const DEFAULT_FIRST_HOUR = 7;

type Timed = Pick<Plan, "startTime" | "endTime">;

/**
 * Where a timed plan sits in a day's column (its start's day unless `day` says another it
 * covers): minutes from midnight, and how long. A plan past midnight is split there (docs/
 * decisions/023, "Plans over several days"): its start's day to midnight, a later day from
 * midnight to its end, or the whole of a day in between.
 */
export function placeOf(plan: Timed, zone: string, day?: Day): { top: number; length: number } {
  const startDay = dayIn(plan.startTime, zone);
  const shown = day ?? startDay;
  const top = shown > startDay ? 0 : wallMinutes(plan.startTime, zone);
  const end = plan.endTime;
  let length = NO_END_MINUTES;
  if (end && end.getTime() > plan.startTime.getTime()) {
    length = (dayIn(end, zone) === shown ? wallMinutes(end, zone) : DAY_MINUTES) - top;
  }
  // A very short plan still needs a grabbable height; nothing runs past the day's end.
  return { top, length: Math.min(Math.max(length, SNAP_MINUTES), DAY_MINUTES - top) };
}

export interface Placed<T> {
  plan: T;
  top: number;
  length: number;
  /** Its column among the plans it overlaps, from 0. */
  column: number;
  /** How many columns its group of overlapping plans needs. */
  columns: number;
}

/**
 * Plans of one day side by side where they overlap, as calendars lay them out: plans that overlap
 * one another, directly or through others, form a group; each takes the first column free at its
 * start, and the group shares the width among the columns it needed.
 */
export function layoutDay<T extends Timed>(
  plans: readonly T[],
  zone: string,
  day?: Day,
): Placed<T>[] {
  const placed = plans
    .map((plan) => ({ plan, ...placeOf(plan, zone, day), column: 0, columns: 1 }))
    .sort((a, b) => a.top - b.top || b.length - a.length);
  let group: typeof placed = [];
  /** Where each column of the group is free again. */
  let columnEnds: number[] = [];
  const closeGroup = () => {
    for (const item of group) item.columns = columnEnds.length;
    group = [];
    columnEnds = [];
  };
  for (const item of placed) {
    if (group.length > 0 && columnEnds.every((end) => end <= item.top)) closeGroup();
    let column = columnEnds.findIndex((end) => end <= item.top);
    if (column === -1) column = columnEnds.length;
    columnEnds[column] = item.top + item.length;
    item.column = column;
    group.push(item);
  }
  closeGroup();
  return placed;
}

/** Whether an all-day plan covers more than one day: the week draws it across them. */
export function isOverSeveralDays(
  plan: Pick<Plan, "allDay" | "date" | "startTime" | "endTime">,
  zone: string,
): boolean {
  const { first, last } = planSpan(plan, zone);
  return plan.allDay && last > first;
}

/** An all-day plan over several days in the week's all-day row. */
export interface Bar<T> {
  plan: T;
  /** The first of the week's days it is drawn on, from 0. */
  column: number;
  /** How many of the week's days it covers. */
  span: number;
  /** Its line among the bars, from 0: bars that share a day are drawn one under another. */
  lane: number;
}

/**
 * The week's all-day plans over several days as bars across the days they cover (clipped to
 * `days`), each in the first line free from its first day; the earlier and the longer first.
 */
export function allDayBars<T extends Pick<Plan, "allDay" | "date" | "startTime" | "endTime">>(
  plans: readonly T[],
  days: readonly Day[],
  zone: string,
): Bar<T>[] {
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return [];
  const bars = plans.flatMap((plan) => {
    if (!isOverSeveralDays(plan, zone)) return [];
    const shown = spanDaysWithin(planSpan(plan, zone), first, last);
    const column = days.indexOf(shown[0] ?? "");
    return column === -1 ? [] : [{ plan, column, span: shown.length, lane: 0 }];
  });
  bars.sort((a, b) => a.column - b.column || b.span - a.span);
  /** Where each line is free again (a column). */
  const laneEnds: number[] = [];
  for (const bar of bars) {
    let lane = laneEnds.findIndex((end) => end <= bar.column);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = bar.column + bar.span;
    bar.lane = lane;
  }
  return bars;
}

/** The hour the grid scrolls to first: the earliest timed plan's, else 7:00. */
export function firstHourShown(plans: readonly Timed[], zone: string): number {
  if (plans.length === 0) return DEFAULT_FIRST_HOUR;
  return Math.floor(Math.min(...plans.map((plan) => wallMinutes(plan.startTime, zone))) / 60);
}

/** Minutes of the day rounded to the nearest quarter hour, kept within the day. */
export function snapMinutes(minutes: number): number {
  const snapped = Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(Math.max(snapped, 0), DAY_MINUTES - SNAP_MINUTES);
}

/**
 * Where a dragged timed plan lands: the day it was dropped on, at its start moved by how far it
 * was dragged (`movedPixels` down, at `pixelsPerMinute`), snapped to a quarter hour within that
 * day. Null when it lands where it was.
 */
export function droppedStart(
  plan: Pick<Plan, "startTime">,
  drop: { day: Day; movedPixels: number; pixelsPerMinute: number },
  zone: string,
): Date | null {
  if (!(drop.pixelsPerMinute > 0)) return null;
  const moved = drop.movedPixels / drop.pixelsPerMinute;
  // A nudge shorter than half a step is no move, even for a plan off the quarter hours.
  if (drop.day === dayIn(plan.startTime, zone) && Math.abs(moved) < SNAP_MINUTES / 2) return null;
  const minutes = snapMinutes(wallMinutes(plan.startTime, zone) + moved);
  const start = instantAt(drop.day, clockOf(minutes), zone);
  return start.getTime() === plan.startTime.getTime() ? null : start;
}

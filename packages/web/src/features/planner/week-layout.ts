/**
 * Where the week's time grid draws a plan, and where a drag drops it (issue 21; docs/decisions/023,
 * "The week as a time grid, and moving plans"): minutes of the day on the wall clock of the
 * profile's zone, as every plan screen reads times. Pure, so the layout and the snapping are
 * tested without a browser.
 */
import { type Day, dayIn, instantAt } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
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

/** Where a timed plan sits in its start day's column: minutes from midnight, and how long. */
export function placeOf(plan: Timed, zone: string): { top: number; length: number } {
  const top = wallMinutes(plan.startTime, zone);
  const end = plan.endTime;
  let length = NO_END_MINUTES;
  if (end && end.getTime() > plan.startTime.getTime()) {
    // An end on a later day is drawn to midnight: the column is the start's day.
    length =
      dayIn(end, zone) === dayIn(plan.startTime, zone)
        ? wallMinutes(end, zone) - top
        : DAY_MINUTES - top;
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
export function layoutDay<T extends Timed>(plans: readonly T[], zone: string): Placed<T>[] {
  const placed = plans
    .map((plan) => ({ plan, ...placeOf(plan, zone), column: 0, columns: 1 }))
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

/**
 * Moving a plan to another day or time without the form (issue 21, "Move by dragging"; docs/
 * decisions/023, "The week as a time grid, and moving plans"): where a step (a day, a quarter
 * hour) takes it, and the update that says so. The length is kept; what is sent is the start and,
 * for a plan that has one, the end, so the server saves what the screen showed.
 */
import { addDays, type Day, dayIn, instantAt } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { clockOf, wallMinutes } from "../../lib/days";
import { type OccurrenceScope, scopeOf } from "./occurrence-ref";

/** Where a plan goes: a timed plan's new start and end, or an all-day plan's new first day. */
export type PlanMoveTarget =
  | { allDay: false; startTime: Date; endTime: Date | null }
  | { allDay: true; date: Day };

/** A timed plan starting at `startTime`, its length kept. */
export function timedTarget(
  plan: Pick<Plan, "startTime" | "endTime">,
  startTime: Date,
): PlanMoveTarget {
  const length = plan.endTime ? plan.endTime.getTime() - plan.startTime.getTime() : null;
  return {
    allDay: false,
    startTime,
    endTime: length === null ? null : new Date(startTime.getTime() + length),
  };
}

/** Where the plan is now: what Undo puts it back to. */
export function targetOf(plan: Pick<Plan, "allDay" | "date" | "startTime" | "endTime">) {
  return plan.allDay
    ? { allDay: true as const, date: plan.date }
    : timedTarget(plan, plan.startTime);
}

/**
 * Moved by whole days and minutes on the wall clock of `zone`, so "15 minutes earlier" at 00:10
 * is 23:55 the day before, and a day later is the same time of day across a clock change. An
 * all-day plan moves by days only.
 */
export function movedBy(
  plan: Pick<Plan, "allDay" | "date" | "startTime" | "endTime">,
  { days = 0, minutes = 0 }: { days?: number; minutes?: number },
  zone: string,
): PlanMoveTarget {
  if (plan.allDay) return { allDay: true, date: addDays(plan.date, days) };
  const wall = wallMinutes(plan.startTime, zone) + minutes;
  const dayShift = Math.floor(wall / (24 * 60));
  const day = addDays(dayIn(plan.startTime, zone), days + dayShift);
  return timedTarget(plan, instantAt(day, clockOf(wall - dayShift * 24 * 60), zone));
}

/**
 * The update that moves `plan` (as last answered: its id, version and occurrence) to `target`,
 * for an occurrence of a series with the scope chosen.
 */
export function moveInput(
  plan: Plan,
  target: PlanMoveTarget,
  scope?: OccurrenceScope,
): UpdatePlanInput {
  const timing = target.allDay
    ? { date: target.date }
    : { startTime: target.startTime, ...(target.endTime ? { endTime: target.endTime } : {}) };
  return { id: plan.id, version: plan.version, ...timing, ...scopeOf(plan, scope) };
}

/**
 * A series' written window (docs/decisions/016-bounded-work.md): the rows write-occurrences.ts
 * writes for a series are the occurrences whose original start lies around now, from
 * WINDOW_BACK_DAYS before it to SERIES_HORIZON_MONTHS after it, so writing a series costs the
 * same whenever it starts and however long it runs. Reads answer occurrences outside the window
 * by expanding the rule in memory (unwritten-occurrences.ts) and write nothing.
 *
 * `plans.expanded_from` / `plans.expanded_until` say where a series' rows are complete: every
 * occurrence whose original start (an all-day one's date at UTC midnight) lies in
 * [expanded_from, expanded_until) is a row; null ends mean "from the first" and "to the last".
 * Outside, the only rows are occurrences with state of their own (moved, cancelled, completed)
 * and the ones a change wrote to give one that state.
 */
import { addDays, daysBetween } from "@circleplan/shared/days";
import { addMonths, dayToUtc } from "./plan-days";
import type { OccurrenceRecord, PlanRow } from "./plan-rows";
import type { OriginalStart, RecurrenceRule } from "./recurrence";

/** How far back of now a series is written: the recent past every default view reads. */
export const WINDOW_BACK_DAYS = 70;
/** How far ahead of now a series is written: past the upcoming list's year. */
export const SERIES_HORIZON_MONTHS = 18;
/**
 * The scheduled job moves a series' window forward once its written end comes this near
 * (housekeeping.ts), so a read up to a year and a margin ahead finds rows.
 */
export const SERIES_REFRESH_MONTHS = 13;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window written at `now`: from WINDOW_BACK_DAYS before it to the horizon after it. */
export function windowAround(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - WINDOW_BACK_DAYS * DAY_MS),
    to: addMonths(now, SERIES_HORIZON_MONTHS),
  };
}

/**
 * An instant after a rule's last occurrence, or null for a rule that never ends. A count ends
 * within RECURRENCE_COUNT_MAX occurrences: such a series is written whole, so its end is not
 * needed here. An end day closes two days after its UTC midnight, past every zone's offset.
 */
export function ruleEndBound(rule: RecurrenceRule): Date | null {
  return rule.until === null ? null : dayToUtc(addDays(rule.until, 2));
}

/** The instant an original start is compared by: an all-day one's date at UTC midnight. */
export function instantOf(original: OriginalStart): Date {
  return original.allDay ? dayToUtc(original.date) : original.start;
}

/** Whether `plan`'s rows hold every occurrence whose original start is `at`. */
export function isWritten(plan: Pick<PlanRow, "expandedFrom" | "expandedUntil">, at: Date) {
  return (
    (plan.expandedFrom === null || at >= plan.expandedFrom) &&
    (plan.expandedUntil === null || at < plan.expandedUntil)
  );
}

/** The key rows are compared by: the original date of an all-day occurrence, else its start. */
export function keyOf(row: { originalStart: Date | null; originalDate: string | null }): string {
  return row.originalDate ?? row.originalStart?.toISOString() ?? "";
}
export function keyOfOriginal(original: OriginalStart): string {
  return original.allDay ? original.date : original.start.toISOString();
}

/** The row an occurrence of `plan` has when nothing about it was changed on its own. */
export function generatedRow(plan: PlanRow, original: OriginalStart) {
  if (original.allDay) {
    const length =
      plan.startDate && plan.endDate ? daysBetween(plan.startDate, plan.endDate) : null;
    return {
      planId: plan.id,
      circleId: plan.circleId,
      originalStart: null,
      originalDate: original.date,
      startsAt: null,
      endsAt: null,
      startDate: original.date,
      endDate: length === null ? null : addDays(original.date, length),
    };
  }
  const duration =
    plan.startsAt && plan.endsAt ? plan.endsAt.getTime() - plan.startsAt.getTime() : null;
  return {
    planId: plan.id,
    circleId: plan.circleId,
    originalStart: original.start,
    originalDate: null,
    startsAt: original.start,
    endsAt: duration === null ? null : new Date(original.start.getTime() + duration),
    startDate: null,
    endDate: null,
  };
}

/**
 * An occurrence outside the written window as a read answers it: the row it would have, with
 * no state of its own. Its id is 0: no row holds it. A change that gives it state writes its
 * row first (write-occurrences.ts `occurrenceRowFor`).
 */
export function unwrittenRecord(plan: PlanRow, original: OriginalStart): OccurrenceRecord {
  return {
    id: 0,
    ...generatedRow(plan, original),
    isException: false,
    isCancelled: false,
    overrides: null,
    isCompleted: null,
    completedAt: null,
    completedBy: null,
  };
}

/**
 * The parts of [from, to) a series' rows do not cover: before `expanded_from` and from
 * `expanded_until` on. Empty for a plan whose rows are complete.
 */
export function unwrittenParts(
  plan: Pick<PlanRow, "expandedFrom" | "expandedUntil">,
  from: Date,
  to: Date,
): { from: Date; to: Date }[] {
  const parts: { from: Date; to: Date }[] = [];
  if (plan.expandedFrom !== null && from < plan.expandedFrom) {
    parts.push({ from, to: to < plan.expandedFrom ? to : plan.expandedFrom });
  }
  if (plan.expandedUntil !== null && to > plan.expandedUntil) {
    parts.push({ from: from > plan.expandedUntil ? from : plan.expandedUntil, to });
  }
  return parts.filter((part) => part.from < part.to);
}

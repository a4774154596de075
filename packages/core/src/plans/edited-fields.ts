/**
 * What an edit sends, read against the plan it changes: which keys change the plan at all, its
 * content fields, its assignee (checked) and its rule as the edit leaves them.
 */

import type { Tx } from "@circleplan/db/client";
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import { type PlanType, WEEKDAYS, type Weekday, type WeekStart } from "@circleplan/shared/limits";
import { planTypeFor, RECURRENCE_FIELD_NAMES } from "@circleplan/shared/plan-rules";
import type { RecurrenceInput, UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { requireAssignable } from "./plan-access";
import type { PlanRow } from "./plan-rows";
import type { Timing } from "./plan-timing";
import {
  mergedRecurrenceFields,
  type RecurrenceRule,
  ruleFromFields,
  type SeriesStart,
  storedRule,
  weekStartOfRule,
} from "./recurrence";

/** The fields an occurrence may change on its own, and so a plan's "content". */
export const CONTENT_FIELDS = [
  "title",
  "description",
  "location",
  "locationLat",
  "locationLng",
  "locationPlaceId",
  "mapUrl",
  "reminderTimes",
  "eventColor",
  "voiceNote",
] as const satisfies readonly (keyof OccurrenceOverrides & keyof UpdatePlanInput)[];

/** Keys of an update that change nothing about the plan itself. */
const NAMING_KEYS = new Set([
  "id",
  "version",
  "isCompleted",
  "occurrenceStart",
  "occurrenceDate",
  "scope",
]);

/** The keys an edit sends that change the plan itself. */
export function sentKeys(input: UpdatePlanInput): string[] {
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && !NAMING_KEYS.has(key))
    .map(([key]) => key);
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Rules compared field by field (a rule read back from jsonb has its keys in another order). */
export function sameRule(a: RecurrenceRule | null, b: RecurrenceRule | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof RecurrenceRule)[]).every((key) => sameValue(a[key], b[key]));
}

/** The recurrence fields an edit sends. */
export const recurrenceFieldsOf = (input: RecurrenceInput): RecurrenceInput =>
  Object.fromEntries(
    RECURRENCE_FIELD_NAMES.filter((key) => input[key] !== undefined).map((key) => [
      key,
      input[key],
    ]),
  );

/** The plan's content fields as an edit leaves them. */
export function editedContent(input: UpdatePlanInput) {
  const content: Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>> = {};
  for (const key of CONTENT_FIELDS) {
    if (input[key] !== undefined)
      content[key] = input[key] ?? (key === "reminderTimes" ? [] : null);
  }
  return content as Partial<Pick<PlanRow, (typeof CONTENT_FIELDS)[number]>>;
}

/**
 * Who a plan is assigned to after an edit, checked: the assignee must be a member of the plan's
 * (possibly new) circle. A changed assignee starts over: the answer is pending again.
 */
export async function editedAssignment(
  tx: Tx,
  plan: PlanRow,
  input: UpdatePlanInput,
  circleId: number,
) {
  const assignedTo = input.assignedTo !== undefined ? (input.assignedTo ?? null) : plan.assignedTo;
  if (assignedTo !== null) await requireAssignable(tx, circleId, assignedTo);
  if (assignedTo === plan.assignedTo) return { assignedTo };
  return {
    assignedTo,
    assignmentAccepted: null,
    responseNote: null,
    respondedAt: null,
    // A task given to someone anew is no longer a withdrawn one.
    ...(assignedTo !== null ? { cancelledAt: null, cancelledAssignee: null } : {}),
  };
}

/**
 * The rule after an edit: the sent recurrence fields over the current rule, for the new start.
 * `remainingCount`: a counted series split in two, the new part's share. `movedDays`: how far the
 * edit moves every occurrence; a weekly series' days move with them unless the edit chose days.
 * A series keeps its week start; `weekStart` is the one a one-off plan made a series takes (its
 * creator's), Sunday if not given.
 */
export function editedRule(
  plan: PlanRow,
  input: UpdatePlanInput,
  start: SeriesStart,
  moved: { remainingCount?: number; movedDays?: number; weekStart?: WeekStart } = {},
): RecurrenceRule | null {
  const current = storedRule(plan.recurrence);
  const sent = recurrenceFieldsOf(input as RecurrenceInput);
  const fields = mergedRecurrenceFields(current, sent);
  if (current === null && sent.isRecurring === undefined && sent.recurrenceType === undefined) {
    return null;
  }
  const { remainingCount, movedDays = 0 } = moved;
  if (remainingCount !== undefined && current?.count !== null && current?.count !== undefined) {
    // A counted series split in two: the new part has what the old one had left, unless the
    // edit chose another count.
    if (sent.recurrenceCount === undefined || sent.recurrenceCount === current.count) {
      fields.recurrenceCount = remainingCount;
    }
  }
  const days = current?.daysOfWeek;
  const keptDays = sent.recurrenceDaysOfWeek === undefined || sameDays(sent, days);
  if (movedDays % 7 !== 0 && fields.recurrenceType === "weekly" && days && keptDays) {
    // Monday's class moved to Tuesday with "all": the series is on Tuesdays now, not on Mondays
    // from a Tuesday start (the form sends the days only when the user changed them).
    fields.recurrenceDaysOfWeek = days.map((day) => weekdayAfter(day, movedDays));
  }
  return ruleFromFields(fields, start, current ? weekStartOfRule(current) : moved.weekStart);
}

const sameDays = (sent: RecurrenceInput, days: readonly Weekday[] | null | undefined) =>
  sameValue(
    WEEKDAYS.filter((day) => sent.recurrenceDaysOfWeek?.includes(day)),
    days,
  );

function weekdayAfter(day: Weekday, days: number): Weekday {
  return WEEKDAYS[(((WEEKDAYS.indexOf(day) + days) % 7) + 7) % 7] as Weekday;
}

/**
 * An imported plan's source, cleared (docs/decisions/027): the new part of a split series and a
 * plan moved to another circle are the app's plans, which a re-import never touches (and a
 * second plan with the same source in one circle would break its uniqueness).
 */
export const NOT_IMPORTED = {
  importUid: null,
  importInstance: null,
  importSequence: null,
  importModified: null,
} as const;

/**
 * The plan columns an edit writes, whether it rewrites the plan or starts a new series from it:
 * the content, assignment and timing as edited, and its type (a plan with an assignee is a task).
 */
export function editedColumns(
  plan: PlanRow,
  input: UpdatePlanInput,
  edit: {
    assignment: Awaited<ReturnType<typeof editedAssignment>>;
    timing: Timing;
    circleId: number;
    rule: RecurrenceRule | null;
  },
) {
  const type = planTypeFor(
    edit.assignment.assignedTo,
    (input.type as PlanType | undefined) ?? plan.type,
  );
  return {
    ...editedContent(input),
    ...edit.assignment,
    ...edit.timing,
    type,
    circleId: edit.circleId,
    recurrence: edit.rule as Record<string, unknown> | null,
    ...(edit.circleId !== plan.circleId ? NOT_IMPORTED : {}),
  };
}

/**
 * What an edit sends: only the fields that changed (PUT changes only what is sent, so a field
 * someone else changed meanwhile is not put back), the version it is based on, and for a
 * recurring plan which occurrences it applies to.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { RECURRENCE_FIELD_NAMES } from "@circleplan/shared/plan-rules";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { type OccurrenceScope, scopeOf } from "../../components/plans/occurrence-ref";
import { type PlanFormOutput, type PlanPayload, planPayload } from "./plan-form-values";

const SINGLE_KEYS = [
  "title",
  "description",
  "location",
  "mapUrl",
  "reminderTimes",
] as const satisfies readonly (keyof PlanPayload)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function startChanged(before: PlanPayload, after: PlanPayload): boolean {
  return (
    before.startTime.getTime() !== after.startTime.getTime() ||
    before.allDay !== after.allDay ||
    before.date !== after.date
  );
}

export function recurrenceChanged(before: PlanFormOutput | null, after: PlanFormOutput): boolean {
  if (!before) return true;
  const a = planPayload(before, "UTC");
  const b = planPayload(after, "UTC");
  return RECURRENCE_FIELD_NAMES.some((key) => !same(a[key], b[key]));
}

export interface EditRequest {
  plan: Plan;
  /**
   * The form as it was loaded (null when the plan as loaded breaks a form rule, a plan from
   * another client: then every field is sent), and as it is now.
   */
  before: PlanFormOutput | null;
  after: PlanFormOutput;
  zone: string;
  /** Asked only for an occurrence of a series. */
  scope?: OccurrenceScope | undefined;
}

/** The update to send, or null when nothing changed. */
export function editInput({
  plan,
  before,
  after,
  zone,
  scope,
}: EditRequest): UpdatePlanInput | null {
  const next = planPayload(after, zone);
  if (!before) {
    const { date, ...fields } = next;
    return {
      id: plan.id,
      version: plan.version,
      ...fields,
      ...(date ? { date } : {}),
      circleId: Number(after.circleId),
      isCompleted: after.isCompleted,
      ...scopeOf(plan, scope),
    };
  }
  const old = planPayload(before, zone);
  const changes: Partial<UpdatePlanInput> = {};

  for (const key of SINGLE_KEYS) {
    if (!same(old[key], next[key])) Object.assign(changes, { [key]: next[key] });
  }
  if (old.assignedTo !== next.assignedTo || old.type !== next.type) {
    changes.assignedTo = next.assignedTo;
    changes.type = next.type;
  }
  if (before.circleId !== after.circleId) changes.circleId = Number(after.circleId);
  if (before.isCompleted !== after.isCompleted) changes.isCompleted = after.isCompleted;
  if (RECURRENCE_FIELD_NAMES.some((key) => !same(old[key], next[key]))) {
    for (const key of RECURRENCE_FIELD_NAMES) Object.assign(changes, { [key]: next[key] });
  }
  const moved = startChanged(old, next);
  if (moved) {
    // The occurrence's new start: with "All events" the server moves the whole series by as
    // much as this occurrence moved.
    changes.startTime = next.startTime;
    changes.allDay = next.allDay;
    if (next.date) changes.date = next.date;
  }
  // The end the form shows: sent when it changed, and with a new start, which alone would keep
  // the old length. An all-day plan has days, not an end time; the server drops a timed end.
  if (
    !next.allDay &&
    (!same(old.endTime, next.endTime) || (moved && (old.endTime || next.endTime)))
  ) {
    changes.endTime = next.endTime ?? null;
  }

  if (Object.keys(changes).length === 0) return null;
  return { id: plan.id, version: plan.version, ...changes, ...scopeOf(plan, scope) };
}

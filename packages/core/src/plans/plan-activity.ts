/**
 * What a change to a plan records in its circle's feed (activity/record.ts): the plan as members
 * see it, one occurrence of it, before and after the change, reduced to what changed, and the
 * kind of change that makes. Every plan path calls one of these in its transaction.
 */
import type { Tx } from "@circleplan/db/client";
import type { StoredActivityValues } from "@circleplan/shared/activity-outputs";
import type { ActivityKind, ActivityNamedField, ActivityScope } from "@circleplan/shared/limits";
import { recordActivity } from "../activity/record";
import type { Stamp } from "./change-stamp";
import { type OccurrenceRecord, type PlanRow, seriesStartOf } from "./plan-rows";
import { recurrencePattern, storedRule } from "./recurrence";

/** A plan as members see it: one occurrence of it, or the plan itself (its first). */
export interface PlanView {
  plan: PlanRow;
  occurrence?: OccurrenceRecord | null;
}

/** The values an entry can show, each one read as a person reads it. */
const READABLE = ["title", "start", "end", "place", "assigneeId", "repeat"] as const;
type Readable = {
  [K in (typeof READABLE)[number]]-?: Exclude<StoredActivityValues[K], undefined>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function readable({ plan, occurrence }: PlanView): Readable {
  const content = { ...plan, ...(occurrence?.overrides ?? {}) };
  const timing = occurrence ?? plan;
  const rule = storedRule(plan.recurrence);
  return {
    title: content.title,
    start: plan.allDay ? timing.startDate : (timing.startsAt?.toISOString() ?? null),
    end: plan.allDay ? timing.endDate : (timing.endsAt?.toISOString() ?? null),
    place: content.location ?? null,
    assigneeId: plan.assignedTo,
    repeat: rule ? recurrencePattern(rule, seriesStartOf(plan)) : null,
  };
}

/** A plan's fields an entry names without their values (a photo is a circle's). */
type PlanNamedField = Exclude<ActivityNamedField, "photo">;

/** The fields an entry names without their values, as `view` has them. */
function named({ plan, occurrence }: PlanView): Record<PlanNamedField, unknown> {
  const content = { ...plan, ...(occurrence?.overrides ?? {}) };
  return {
    description: content.description,
    mapUrl: content.mapUrl,
    coordinates: [content.locationLat, content.locationLng, content.locationPlaceId],
    reminderTimes: content.reminderTimes,
    eventColor: content.eventColor,
    voiceNote: content.voiceNote,
    type: plan.type,
  };
}

/** Every readable value the plan has (a plan created or deleted: the whole of it). */
function wholeValues(view: PlanView): StoredActivityValues {
  return Object.fromEntries(
    Object.entries(readable(view)).filter(([, value]) => value !== null),
  ) as StoredActivityValues;
}

/** A series' entries say which occurrences they apply to; a one-off plan's say nothing. */
const scopeOf = (plan: PlanRow, scope: ActivityScope): ActivityScope | null =>
  plan.recurrence === null ? null : scope;

function planOf(view: PlanView, scope: ActivityScope) {
  const { plan, occurrence } = view;
  return {
    id: plan.id,
    title: readable(view).title,
    occurrence: occurrence
      ? { originalStart: occurrence.originalStart, originalDate: occurrence.originalDate }
      : null,
    scope: scopeOf(plan, scope),
    people: {
      creatorId: plan.creatorId,
      assignedTo: plan.assignedTo,
      assignmentAccepted: plan.assignmentAccepted,
    },
  };
}

/** A new plan, as made. */
export function recordPlanCreated(tx: Tx, plan: PlanRow, stamp: Stamp) {
  return recordActivity(tx, {
    circleId: plan.circleId,
    actorId: stamp.by,
    kind: "plan_created",
    at: stamp.at,
    plan: planOf({ plan }, "all"),
    after: wholeValues({ plan }),
  });
}

/** A plan deleted (a series from `view`'s occurrence on, with "following"), or one occurrence. */
export function recordPlanDeleted(tx: Tx, view: PlanView, scope: ActivityScope, stamp: Stamp) {
  return recordActivity(tx, {
    circleId: view.plan.circleId,
    actorId: stamp.by,
    kind: scope === "occurrence" ? "occurrence_cancelled" : "plan_deleted",
    at: stamp.at,
    plan: planOf(view, scope),
    before: wholeValues(view),
  });
}

/** What an edit changed: the kind, and the readable values before and after that differ. */
export function planChange(
  before: PlanView,
  after: PlanView,
): { kind: ActivityKind; before: StoredActivityValues; after: StoredActivityValues } | null {
  const was = readable(before);
  const now = readable(after);
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of READABLE) {
    if (same(was[key], now[key])) continue;
    changedBefore[key] = was[key];
    changedAfter[key] = now[key];
  }
  const reassigned = "assigneeId" in changedAfter;
  const wasNamed = named(before);
  const nowNamed = named(after);
  // A plan given to someone becomes a task: the type follows the assignee, not worth naming.
  const changed = (Object.keys(nowNamed) as PlanNamedField[]).filter(
    (field) => !same(wasNamed[field], nowNamed[field]) && !(field === "type" && reassigned),
  );
  const keys = Object.keys(changedAfter);
  if (keys.length === 0 && changed.length === 0) return null;
  // Moved: only its time or day, and the words of its repeat that name them ("on Mondays").
  const timeOnly = keys.every((key) => key === "start" || key === "end" || key === "repeat");
  const moved = changed.length === 0 && timeOnly && keys.some((key) => key !== "repeat");
  let kind: ActivityKind = moved ? "plan_moved" : "plan_edited";
  if (reassigned) kind = now.assigneeId === null ? "task_withdrawn" : "task_assigned";
  return {
    kind,
    before: changedBefore as StoredActivityValues,
    after: { ...changedAfter, ...(changed.length > 0 ? { changed } : {}) } as StoredActivityValues,
  };
}

/**
 * An edit of a plan, one occurrence, or a series from one occurrence on (`after` is then the new
 * series): one entry, nothing when nothing a member sees changed. A plan its creator moved to
 * another of their circles leaves one circle and arrives in the other: an entry in each, saying
 * no more to either than its own members saw.
 */
export async function recordPlanEdit(
  tx: Tx,
  change: { before: PlanView; after: PlanView; scope: ActivityScope },
  stamp: Stamp,
) {
  const { before, after, scope } = change;
  if (before.plan.circleId !== after.plan.circleId) {
    const moving = { actorId: stamp.by, at: stamp.at };
    await recordActivity(
      tx,
      {
        ...moving,
        circleId: before.plan.circleId,
        kind: "plan_transferred_out",
        plan: planOf(before, scope),
        before: wholeValues(before),
      },
      {
        ...moving,
        circleId: after.plan.circleId,
        kind: "plan_transferred_in",
        plan: planOf(after, scope),
        after: wholeValues(after),
      },
    );
    return;
  }
  const changed = planChange(before, after);
  if (!changed) return;
  await recordActivity(tx, {
    circleId: after.plan.circleId,
    actorId: stamp.by,
    kind: changed.kind,
    at: stamp.at,
    plan: planOf(after, scope),
    before: changed.before,
    after: changed.after,
  });
}

/** A task's answer (with its note or reason), or its assignment withdrawn by its creator. */
export function recordTaskChange(
  tx: Tx,
  plan: PlanRow,
  change: {
    kind: "task_accepted" | "task_declined" | "task_withdrawn";
    before?: StoredActivityValues;
    after?: StoredActivityValues;
  },
  stamp: Stamp,
) {
  return recordActivity(tx, {
    circleId: plan.circleId,
    actorId: stamp.by,
    kind: change.kind,
    at: stamp.at,
    plan: planOf({ plan }, "all"),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** A plan, or one occurrence of a series, completed or reopened. */
export function recordCompletion(tx: Tx, view: PlanView, isCompleted: boolean, stamp: Stamp) {
  return recordActivity(tx, {
    circleId: view.plan.circleId,
    actorId: stamp.by,
    kind: isCompleted ? "plan_completed" : "plan_reopened",
    at: stamp.at,
    plan: planOf(view, view.occurrence ? "occurrence" : "all"),
  });
}

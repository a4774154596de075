/**
 * Tasks: plans with an assignee (api-conventions.md, "Plans and tasks"; plans spec, sections 4
 * and 6). The assignee answers once, while the task is pending (declining needs a reason); the
 * creator may withdraw the assignment; completion follows completion.ts. The Action Center's
 * lists (pending, history, expired) read only circles the caller still belongs to.
 *
 * Answering and withdrawing are about the whole task, a series included; completing may name
 * one occurrence of a series (it becomes an exception). A list names a series once, by its
 * current occurrence: the first from today on in the caller's zone, else its last.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { dayIn, startOfDay } from "@circleplan/shared/days";
import { LIST_ITEMS_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { and, desc, eq, inArray, isNotNull, isNull, not, or, type SQL, sql } from "drizzle-orm";
import { viewerZoneOf } from "../auth/viewer-zone";
import { type CircleCaller, circleIdsOfMember } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { withViewerInterest } from "../notifications/follows";
import { withinAnswerBudget } from "./answer-budget";
import { attachmentsOf } from "./attachments";
import { changeStamp, type Stamp } from "./change-stamp";
import { completionOccurrence, setCompletion } from "./completion";
import { findOccurrence, type OccurrenceName, type OccurrenceScope } from "./find-occurrence";
import { listOccurrences } from "./list-occurrences";
import { lockPlan } from "./plan-access";
import { recordTaskChange } from "./plan-activity";
import { type PlanViewer, planOf } from "./plan-answer";
import {
  type OccurrenceRecord,
  type OccurrenceRow,
  occurrenceSelect,
  type PlanRow,
  toOccurrenceRow,
} from "./plan-rows";
import { keyOf } from "./series-window";
import { monthWindow } from "./time-ranges";
import { toPlans } from "./to-plan";
import { answerRowFor, keysOutsideWindow, unwrittenOccurrenceFrom } from "./unwritten-occurrences";

export interface PendingTask {
  id: number;
  title: string;
  startTime: Date;
  date: string;
  circleId: number;
  circleName: string;
  circleColor: string;
  isAssignedToMe: boolean;
  isCreatedByMe: boolean;
  creatorName: string;
  assigneeName: string | null;
  description: string | null;
  originalStartTime: Date | null;
  originalDate: string | null;
}

/** The plan as answered after a change: the named occurrence, else the series' first. */
async function answeredPlan(
  db: Executor,
  planId: number,
  viewer: PlanViewer,
  name: OccurrenceName = {},
): Promise<Plan> {
  const row = await findOccurrence(db, planId, name);
  if (!row) throw new AppError("NOT_FOUND", messages.planNotFound);
  return planOf(db, row, viewer);
}

/**
 * POST /api/events/{id}/complete (and PUT /api/events/{id} with isCompleted through update-plan.ts):
 * completes or reopens the plan, or the one occurrence of a series that the input names.
 * Who may: completion.ts (the creator, or the assignee once accepted; 403 otherwise).
 */
export async function completePlan({
  deps,
  caller,
  input,
}: Call<{ id: number; isCompleted: boolean } & OccurrenceScope, CircleCaller>): Promise<{
  isCompleted: boolean;
  event: Plan;
}> {
  const zone = await viewerZoneOf(deps.db, caller);
  const named = input.occurrenceStart !== undefined || input.occurrenceDate !== undefined;
  completionOccurrence(input.scope, null); // refuses "following" before any work
  const name = { occurrenceStart: input.occurrenceStart, occurrenceDate: input.occurrenceDate };
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    let occurrence: OccurrenceRow | null = null;
    if (plan.recurrence !== null && input.scope !== "all") {
      occurrence = named ? await findOccurrence(tx, plan.id, name) : null;
      // As PUT /api/events/{id} answers an occurrence it cannot find (update-plan.ts).
      if (!occurrence && (named || input.scope === "occurrence")) {
        throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
      }
    }
    await setCompletion(
      tx,
      plan,
      caller,
      input.isCompleted,
      completionOccurrence(input.scope, occurrence?.occurrence ?? null),
      deps.clock.now(),
    );
    const answered = await answeredPlan(
      tx,
      plan.id,
      { userId: caller.userId, zone },
      occurrence ? name : {},
    );
    return { isCompleted: answered.isCompleted, event: answered };
  });
}

/**
 * Accept or decline (POST /api/events/{id}/respond, /api/tasks/{id}/accept, /decline): only
 * the assignee (403), only while pending (409), a decline only with a reason (400); a plan
 * without an assignee is not a task (400). Keeps the note or reason and when it was given.
 */
export async function respondToTask({
  deps,
  caller,
  input,
}: Call<{ id: number; accepted: boolean; note: string | null }, CircleCaller>): Promise<{
  accepted: boolean;
  event: Plan;
}> {
  const zone = await viewerZoneOf(deps.db, caller);
  const note = input.note?.trim() || null;
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    if (plan.assignedTo === null) throw new AppError("BAD_REQUEST", messages.taskNotATask);
    if (plan.assignedTo !== caller.userId) {
      throw new AppError("FORBIDDEN", messages.taskNotAssignedToYou);
    }
    if (plan.assignmentAccepted !== null) {
      throw new AppError("CONFLICT", messages.taskAlreadyAnswered);
    }
    if (!input.accepted && !note) {
      throw new AppError("VALIDATION_FAILED", messages.declineReasonRequired, {
        issues: [{ path: "note", message: messages.declineReasonRequired }],
      });
    }
    const stamp = { by: caller.userId, at: deps.clock.now() };
    await tx
      .update(plans)
      .set({
        assignmentAccepted: input.accepted,
        responseNote: note,
        respondedAt: stamp.at,
        ...changeStamp(stamp),
      })
      .where(eq(plans.id, plan.id));
    const kind = input.accepted ? "task_accepted" : "task_declined";
    await recordTaskChange(tx, plan, { kind, after: { note } }, stamp);
    return {
      accepted: input.accepted,
      event: await answeredPlan(tx, plan.id, { userId: caller.userId, zone }),
    };
  });
}

/** The columns that withdraw an assignment: no assignee, and who it was withdrawn from. */
const withdrawal = (assignee: number, stamp: Stamp) => ({
  assignedTo: null,
  assignmentAccepted: null,
  responseNote: null,
  respondedAt: null,
  cancelledAt: stamp.at,
  cancelledAssignee: assignee,
  ...changeStamp(stamp),
});

/**
 * POST /api/tasks/{id}/cancel: the creator withdraws the assignment (403 for anyone else; 400
 * when nobody is assigned). The task leaves the assignee's lists (the views and the pending
 * list read the assignee); both histories show it as cancelled.
 */
export async function cancelTask({
  deps,
  caller,
  input,
}: Call<{ id: number }, CircleCaller>): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    if (plan.creatorId !== caller.userId) {
      throw new AppError("FORBIDDEN", messages.cancelCreatorOnly);
    }
    if (plan.assignedTo === null) throw new AppError("BAD_REQUEST", messages.taskNotATask);
    const stamp = { by: caller.userId, at: deps.clock.now() };
    await tx.update(plans).set(withdrawal(plan.assignedTo, stamp)).where(eq(plans.id, plan.id));
    await recordTaskChange(
      tx,
      plan,
      {
        kind: "task_withdrawn",
        before: { assigneeId: plan.assignedTo },
        after: { assigneeId: null },
      },
      stamp,
    );
  });
  return { message: messages.taskCancelled };
}

/**
 * For member-departure.ts: a member who leaves a circle (or is removed) is no longer assigned
 * anything in it. Their tasks there are withdrawn as a cancel would (the creators' histories
 * show them as cancelled), in the departing transaction; `stamp` names who ended the membership.
 * Answers how many were withdrawn (the departure's feed entry counts them).
 */
export async function withdrawAssignmentsOf(
  tx: Tx,
  membership: { circleId: number; userId: number },
  stamp: Stamp,
): Promise<number> {
  const withdrawn = await tx
    .update(plans)
    .set(withdrawal(membership.userId, stamp))
    .where(and(eq(plans.circleId, membership.circleId), eq(plans.assignedTo, membership.userId)))
    .returning({ id: plans.id });
  return withdrawn.length;
}

/** Plans in circles `userId` belongs to. */
/** Plans of the circles `userId` belongs to (access.ts answers which those are). */
const inMyCircles = (userId: number) => sql`${plans.circleId} in (${circleIdsOfMember(userId)})`;

/**
 * Whether a plan still has an occurrence to show (every one deleted on its own: none). A series
 * written only in part has occurrences outside its rows (docs/decisions/016), which count.
 */
const hasOccurrence = sql`(exists (select 1 from ${planOccurrences} where ${planOccurrences.planId} = ${plans.id} and ${planOccurrences.isCancelled} = false)
  or (${plans.recurrence} is not null and (${plans.expandedFrom} is not null or ${plans.expandedUntil} is not null)))`;

/**
 * Each plan's current occurrence, as a list names it: the first from the start of today (in
 * `zone`) on, else the last one. One query, whatever the length of the series; a series whose
 * rows hold no occurrence from today on asks its rule beyond them (currentUnwritten).
 */
async function currentOccurrences(
  db: Executor,
  planIds: number[],
  zone: string,
  now: Date,
): Promise<Map<number, OccurrenceRow>> {
  const byPlan = new Map<number, OccurrenceRow>();
  if (!planIds.length) return byPlan;
  const today = startOfDay(dayIn(now, zone), zone);
  const at = sql`coalesce(${planOccurrences.startsAt}, (${planOccurrences.startDate}::timestamp at time zone ${zone}))`;
  const upcoming = sql`(${at} >= ${today.toISOString()}::timestamptz)`;
  // A row beyond its series' written window may not be the first from today on: the rule has
  // occurrences there that no row holds (currentUnwritten asks it).
  const settles = sql`(${upcoming} and not exists (select 1 from ${plans} w
    where w.id = ${planOccurrences.planId} and w.expanded_until is not null
      and coalesce(${planOccurrences.originalStart}, ${planOccurrences.originalDate}::timestamp at time zone 'UTC') >= w.expanded_until))`;
  const picked = await db
    .selectDistinctOn([planOccurrences.planId], {
      id: planOccurrences.id,
      planId: planOccurrences.planId,
      settles: sql<boolean>`${settles}`,
    })
    .from(planOccurrences)
    .where(and(inArray(planOccurrences.planId, planIds), eq(planOccurrences.isCancelled, false)))
    .orderBy(
      planOccurrences.planId,
      desc(upcoming),
      sql`case when ${upcoming} then ${at} end asc`,
      desc(at),
    );
  const rows = picked.length
    ? await occurrenceSelect(db).where(
        inArray(
          planOccurrences.id,
          picked.map((row) => row.id),
        ),
      )
    : [];
  for (const row of rows.map(toOccurrenceRow)) byPlan.set(row.plan.id, row);
  const settled = new Set(picked.filter((row) => row.settles).map((row) => row.planId));
  const unsettled = planIds.filter((id) => !settled.has(id));
  if (unsettled.length > 0) {
    const partly = await db
      .select()
      .from(plans)
      .where(
        and(
          inArray(plans.id, unsettled),
          isNotNull(plans.recurrence),
          or(isNotNull(plans.expandedFrom), isNotNull(plans.expandedUntil)),
        ),
      );
    for (const plan of partly) {
      const current = await currentUnwritten(db, plan, byPlan.get(plan.id) ?? null, today, zone);
      if (current) byPlan.set(plan.id, current);
    }
  }
  return byPlan;
}

/**
 * A partly written series' current occurrence when its rows do not settle it (`picked`, the
 * rows' own choice: none from today on, or one beyond the written window): the first from
 * today on, of its rows and of the rule past them; else the latest of its last row and its last
 * occurrences before today outside its rows (past the rows' end, and before their start).
 */
async function currentUnwritten(
  db: Executor,
  plan: PlanRow,
  picked: OccurrenceRow | null,
  today: Date,
  zone: string,
): Promise<OccurrenceRow | null> {
  const taken = await keysOutsideWindow(db, plan);
  const hasRow = (key: string) => taken.has(key);
  const startOf = (occurrence: OccurrenceRecord) =>
    occurrence.startsAt ?? startOfDay(occurrence.startDate as string, zone);
  const upcoming = picked && startOf(picked.occurrence) >= today ? picked : null;
  const lastRow = upcoming ? null : picked;
  const until = plan.expandedUntil;
  if (until !== null) {
    const next = await unwrittenOccurrenceFrom(plan, until > today ? until : today, "next", hasRow);
    if (next && (!upcoming || startOf(next) < startOf(upcoming.occurrence))) {
      return answerRowFor(db, plan, next, picked);
    }
  }
  if (upcoming) return upcoming;
  let latest = lastRow?.occurrence ?? null;
  for (const before of [today, plan.expandedFrom]) {
    if (before === null || before > today) continue;
    const found = await unwrittenOccurrenceFrom(plan, before, "previous", hasRow);
    if (found && (latest === null || startOf(found) > startOf(latest))) latest = found;
  }
  if (latest === null || latest === lastRow?.occurrence) return lastRow;
  return answerRowFor(db, plan, latest, lastRow);
}

/** A task given and not yet answered, withdrawn or done: what the pending list holds. */
const awaitingAnswer = and(
  isNotNull(plans.assignedTo),
  isNull(plans.assignmentAccepted),
  isNull(plans.cancelledAt),
  eq(plans.isCompleted, false),
);

const byStart = (a: { startTime: Date; id: number }, b: { startTime: Date; id: number }) =>
  a.startTime.getTime() - b.startTime.getTime() || a.id - b.id;

/**
 * GET /api/tasks/pending: unanswered tasks assigned to the caller, and those the caller
 * assigned that are unanswered, in circles the caller still belongs to; not withdrawn, not
 * completed; by start (a series: its current occurrence).
 */
export async function pendingTasks({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<PendingTask[]> {
  const me = caller.userId;
  const zone = await viewerZoneOf(deps.db, caller);
  const pending = await deps.db
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(or(eq(plans.assignedTo, me), eq(plans.creatorId, me)), awaitingAnswer, inMyCircles(me)),
    );
  const current = await currentOccurrences(
    deps.db,
    pending.map((row) => row.id),
    zone,
    deps.clock.now(),
  );
  const currentPlans = toPlans([...current.values()], { viewerZone: zone });
  const sorted = currentPlans
    .map((plan) => ({
      id: plan.id,
      title: plan.title,
      startTime: plan.startTime,
      date: plan.date,
      circleId: plan.circleId,
      circleName: plan.circleName,
      circleColor: plan.circleColor,
      isAssignedToMe: plan.assignedTo === me,
      isCreatedByMe: plan.creatorId === me,
      creatorName: plan.creatorName,
      assigneeName: plan.assigneeName,
      description: plan.description,
      originalStartTime: plan.originalStartTime,
      originalDate: plan.originalDate,
    }))
    .sort(byStart);
  // The earliest first, within the lists' size budget: a member cannot flood it (decision 016).
  return withinAnswerBudget(sorted);
}

/**
 * GET /api/tasks/history?type=assigned-to-me|assigned-by-me&page&limit: every task the caller
 * was given (a withdrawn one included, as cancelled) or gave, in circles the caller still
 * belongs to; newest first (when it was made, then by id), `limit` a page. `includePending:
 * false` leaves out what the pending list shows (the Action Center's Recent History, issue 21),
 * so pages stay full.
 */
export async function taskHistory({
  deps,
  caller,
  input,
}: Call<
  {
    type: "assigned-to-me" | "assigned-by-me";
    page: number;
    limit: number;
    includePending?: boolean | undefined;
  },
  SignedInCaller
>): Promise<{ tasks: Plan[]; pagination: { page: number; limit: number; hasMore: boolean } }> {
  const me = caller.userId;
  const { page, limit } = input;
  const zone = await viewerZoneOf(deps.db, caller);
  const mine: SQL | undefined =
    input.type === "assigned-to-me"
      ? or(eq(plans.assignedTo, me), and(isNull(plans.assignedTo), eq(plans.cancelledAssignee, me)))
      : and(eq(plans.creatorId, me), or(isNotNull(plans.assignedTo), isNotNull(plans.cancelledAt)));
  const ids = await deps.db
    .select({ id: plans.id })
    .from(plans)
    .where(
      and(
        mine,
        inMyCircles(me),
        hasOccurrence,
        input.includePending === false ? not(awaitingAnswer as SQL) : undefined,
      ),
    )
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const pageIds = ids.slice(0, limit).map((row) => row.id);
  const current = await currentOccurrences(deps.db, pageIds, zone, deps.clock.now());
  const attachments = await attachmentsOf(deps.db, pageIds);
  const rows = pageIds.flatMap((id) => {
    const row = current.get(id);
    return row ? [row] : [];
  });
  return {
    tasks: await withViewerInterest(
      deps.db,
      caller.userId,
      toPlans(rows, { viewerZone: zone, attachments }),
    ),
    pagination: { page, limit, hasMore: ids.length > limit },
  };
}

/**
 * GET /api/tasks/expired?month=0-11&year: the caller's tasks (assigned to or by them, not
 * withdrawn, not declined) with an occurrence in that month of the caller's zone whose time has
 * passed without completion. A timed occurrence has passed at its start; an all-day one once
 * its day is over. Within the lists' size budget; `offset` pages on.
 */
export async function expiredTasks({
  deps,
  caller,
  input,
}: Call<{ month: number; year: number; offset?: number | undefined }, SignedInCaller>): Promise<{
  tasks: Plan[];
}> {
  const me = caller.userId;
  const zone = await viewerZoneOf(deps.db, caller);
  const now = deps.clock.now();
  const today = dayIn(now, zone);
  const month = `${String(input.year).padStart(4, "0")}-${String(input.month + 1).padStart(2, "0")}`;
  const window = monthWindow(month, zone);
  // Only what has started by now: the rest of the month cannot have expired yet.
  const query = {
    memberOf: me,
    from: window.from,
    to: new Date(Math.min(window.to.getTime(), now.getTime() + 1)),
    viewerZone: zone,
  };
  if (query.to <= query.from) return { tasks: [] };
  // A page of the list (decision 016): no more rows than the page's end can need.
  const offset = input.offset ?? 0;
  const limit = offset + LIST_ITEMS_MAX;
  const given = await listOccurrences(deps.db, { ...query, limit, assignedTo: me });
  const made = await listOccurrences(deps.db, { ...query, limit, creatorId: me });
  // Occurrences by plan and original start: one outside the written window has no row id.
  const seen = new Set<string>();
  const expired = [...given, ...made].filter((row) => {
    const key = `${row.plan.id}|${keyOf(row.occurrence)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const { plan, occurrence } = row;
    if (plan.assignedTo === null || plan.assignmentAccepted === false) return false;
    if (occurrence.isCompleted ?? plan.isCompleted) return false;
    // Reads answer what overlaps the month (decision 023); a task is the month's it starts in.
    if (!startsIn(occurrence, window, month)) return false;
    return occurrence.startDate !== null
      ? occurrence.startDate < today
      : (occurrence.startsAt as Date) <= now;
  });
  const tasks = toPlans(expired, { viewerZone: zone }).sort(byStart);
  return {
    tasks: await withViewerInterest(
      deps.db,
      caller.userId,
      withinAnswerBudget(tasks.slice(offset)),
    ),
  };
}

function startsIn(
  occurrence: { startDate: string | null; startsAt: Date | null },
  window: { from: Date; to: Date },
  month: string,
): boolean {
  if (occurrence.startDate !== null) return occurrence.startDate.startsWith(`${month}-`);
  const start = occurrence.startsAt as Date;
  return start >= window.from && start < window.to;
}

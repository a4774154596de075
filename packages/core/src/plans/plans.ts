/**
 * Plans themselves: create, read one, change, delete (api-conventions.md, "Plans and tasks").
 * Who may see a plan is decided in circles/access.ts before these run; the rules here are the
 * ones only the plan can answer: its creator edits and deletes it, its assignee must be a member
 * of its circle, an edit based on an older version answers 409 instead of overwriting.
 *
 * A series is changed or deleted for one occurrence (an exception row), for this and the
 * following ones (the series is split in two), or for all (the rule is rewritten); see
 * docs/decisions/009 and occurrences.ts.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { DEFAULT_REMINDERS, type PlanType } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import type { CreateEventInput, UpdateEventInput } from "@circleplan/shared/plan-schemas";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { viewerZoneOf } from "../auth/viewer-zone";
import { type CircleCaller, circleAccess } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { attachmentsOf, collectAttachmentGarbage, queueAttachmentObjects } from "./attachments";
import { completionOccurrence, setCompletion } from "./completion";
import {
  findOccurrence,
  namedOccurrence,
  type OccurrenceName,
  type OccurrenceScope,
} from "./find-occurrence";
import { byOriginal, hasOwnState } from "./occurrence-sql";
import { lockPlan, requireAssignable, requirePlanCreator } from "./plan-access";
import { dayIn, startOfDay } from "./plan-days";
import { toPlanEvent } from "./plan-event";
import {
  type OccurrenceRecord,
  type OccurrenceRow,
  type PlanRow,
  seriesStartOf,
} from "./plan-rows";
import {
  mergedRecurrenceFields,
  RECURRENCE_FIELD_NAMES,
  type RecurrenceFields,
  type RecurrenceRule,
  ruleFromFields,
  type SeriesStart,
  storedRule,
} from "./recurrence";
import { assertHasOccurrences, writeOccurrences } from "./write-occurrences";

/** One occurrence of a plan as answered, with its attachments. */
export async function planEventOf(
  db: Executor,
  row: OccurrenceRow,
  viewerZone: string,
): Promise<PlanEvent> {
  const attachments = await attachmentsOf(db, [row.plan.id]);
  return toPlanEvent(row, { viewerZone, attachments: attachments.get(row.plan.id) ?? [] });
}

async function answerFor(
  db: Executor,
  planId: number,
  name: OccurrenceName,
  viewerZone: string,
): Promise<PlanEvent> {
  const row = (await findOccurrence(db, planId, name)) ?? (await findOccurrence(db, planId, {}));
  if (!row) throw new AppError("NOT_FOUND", messages.planNotFound);
  return planEventOf(db, row, viewerZone);
}

/** When a plan happens: an instant pair in a zone, or a pair of dates. */
interface Timing {
  allDay: boolean;
  timeZone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  startDate: string | null;
  endDate: string | null;
}

function checkOrder(timing: Timing): Timing {
  const backwards = timing.allDay
    ? timing.endDate !== null && (timing.startDate as string) > timing.endDate
    : timing.endsAt !== null && (timing.startsAt as Date) > timing.endsAt;
  if (backwards) throw new AppError("BAD_REQUEST", messages.endBeforeStart);
  return timing;
}

function seriesStartOfTiming(timing: Timing): SeriesStart {
  return timing.allDay
    ? { allDay: true, date: timing.startDate as string }
    : { allDay: false, start: timing.startsAt as Date, timeZone: timing.timeZone };
}

const recurrenceFieldsOf = (input: RecurrenceFields): RecurrenceFields =>
  Object.fromEntries(
    RECURRENCE_FIELD_NAMES.filter((key) => input[key] !== undefined).map((key) => [
      key,
      input[key],
    ]),
  );

/**
 * POST /api/events and /api/circles/{id}/events. Any member of the circle adds a plan; with an
 * assignee (a member of the circle) it is a task. The zone is the caller's unless sent.
 */
export async function createPlan({
  deps,
  caller,
  input,
}: Call<CreateEventInput, SignedInCaller>): Promise<PlanEvent> {
  await circleAccess(deps.db, caller.userId, { circleId: input.circleId });
  const viewerZone = await viewerZoneOf(deps.db, caller);
  const timeZone = input.timeZone ?? viewerZone;
  const assignedTo = input.assignedTo ?? null;
  if (assignedTo !== null) {
    await requireAssignable(deps.db, input.circleId, assignedTo);
  }
  const allDay = input.allDay ?? false;
  const timing = checkOrder(
    allDay
      ? {
          allDay,
          timeZone,
          startsAt: null,
          endsAt: null,
          startDate: input.date ?? dayIn(input.startTime, timeZone),
          endDate: input.endTime ? dayIn(input.endTime, timeZone) : null,
        }
      : {
          allDay,
          timeZone,
          startsAt: input.startTime,
          endsAt: input.endTime ?? null,
          startDate: null,
          endDate: null,
        },
  );
  const rule = ruleFromFields(input, seriesStartOfTiming(timing));
  const now = deps.clock.now();
  const type: PlanType = assignedTo !== null ? "task" : (input.type ?? "event");

  const planId = await deps.db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(plans)
      .values({
        circleId: input.circleId,
        creatorId: caller.userId,
        type,
        title: input.title,
        description: input.description ?? null,
        location: input.location ?? null,
        locationLat: input.locationLat ?? null,
        locationLng: input.locationLng ?? null,
        locationPlaceId: input.locationPlaceId ?? null,
        mapUrl: input.mapUrl ?? null,
        ...timing,
        assignedTo,
        reminderTimes: input.reminderTimes ?? [...DEFAULT_REMINDERS],
        voiceNote: input.voiceNote ?? null,
        eventColor: input.eventColor ?? null,
        recurrence: rule as Record<string, unknown> | null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!plan) throw new Error("plan insert returned nothing");
    await writeOccurrences(tx, plan, now);
    if (rule) await assertHasOccurrences(tx, plan.id);
    return plan.id;
  });
  return answerFor(deps.db, planId, {}, viewerZone);
}

/**
 * GET /api/events/{id}: the plan; a series answers the occurrence named by `occurrenceStart` /
 * `occurrenceDate` (404 when it has none such), or its first occurrence.
 */
export async function getPlan({
  deps,
  caller,
  input,
}: Call<{ id: number } & OccurrenceScope, CircleCaller>): Promise<PlanEvent> {
  const viewerZone = await viewerZoneOf(deps.db, caller);
  const named = input.occurrenceStart !== undefined || input.occurrenceDate !== undefined;
  const row = await findOccurrence(deps.db, input.id, input);
  if (!row) {
    const [plan] = await deps.db
      .select({ recurrence: plans.recurrence })
      .from(plans)
      .where(eq(plans.id, input.id));
    throw new AppError(
      "NOT_FOUND",
      plan && named && plan.recurrence !== null
        ? messages.occurrenceNotFound
        : messages.planNotFound,
    );
  }
  return planEventOf(deps.db, row, viewerZone);
}

/** The fields an occurrence may change on its own, and so a plan's "content". */
const CONTENT_FIELDS = [
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
] as const satisfies readonly (keyof OccurrenceOverrides & keyof UpdateEventInput)[];

/** Keys of an update that change nothing about the plan itself. */
const NAMING_KEYS = new Set([
  "id",
  "version",
  "isCompleted",
  "occurrenceStart",
  "occurrenceDate",
  "scope",
]);

function sentKeys(input: UpdateEventInput): string[] {
  return Object.entries(input)
    .filter(([key, value]) => value !== undefined && !NAMING_KEYS.has(key))
    .map(([key]) => key);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Rules compared field by field (a rule read back from jsonb has its keys in another order). */
function sameRule(a: RecurrenceRule | null, b: RecurrenceRule | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof RecurrenceRule)[]).every((key) => sameValue(a[key], b[key]));
}

/** Wall-clock (or calendar) move from one start to another, applied to a series' anchor. */
function shiftAnchor(plan: PlanRow, from: OccurrenceRecord, to: Timing): Timing {
  if (to.allDay) {
    const fromDay = from.startDate ?? dayIn(from.startsAt as Date, plan.timeZone);
    const days = Temporal.PlainDate.from(fromDay).until(to.startDate as string).days;
    const anchor = plan.startDate ?? dayIn(plan.startsAt as Date, plan.timeZone);
    const startDate = Temporal.PlainDate.from(anchor).add({ days }).toString();
    const length =
      to.endDate === null
        ? null
        : Temporal.PlainDate.from(to.startDate as string).until(to.endDate).days;
    return {
      ...to,
      startDate,
      endDate:
        length === null
          ? null
          : Temporal.PlainDate.from(startDate).add({ days: length }).toString(),
    };
  }
  const zone = to.timeZone;
  const fromLocal = from.startsAt
    ? Temporal.Instant.fromEpochMilliseconds(from.startsAt.getTime()).toZonedDateTimeISO(zone)
    : Temporal.PlainDate.from(from.startDate as string).toZonedDateTime({ timeZone: zone });
  const toLocal = Temporal.Instant.fromEpochMilliseconds(
    (to.startsAt as Date).getTime(),
  ).toZonedDateTimeISO(zone);
  const days = fromLocal.toPlainDate().until(toLocal.toPlainDate()).days;
  const anchorDay = plan.startsAt
    ? Temporal.Instant.fromEpochMilliseconds(plan.startsAt.getTime())
        .toZonedDateTimeISO(zone)
        .toPlainDate()
    : Temporal.PlainDate.from(plan.startDate as string);
  const anchor = anchorDay
    .add({ days })
    .toZonedDateTime({ timeZone: zone, plainTime: toLocal.toPlainTime() });
  const startsAt = new Date(anchor.epochMilliseconds);
  const duration = to.endsAt ? to.endsAt.getTime() - (to.startsAt as Date).getTime() : null;
  return {
    ...to,
    startsAt,
    endsAt: duration === null ? null : new Date(startsAt.getTime() + duration),
  };
}

/**
 * The timing an edit asks for, from what it sends and what the occurrence (or one-off plan)
 * has now: a start alone keeps the length, an all-day switch reads the day in the plan's zone.
 */
function editedTiming(plan: PlanRow, current: OccurrenceRecord, input: UpdateEventInput): Timing {
  const timeZone = input.timeZone ?? plan.timeZone;
  const allDay = input.allDay ?? plan.allDay;
  const start = current.startsAt ?? startOfDay(current.startDate as string, timeZone);
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
      const length = Temporal.PlainDate.from(current.startDate).until(current.endDate).days;
      endDate = Temporal.PlainDate.from(startDate).add({ days: length }).toString();
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

/** The plan's content fields as an edit leaves them. */
function editedContent(input: UpdateEventInput) {
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
async function editedAssignment(tx: Tx, plan: PlanRow, input: UpdateEventInput, circleId: number) {
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

/** The rule after an edit: the sent recurrence fields over the current rule, for the new start. */
function editedRule(
  plan: PlanRow,
  input: UpdateEventInput,
  start: SeriesStart,
  remainingCount?: number,
): RecurrenceRule | null {
  const current = storedRule(plan.recurrence);
  const sent = recurrenceFieldsOf(input as RecurrenceFields);
  const fields = mergedRecurrenceFields(current, sent);
  if (current === null && sent.isRecurring === undefined && sent.recurrenceType === undefined) {
    return null;
  }
  if (remainingCount !== undefined && current?.count !== null && current?.count !== undefined) {
    // A counted series split in two: the new part has what the old one had left, unless the
    // edit chose another count.
    if (sent.recurrenceCount === undefined || sent.recurrenceCount === current.count) {
      fields.recurrenceCount = remainingCount;
    }
  }
  return ruleFromFields(fields, start);
}

type UpdateResult = { planId: number; name: OccurrenceName };

/**
 * PUT /api/events/{id}. Only the creator changes a plan; anyone whom the completion rule allows
 * may send `isCompleted` alone (the reminder popup does). `version`, when sent, must be the
 * current one (409 otherwise), and every change bumps it. A series' occurrence is named by
 * `occurrenceStart` / `occurrenceDate`; `scope` says which occurrences change (the named one by
 * default when one is named, else all). "This and following" splits the series and answers the
 * new series' first occurrence (with its own id).
 */
export async function updatePlan({
  deps,
  caller,
  input,
}: Call<UpdateEventInput, CircleCaller>): Promise<PlanEvent> {
  const viewerZone = await viewerZoneOf(deps.db, caller);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx): Promise<UpdateResult> => {
    const plan = await lockPlan(tx, input.id);
    if (sentKeys(input).length > 0) requirePlanCreator(plan, caller.userId);
    if (input.version !== undefined && input.version !== plan.version) {
      throw new AppError("CONFLICT", messages.planVersionConflict);
    }
    const named = await namedOccurrence(tx, plan, input);
    const isSeries = plan.recurrence !== null;
    const scope = !isSeries ? "all" : (input.scope ?? (named ? "occurrence" : "all"));
    if (scope !== "all" && !named) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
    if (input.isCompleted !== undefined) completionOccurrence(scope, null); // before any change

    const target = await applyUpdate(tx, { plan, named, scope, input, caller, now });
    // One request, one new version, however many rows it touched (a new series starts at 1).
    await tx
      .update(plans)
      .set({ version: plan.version + 1, updatedAt: now })
      .where(eq(plans.id, plan.id));
    if (target.planId !== plan.id) {
      await tx.update(plans).set({ version: 1 }).where(eq(plans.id, target.planId));
    }
    return target;
  });
  return answerFor(deps.db, result.planId, result.name, viewerZone);
}

/** The edit itself, then the completion it carries; answers the occurrence to show. */
async function applyUpdate(
  tx: Tx,
  edit: {
    plan: PlanRow;
    named: OccurrenceRow | null;
    scope: "occurrence" | "following" | "all";
    input: UpdateEventInput;
    caller: CircleCaller;
    now: Date;
  },
): Promise<UpdateResult> {
  const { plan, named, scope, input, caller, now } = edit;
  let target: UpdateResult = { planId: plan.id, name: input };
  let completing = named?.occurrence ?? null;
  if (sentKeys(input).length > 0) {
    if (scope === "occurrence") {
      await editOccurrence(tx, plan, named as OccurrenceRow, input, now);
    } else if (scope === "following" && (await hasEarlierOccurrences(tx, plan, named))) {
      const newId = await splitSeries(tx, plan, named as OccurrenceRow, input, now);
      target = { planId: newId, name: {} };
      completing = (await findOccurrence(tx, newId, {}))?.occurrence ?? null;
    } else {
      const name = await editWholePlan(tx, plan, named, input, caller, now);
      target = { planId: plan.id, name };
      const isNamed = name.occurrenceStart !== undefined || name.occurrenceDate !== undefined;
      completing = isNamed ? ((await findOccurrence(tx, plan.id, name))?.occurrence ?? null) : null;
    }
  }
  if (input.isCompleted !== undefined) {
    const fresh = await lockPlan(tx, target.planId);
    const occurrence = completionOccurrence(scope, completing);
    await setCompletion(tx, fresh, caller, input.isCompleted, occurrence, now);
  }
  return target;
}

async function bumpVersion(tx: Tx, planId: number, now: Date) {
  await tx
    .update(plans)
    .set({ version: sql`${plans.version} + 1`, updatedAt: now })
    .where(eq(plans.id, planId));
}

/** Whether a series has occurrences before the named one (else "this and following" is "all"). */
async function hasEarlierOccurrences(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow | null,
): Promise<boolean> {
  if (!named) return false;
  const [row] = await tx
    .select({ id: planOccurrences.id })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), byOriginal(lt, named.occurrence)))
    .limit(1);
  return row !== undefined;
}

/** The edit of a one-off plan, or of every occurrence of a series. Answers the occurrence to show. */
async function editWholePlan(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow | null,
  input: UpdateEventInput,
  caller: CircleCaller,
  now: Date,
): Promise<OccurrenceName> {
  const circleId = input.circleId ?? plan.circleId;
  if (circleId !== plan.circleId) await circleAccess(tx, caller.userId, { circleId });
  const assignment = await editedAssignment(tx, plan, input, circleId);

  // The occurrence the client was looking at: its edit moves the series by as much.
  const reference =
    named?.occurrence ?? (await findOccurrence(tx, plan.id, {}))?.occurrence ?? null;
  if (!reference) throw new AppError("NOT_FOUND", messages.planNotFound);
  const edited = editedTiming(plan, reference, input);
  const wasSeries = plan.recurrence !== null;
  let timing = wasSeries ? shiftAnchor(plan, reference, edited) : edited;
  const rule = editedRule(plan, input, seriesStartOfTiming(timing));
  // A series made one-off stays where the client saw it, not at the series' first start.
  if (wasSeries && rule === null) timing = edited;

  const type: PlanType =
    assignment.assignedTo !== null ? "task" : ((input.type as PlanType | undefined) ?? plan.type);
  const [updated] = await tx
    .update(plans)
    .set({
      ...editedContent(input),
      ...assignment,
      ...timing,
      type,
      circleId,
      recurrence: rule as Record<string, unknown> | null,
      version: sql`${plans.version} + 1`,
      updatedAt: now,
    })
    .where(eq(plans.id, plan.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", messages.planNotFound);
  if (circleId !== plan.circleId) {
    await tx.update(planOccurrences).set({ circleId }).where(eq(planOccurrences.planId, plan.id));
  }
  await writeOccurrences(tx, updated, now);
  if (rule) await assertHasOccurrences(tx, plan.id);
  if (!rule || !named) return {};
  // The occurrence the client edited, where the edit moved it.
  const moved = edited.allDay
    ? { occurrenceDate: shiftedOriginalDate(named.occurrence, reference, edited) }
    : { occurrenceStart: shiftedOriginalStart(named.occurrence, reference, edited, plan) };
  return (await findOccurrence(tx, plan.id, moved)) ? moved : {};
}

function shiftedOriginalDate(occ: OccurrenceRecord, reference: OccurrenceRecord, edited: Timing) {
  const from = reference.startDate ?? (reference.startsAt as Date).toISOString().slice(0, 10);
  const days = Temporal.PlainDate.from(from).until(edited.startDate as string).days;
  const original = occ.originalDate ?? from;
  return Temporal.PlainDate.from(original).add({ days }).toString();
}

function shiftedOriginalStart(
  occ: OccurrenceRecord,
  reference: OccurrenceRecord,
  edited: Timing,
  plan: PlanRow,
) {
  const original = occ.originalStart ?? (reference.startsAt as Date);
  const shifted = shiftAnchor({ ...plan, startsAt: original, startDate: null }, reference, edited);
  return shifted.startsAt as Date;
}

/** One occurrence changed on its own: an exception row of the series. */
async function editOccurrence(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow,
  input: UpdateEventInput,
  now: Date,
) {
  // What only the whole series can change must be unchanged (the edit form sends every field).
  const seriesOnly: [unknown, unknown][] = [
    [input.circleId, plan.circleId],
    [input.assignedTo, plan.assignedTo],
    [input.type, plan.type],
    [input.allDay, plan.allDay],
    [input.timeZone, plan.timeZone],
  ];
  const changesSeries = seriesOnly.some(
    ([sent, current]) => sent !== undefined && (sent ?? null) !== current,
  );
  const sentRule = recurrenceFieldsOf(input as RecurrenceFields);
  const ruleChanged =
    Object.keys(sentRule).length > 0 &&
    !sameRule(editedRule(plan, input, seriesStartOf(plan)), storedRule(plan.recurrence));
  if (changesSeries || ruleChanged) {
    throw new AppError("BAD_REQUEST", messages.occurrenceSeriesOnly);
  }

  const occurrence = named.occurrence;
  const timing = editedTiming(plan, occurrence, input);
  const overrides: OccurrenceOverrides = { ...(occurrence.overrides ?? {}) };
  const content = editedContent(input);
  for (const key of CONTENT_FIELDS) {
    if (!(key in content)) continue;
    // Only what differs from the series is kept, so a later edit of the series shows through.
    if (sameValue(content[key], plan[key])) delete overrides[key];
    else Object.assign(overrides, { [key]: content[key] });
  }
  await tx
    .update(planOccurrences)
    .set({
      startsAt: timing.startsAt,
      endsAt: timing.endsAt,
      startDate: timing.startDate,
      endDate: timing.endDate,
      overrides: Object.keys(overrides).length > 0 ? overrides : null,
      isException: true,
    })
    .where(eq(planOccurrences.id, occurrence.id));
  await bumpVersion(tx, plan.id, now);
}

/** The day before an occurrence's original day, in the series' zone: where the old part ends. */
function dayBefore(plan: PlanRow, occurrence: OccurrenceRecord): string {
  const day = occurrence.originalDate ?? dayIn(occurrence.originalStart as Date, plan.timeZone);
  return Temporal.PlainDate.from(day).subtract({ days: 1 }).toString();
}

/** Ends a series before the named occurrence (the old part of a split, or a delete of following). */
async function endSeriesBefore(tx: Tx, plan: PlanRow, occurrence: OccurrenceRecord, now: Date) {
  const rule = storedRule(plan.recurrence) as RecurrenceRule;
  const ended: RecurrenceRule = { ...rule, count: null, until: dayBefore(plan, occurrence) };
  const [updated] = await tx
    .update(plans)
    .set({
      recurrence: ended as unknown as Record<string, unknown>,
      version: sql`${plans.version} + 1`,
      updatedAt: now,
    })
    .where(eq(plans.id, plan.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", messages.planNotFound);
  await writeOccurrences(tx, updated, now);
}

/**
 * "This and following": the series ends the day before the named occurrence, and a new series
 * (a new plan, with the edit applied) starts at it. The old series' exceptions from there on move
 * to the new one and stay where the new rule still has their original start. Answers the new id.
 */
async function splitSeries(
  tx: Tx,
  plan: PlanRow,
  named: OccurrenceRow,
  input: UpdateEventInput,
  now: Date,
): Promise<number> {
  const occurrence = named.occurrence;
  const circleId = input.circleId ?? plan.circleId;
  if (circleId !== plan.circleId) {
    await circleAccess(tx, plan.creatorId, { circleId });
  }
  const assignment = await editedAssignment(tx, plan, input, circleId);
  const timing = editedTiming(plan, occurrence, input);
  const oldRule = storedRule(plan.recurrence) as RecurrenceRule;
  const before =
    oldRule.count === null
      ? undefined
      : (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(planOccurrences)
            .where(and(eq(planOccurrences.planId, plan.id), byOriginal(lt, occurrence)))
        )[0]?.n;
  const remaining = before === undefined ? undefined : Math.max(1, (oldRule.count ?? 0) - before);
  const rule = editedRule(plan, input, seriesStartOfTiming(timing), remaining);
  const type: PlanType =
    assignment.assignedTo !== null ? "task" : ((input.type as PlanType | undefined) ?? plan.type);

  const { id: _id, expandedUntil: _expanded, ...copied } = plan;
  const [created] = await tx
    .insert(plans)
    .values({
      ...copied,
      ...editedContent(input),
      ...assignment,
      ...timing,
      type,
      circleId,
      recurrence: rule as Record<string, unknown> | null,
      version: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error("plan insert returned nothing");

  // The old series' own exceptions from the split on go with the new series.
  await tx
    .update(planOccurrences)
    .set({ planId: created.id, circleId })
    .where(and(eq(planOccurrences.planId, plan.id), byOriginal(gte, occurrence), hasOwnState));
  // The named occurrence was edited as a whole: its own move does not survive the edit.
  await tx
    .delete(planOccurrences)
    .where(and(eq(planOccurrences.planId, created.id), byOriginal(eq, occurrence)));
  await writeOccurrences(tx, created, now);
  if (rule) await assertHasOccurrences(tx, created.id);
  await endSeriesBefore(tx, plan, occurrence, now);
  return created.id;
}

/**
 * DELETE /api/events/{id}: the creator deletes a plan; of a series one occurrence, this and the
 * following ones, or all (the default when no occurrence is named).
 */
export async function deletePlan({
  deps,
  caller,
  input,
}: Call<{ id: number } & OccurrenceScope, CircleCaller>): Promise<{ message: string }> {
  const now = deps.clock.now();
  const { message, queued } = await deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.id);
    requirePlanCreator(plan, caller.userId);
    const message = plan.type === "task" ? messages.taskDeleted : messages.eventDeleted;
    const named = await namedOccurrence(tx, plan, input);
    const scope =
      plan.recurrence === null ? "all" : (input.scope ?? (named ? "occurrence" : "all"));
    if (scope !== "all" && !named) throw new AppError("NOT_FOUND", messages.occurrenceNotFound);
    if (scope === "occurrence") {
      await tx
        .update(planOccurrences)
        .set({ isCancelled: true })
        .where(eq(planOccurrences.id, (named as OccurrenceRow).occurrence.id));
      await bumpVersion(tx, plan.id, now);
      return { message, queued: [] };
    }
    if (scope === "following" && (await hasEarlierOccurrences(tx, plan, named))) {
      await endSeriesBefore(tx, plan, (named as OccurrenceRow).occurrence, now);
      return { message, queued: [] };
    }
    const queued = await queueAttachmentObjects(tx, [plan.id]);
    await tx.delete(plans).where(eq(plans.id, plan.id));
    return { message, queued };
  });
  if (queued.length > 0) await collectAttachmentGarbage(deps, queued);
  return { message };
}

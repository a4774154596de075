import { plans } from "@circleplan/db/schema";
import { DEFAULT_REMINDERS } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { planTypeFor } from "@circleplan/shared/plan-rules";
import type { CreatePlanInput } from "@circleplan/shared/plan-schemas";
import { viewerZoneOf } from "../auth/viewer-zone";
import { weekStartOf } from "../auth/week-start";
import { circleAccess } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { requireAssignable } from "./plan-access";
import { recordPlanCreated } from "./plan-activity";
import { answerFor } from "./plan-answer";
import { countPlanCreation, requireRoomFor } from "./plan-caps";
import { newTiming, seriesStartOfTiming } from "./plan-timing";
import { makesSeries, ruleFromFields } from "./recurrence";
import { assertHasOccurrences, writeOccurrences } from "./write-occurrences";

/**
 * POST /api/events and /api/circles/{id}/events. Any member of the circle adds a plan; with an
 * assignee (a member of the circle) it is a task. The zone is the caller's unless sent. Within
 * the circle's caps and the creator's pace (plan-caps.ts).
 */
export async function createPlan({
  deps,
  caller,
  input,
}: Call<CreatePlanInput, SignedInCaller>): Promise<Plan> {
  await circleAccess(deps.db, caller.userId, { circleId: input.circleId });
  const viewerZone = await viewerZoneOf(deps.db, caller);
  const timeZone = input.timeZone ?? viewerZone;
  const assignedTo = input.assignedTo ?? null;
  const timing = newTiming(input, timeZone);
  // A series' weeks start on its creator's week start (docs/decisions/023, "Week start").
  const weekStart = makesSeries(input) ? await weekStartOf(deps.db, caller.userId) : "sunday";
  const rule = ruleFromFields(input, seriesStartOfTiming(timing), weekStart);
  const now = deps.clock.now();
  const type = planTypeFor(assignedTo, input.type ?? "event");
  await countPlanCreation(deps, caller);

  const planId = await deps.db.transaction(async (tx) => {
    await requireRoomFor(tx, input.circleId, { series: rule !== null });
    if (assignedTo !== null) await requireAssignable(tx, input.circleId, assignedTo);
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
        updatedBy: caller.userId,
      })
      .returning();
    if (!plan) throw new Error("plan insert returned nothing");
    await writeOccurrences(tx, plan, now);
    if (rule) await assertHasOccurrences(tx, plan.id);
    await recordPlanCreated(tx, plan, { by: caller.userId, at: now });
    return plan.id;
  });
  return answerFor(deps.db, planId, {}, { userId: caller.userId, zone: viewerZone });
}

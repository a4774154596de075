/**
 * A user's plans taken as a whole, for their data rights (docs/decisions/014): the ones they
 * created or are assigned, read page by page for the export, and the ones they created deleted
 * with their account, attachments' objects queued for storage garbage.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import type { ExportPlan } from "@circleplan/shared/data-rights-outputs";
import { and, asc, eq, gt, or } from "drizzle-orm";
import { attachmentsOf, queueAttachmentObjects } from "./attachments";
import { type PlanRow, seriesStartOf } from "./plan-rows";
import { rruleText, storedRule } from "./recurrence";
import { taskStatus } from "./to-plan";

/** Up to `limit` of the plans `userId` created or is assigned, by id after `afterId`. */
export async function exportPlansOf(
  db: Executor,
  options: { userId: number; afterId: number; limit: number },
): Promise<ExportPlan[]> {
  const { userId, afterId, limit } = options;
  const rows = await db
    .select()
    .from(plans)
    .where(
      and(gt(plans.id, afterId), or(eq(plans.creatorId, userId), eq(plans.assignedTo, userId))),
    )
    .orderBy(asc(plans.id))
    .limit(limit);
  const attachments = await attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toExportPlan(row, userId, attachments.get(row.id) ?? []));
}

function toExportPlan(
  plan: PlanRow,
  userId: number,
  attachments: ExportPlan["attachments"],
): ExportPlan {
  const rule = storedRule(plan.recurrence);
  return {
    id: plan.id,
    circleId: plan.circleId,
    type: plan.type,
    title: plan.title,
    description: plan.description,
    location: plan.location,
    locationLat: plan.locationLat,
    locationLng: plan.locationLng,
    mapUrl: plan.mapUrl,
    allDay: plan.allDay,
    startTime: plan.startsAt,
    endTime: plan.endsAt,
    startDate: plan.startDate,
    endDate: plan.endDate,
    timeZone: plan.timeZone,
    rrule: rule ? rruleText(rule, seriesStartOf(plan)) : null,
    reminderTimes: plan.reminderTimes,
    voiceNote: plan.voiceNote,
    eventColor: plan.eventColor,
    createdByMe: plan.creatorId === userId,
    assignedToMe: plan.assignedTo === userId,
    creatorId: plan.creatorId,
    assignedTo: plan.assignedTo,
    status: taskStatus(plan, plan.isCompleted),
    responseNote: plan.responseNote,
    respondedAt: plan.respondedAt,
    isCompleted: plan.isCompleted,
    completedAt: plan.completedAt,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    attachments,
  };
}

/**
 * Deletes every plan `userId` created, in any circle, inside the account's deleting transaction:
 * occurrences, reminders' records and attachment rows go by cascade; the attachments' objects
 * are queued first. Answers their keys, for `collectAttachmentGarbage` after commit.
 */
export async function deletePlansCreatedBy(tx: Tx, userId: number): Promise<string[]> {
  const created = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.creatorId, userId))
    .for("update");
  const keys = await queueAttachmentObjects(
    tx,
    created.map((row) => row.id),
  );
  await tx.delete(plans).where(eq(plans.creatorId, userId));
  return keys;
}

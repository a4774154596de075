/**
 * A plan request's answer: one occurrence of the plan, as every view shows it, with its
 * attachments.
 */
import type { Executor } from "@circleplan/db/client";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { AppError } from "../errors";
import { withViewerInterest } from "../notifications/follows";
import { attachmentsOf } from "./attachments";
import { findOccurrence, type OccurrenceName } from "./find-occurrence";
import type { OccurrenceRow } from "./plan-rows";
import { toPlan } from "./to-plan";

/** Who an answer is for: the days are read in their zone, and `remindsMe` asked for them. */
export interface PlanViewer {
  userId: number;
  zone: string;
}

/** One occurrence of a plan as answered to `viewer`, with its attachments. */
export async function planOf(db: Executor, row: OccurrenceRow, viewer: PlanViewer): Promise<Plan> {
  const attachments = await attachmentsOf(db, [row.plan.id]);
  const plan = toPlan(row, {
    viewerZone: viewer.zone,
    attachments: attachments.get(row.plan.id) ?? [],
  });
  const [answered] = await withViewerInterest(db, viewer.userId, [plan]);
  return answered ?? plan;
}

/** The occurrence `name` names after a change, else the plan's first (a split moved it). */
export async function answerFor(
  db: Executor,
  planId: number,
  name: OccurrenceName,
  viewer: PlanViewer,
): Promise<Plan> {
  const row = (await findOccurrence(db, planId, name)) ?? (await findOccurrence(db, planId, {}));
  if (!row) throw new AppError("NOT_FOUND", messages.planNotFound);
  return planOf(db, row, viewer);
}

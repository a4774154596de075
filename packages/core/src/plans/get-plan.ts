import { plans } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { eq } from "drizzle-orm";
import { viewerZoneOf } from "../auth/viewer-zone";
import type { CircleCaller } from "../circles/access";
import type { Call } from "../deps";
import { AppError } from "../errors";
import { findOccurrence, type OccurrenceScope } from "./find-occurrence";
import { planOf } from "./plan-answer";

/**
 * GET /api/events/{id}: the plan; a series answers the occurrence named by `occurrenceStart` /
 * `occurrenceDate` (404 when it has none such), or its first occurrence.
 */
export async function getPlan({
  deps,
  caller,
  input,
}: Call<{ id: number } & OccurrenceScope, CircleCaller>): Promise<Plan> {
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
  return planOf(deps.db, row, { userId: caller.userId, zone: viewerZone });
}

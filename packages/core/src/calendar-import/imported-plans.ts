/**
 * Re-import (docs/decisions/027, "Re-import"): which of a file's plans a circle already holds,
 * by source UID and instance, and whether the file's version is newer. A newer SEQUENCE wins;
 * at the same SEQUENCE a later LAST-MODIFIED does (DTSTAMP is not read: exports stamp every
 * event with the export's time). Only the importer's own imported plans are theirs to update;
 * the same event imported by another member is left as it is. Plans made in the app have no
 * source and are never found here.
 */
import type { Executor } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { ImportDraft } from "./map-events";

export interface ImportedPlan {
  id: number;
  creatorId: number;
  importUid: string | null;
  importInstance: string | null;
  importSequence: number | null;
  importModified: Date | null;
  recurrence: unknown;
}

export interface SortedDrafts {
  create: ImportDraft[];
  update: { draft: ImportDraft; plan: ImportedPlan }[];
  unchanged: number;
}

const keyOf = (uid: string | null, instance: string | null) => `${uid}\u0000${instance ?? ""}`;

function isNewer(draft: ImportDraft, plan: ImportedPlan): boolean {
  const sequence = plan.importSequence ?? 0;
  if (draft.sequence !== sequence) return draft.sequence > sequence;
  if (draft.modified === null) return false;
  return plan.importModified === null || draft.modified > plan.importModified;
}

/** The drafts split into plans to add, plans to update, and how many are as imported before. */
export async function sortDrafts(
  db: Executor,
  circleId: number,
  importerId: number,
  drafts: ImportDraft[],
): Promise<SortedDrafts> {
  const uids = [...new Set(drafts.map((draft) => draft.uid))];
  const held =
    uids.length === 0
      ? []
      : await db
          .select({
            id: plans.id,
            creatorId: plans.creatorId,
            importUid: plans.importUid,
            importInstance: plans.importInstance,
            importSequence: plans.importSequence,
            importModified: plans.importModified,
            recurrence: plans.recurrence,
          })
          .from(plans)
          .where(
            and(
              eq(plans.circleId, circleId),
              isNotNull(plans.importUid),
              inArray(plans.importUid, uids),
            ),
          );
  const byKey = new Map(held.map((plan) => [keyOf(plan.importUid, plan.importInstance), plan]));
  const sorted: SortedDrafts = { create: [], update: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const draft of drafts) {
    const key = keyOf(draft.uid, draft.instance);
    // A file naming one event twice (two masters, an override twice) imports it once.
    if (seen.has(key)) continue;
    seen.add(key);
    const plan = byKey.get(key);
    if (!plan) sorted.create.push(draft);
    else if (plan.creatorId === importerId && isNewer(draft, plan)) {
      sorted.update.push({ draft, plan });
    } else sorted.unchanged += 1;
  }
  return sorted;
}

/**
 * Writing an import's plans, inside its one transaction (docs/decisions/027): new plans in
 * batches, each with its occurrences (write-occurrences.ts, the one writer of occurrence rows),
 * a series' EXDATEs and RECURRENCE-ID overrides as its occurrences' own state (the rows
 * series-edits.ts gives an occurrence changed in the app, written in multi-row upserts), and updates in place with a new
 * version (change-stamp.ts). Plans belong to the importer, with no assignee and no reminders.
 */
import type { Tx } from "@circleplan/db/client";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { eq } from "drizzle-orm";
import { changeStamp, type Stamp } from "../plans/change-stamp";
import type { PlanRow } from "../plans/plan-rows";
import { writeOccurrenceStates, writeOccurrences } from "../plans/write-occurrences";
import type { ImportedPlan } from "./imported-plans";
import type { ImportDraft } from "./map-events";

/** Plans per insert statement: ~30 columns each, well under Postgres's 65,535 parameters. */
const INSERT_BATCH = 500;

/** The plan columns a draft sets, on creation and on update alike. */
function columnsOf(draft: ImportDraft) {
  return {
    title: draft.texts.title,
    description: draft.texts.description,
    location: draft.texts.location,
    ...draft.timing,
    recurrence: draft.rule as Record<string, unknown> | null,
    importSequence: draft.sequence,
    importModified: draft.modified,
  };
}

export async function createImported(
  tx: Tx,
  circleId: number,
  drafts: ImportDraft[],
  stamp: Stamp,
): Promise<void> {
  for (let i = 0; i < drafts.length; i += INSERT_BATCH) {
    const batch = drafts.slice(i, i + INSERT_BATCH);
    const rows = await tx
      .insert(plans)
      .values(
        batch.map((draft) => ({
          circleId,
          creatorId: stamp.by,
          type: "event" as const,
          ...columnsOf(draft),
          importUid: draft.uid,
          importInstance: draft.instance,
          assignedTo: null,
          reminderTimes: [],
          createdAt: stamp.at,
          updatedAt: stamp.at,
          updatedBy: stamp.by,
        })),
      )
      .returning();
    const written = rows.map((plan, index) => ({ plan, draft: batch[index] as ImportDraft }));
    for (const { plan } of written) await writeOccurrences(tx, plan, stamp.at);
    await writeExceptions(tx, written);
  }
}

/**
 * A newer version of an imported event, in place: the plan takes the file's values and a new
 * version; a series' occurrences are written again from the file, so its exceptions are the
 * file's (an occurrence changed in the app since goes back to the source's).
 */
export async function updateImported(
  tx: Tx,
  updates: { draft: ImportDraft; plan: ImportedPlan }[],
  stamp: Stamp,
): Promise<void> {
  const written: { plan: PlanRow; draft: ImportDraft }[] = [];
  for (const { draft, plan: held } of updates) {
    const [plan] = await tx
      .update(plans)
      .set({ ...columnsOf(draft), ...changeStamp(stamp) })
      .where(eq(plans.id, held.id))
      .returning();
    if (!plan) continue;
    await tx.delete(planOccurrences).where(eq(planOccurrences.planId, plan.id));
    await writeOccurrences(tx, plan, stamp.at);
    written.push({ plan, draft });
  }
  await writeExceptions(tx, written);
}

/** Series' cancelled and moved occurrences, each on its occurrence's row, in bulk. */
async function writeExceptions(
  tx: Tx,
  written: { plan: PlanRow; draft: ImportDraft }[],
): Promise<void> {
  await writeOccurrenceStates(
    tx,
    written.flatMap(({ plan, draft }) =>
      draft.exceptions.map((exception) => ({
        plan,
        original: exception.original,
        cancelled: exception.cancelled,
        overrides: exception.overrides,
        moved: exception.timing && {
          startsAt: exception.timing.startsAt,
          endsAt: exception.timing.endsAt,
          startDate: exception.timing.startDate,
          endDate: exception.timing.endDate,
        },
      })),
    ),
  );
}

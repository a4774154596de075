import { plans } from "@circleplan/db/schema";
import { sql } from "drizzle-orm";

/** Who makes a change to a plan, and when. */
export interface Stamp {
  by: number;
  at: Date;
}

/**
 * What every change to a plan writes on its row: a new version (an edit based on an older one
 * answers 409), when, and by whom (the details sheet's "last changed by"). Every path that
 * changes a plan (edits, one occurrence's change or deletion, answers, completion, withdrawal)
 * writes these through here, so none of them leaves the author out.
 */
export function changeStamp({ by, at }: Stamp) {
  return { version: sql`${plans.version} + 1`, updatedAt: at, updatedBy: by };
}

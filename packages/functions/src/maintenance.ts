/**
 * The scheduled maintenance run (CronV2 "Maintenance" in sst.config.ts; the local server runs
 * the same job on a timer): deletes stored objects whose rows are gone and whose removal after
 * commit failed, so no photo outlives its circle or its replacement for long.
 */
import { collectStorageGarbage, type GarbageReport } from "@circleplan/core/storage/garbage";
import { lambdaAppDeps } from "./lambda-deps";

const ready = lambdaAppDeps();

export async function handler(): Promise<{ garbage: GarbageReport }> {
  const deps = await ready();
  const garbage = await collectStorageGarbage(deps);
  deps.log.info("maintenance.finished", { removed: garbage.removed, failed: garbage.failed });
  return { garbage };
}

/**
 * The scheduled maintenance run (CronV2 "Maintenance" in sst.config.ts; the local server runs
 * the same job on a timer): deletes stored objects whose rows are gone and whose removal after
 * commit failed, so no photo outlives its circle or its replacement for long.
 */
import { createAppDeps } from "@circleplan/api/deps";
import { loadConfig } from "@circleplan/core/env";
import { collectStorageGarbage, type GarbageReport } from "@circleplan/core/storage/garbage";

let ready: ReturnType<typeof createAppDeps> | undefined;

export async function handler(): Promise<{ garbage: GarbageReport }> {
  ready ??= createAppDeps(loadConfig()).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  const deps = await ready;
  const garbage = await collectStorageGarbage(deps);
  deps.log.info("maintenance.finished", { removed: garbage.removed, failed: garbage.failed });
  return { garbage };
}

/**
 * Stored objects whose rows are gone (a replaced photo, a deleted circle's photo, a deleted
 * plan's attachments): the one home of the `storage_garbage` queue. Objects are queued in the
 * transaction that drops their row and removed once it has committed; what storage refuses then
 * stays queued, and the scheduled job (the Maintenance function; locally the server) retries it.
 */
import type { Executor } from "@circleplan/db/client";
import { storageGarbage } from "@circleplan/db/schema";
import { asc, inArray, sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";

export interface GarbageReport {
  removed: number;
  failed: number;
}

type GarbageDeps = Pick<CoreDeps, "db" | "storage" | "log">;

/** Queues objects for removal (idempotent); call it in the transaction that drops their row. */
export async function queueObjects(db: Executor, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .insert(storageGarbage)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/**
 * After commit: removes those of `keys` that are queued (a key handed in by mistake must not
 * take a live object with it). The change stands whatever happens here: failures are logged and
 * stay queued.
 */
export async function collectQueued(
  deps: GarbageDeps,
  keys: readonly string[],
): Promise<GarbageReport> {
  if (!keys.length) return { removed: 0, failed: 0 };
  try {
    const queued = await deps.db
      .select({ key: storageGarbage.key })
      .from(storageGarbage)
      .where(inArray(storageGarbage.key, [...keys]));
    return await removeQueued(
      deps,
      queued.map((row) => row.key),
    );
  } catch (error) {
    deps.log.error("storage.garbage_failed", error);
    return { removed: 0, failed: 0 };
  }
}

/** Rows one pass of the scheduled collection takes; a run takes a few passes. */
const GARBAGE_BATCH = 100;
const GARBAGE_PASSES = 10;

/** The scheduled job: the oldest queued objects, the least-tried first, in passes. */
export async function collectStorageGarbage(deps: GarbageDeps): Promise<GarbageReport> {
  const total: GarbageReport = { removed: 0, failed: 0 };
  for (let pass = 0; pass < GARBAGE_PASSES; pass++) {
    const rows = await deps.db
      .select({ key: storageGarbage.key })
      .from(storageGarbage)
      .orderBy(asc(storageGarbage.attempts), asc(storageGarbage.createdAt))
      .limit(GARBAGE_BATCH);
    const report = await removeQueued(
      deps,
      rows.map((row) => row.key),
    );
    total.removed += report.removed;
    total.failed += report.failed;
    if (report.failed || rows.length < GARBAGE_BATCH) break;
  }
  return total;
}

/** Objects no row names (a refused or consumed upload): removed at once, else queued. */
export async function removeObjectsNow(deps: GarbageDeps, keys: string[]): Promise<void> {
  try {
    await deps.storage.delete(keys);
  } catch (error) {
    deps.log.error("storage.delete_failed", error);
    await queueObjects(deps.db, keys);
  }
}

/** Deletes these queued objects and their rows; the ones storage refuses get another attempt. */
async function removeQueued(deps: GarbageDeps, keys: string[]): Promise<GarbageReport> {
  if (!keys.length) return { removed: 0, failed: 0 };
  let removed: string[] = keys;
  const failed: string[] = [];
  try {
    await deps.storage.delete(keys);
  } catch {
    // One call for the batch failed: find which keys storage refuses, one by one.
    removed = [];
    for (const key of keys) {
      try {
        await deps.storage.delete([key]);
        removed.push(key);
      } catch (error) {
        failed.push(key);
        if (failed.length === 1) deps.log.error("storage.garbage_failed", error);
      }
    }
  }
  if (removed.length) {
    await deps.db.delete(storageGarbage).where(inArray(storageGarbage.key, removed));
  }
  if (failed.length) {
    await deps.db
      .update(storageGarbage)
      .set({ attempts: sql`${storageGarbage.attempts} + 1` })
      .where(inArray(storageGarbage.key, failed));
  }
  return { removed: removed.length, failed: failed.length };
}

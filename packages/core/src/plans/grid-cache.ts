/**
 * The month grid's answers, kept in memory (decision 009, "The month grid's cache"). The
 * calendar asks for the same month again and again: each screen that shows it, each return to
 * the app, each live-sync refetch. The grid counts every occurrence of the month (thousands for
 * a busy family), so an answer is kept under what it was made of: the viewer, their zone, the
 * month, the circle asked for, and the version of the viewer's circles (live-version.ts
 * `circlesVersion`), which every plan, task or member change moves in its own transaction. The
 * version is read before the grid, so a kept answer is never older than its key.
 *
 * Per database handle and per process: on Lambda an instance's own, lost with it. Bounded in
 * entries and age; the age is a net under a write that would change a grid without a feed entry
 * (none is known: import, colours, departures and account deletion all write one).
 */
import type { Executor } from "@circleplan/db/client";
import { LRUCache } from "lru-cache";
import { circlesVersion } from "../live/live-version";
import type { OccurrenceDay } from "./list-occurrences";

/** ~7 kB a busy month: a few MB at most. */
const GRID_CACHE_ENTRIES = 500;

/** A kept answer's longest life, whatever its version says. */
const GRID_CACHE_TTL_MS = 10 * 60_000;

const caches = new WeakMap<object, LRUCache<string, OccurrenceDay[]>>();

function cacheOf(db: Executor): LRUCache<string, OccurrenceDay[]> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: GRID_CACHE_ENTRIES, ttl: GRID_CACHE_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

export interface GridKey {
  userId: number;
  zone: string;
  month: string;
  circleId?: number | undefined;
}

/** The grid for `key`, from memory while the viewer's circles have not changed. */
export async function cachedGrid(
  db: Executor,
  key: GridKey,
  read: () => Promise<OccurrenceDay[]>,
): Promise<OccurrenceDay[]> {
  const version = await circlesVersion(db, key.userId, key.circleId);
  const id = JSON.stringify([key.userId, key.zone, key.month, key.circleId ?? null, version]);
  const cache = cacheOf(db);
  const kept = cache.get(id);
  if (kept) return kept;
  const days = await read();
  cache.set(id, days);
  return days;
}

/** Drops every kept grid of `db`: a test compares what is served with a grid worked out afresh. */
export function forgetGrids(db: Executor): void {
  caches.get(db)?.clear();
}

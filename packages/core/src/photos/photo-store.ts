/**
 * Where a photo goes once it has passed process-photo.ts, and how it leaves again.
 *
 * A stored photo is a key, `users/<version>` or `circles/<version>`, naming two objects,
 * `<key>-large.webp` and `<key>-thumb.webp`. The version is 128 random bits made fresh for every
 * new photo: an owner's URL changes exactly when its photo does, so the photo route can let
 * browsers keep each version for a year, and no object is ever written twice. The owner's id is
 * not in the key, so a circle's photo can be stored before the circle row exists.
 *
 * Objects outlive their rows only through `storage_garbage`: the transaction that drops or
 * replaces a key queues its objects there, and they are deleted after commit; what fails to
 * delete stays queued for the scheduled job (packages/functions/src/maintenance.ts).
 */
import { randomBytes } from "node:crypto";
import type { Executor } from "@circleplan/db/client";
import { storageGarbage } from "@circleplan/db/schema";
import { photoUploadKeyField } from "@circleplan/shared/circle-schemas";
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { asc, inArray, sql } from "drizzle-orm";
import type { CoreDeps, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { AppError } from "../errors";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { PHOTO_SIZES, type PhotoSize, processPhoto } from "./process-photo";

/** Where a photo's bytes come from: an upload, a data URL in JSON, or a direct-upload key. */
export type PhotoSource = { bytes: Uint8Array } | { dataUrl: string } | { uploadKey: string };

export type PhotoOwner = { circleId: number } | { userId: number };

export interface PreparedPhoto {
  /** What the owner's row stores (`photo_key`). */
  key: string;
  /** Removes the stored objects again, when the row that would name them was not written. */
  discard(): Promise<void>;
}

/**
 * Photo operations one user may make (processing a photo for any owner, asking for or sending
 * a direct upload): decoding is the costliest thing a request can make the server do. Far above
 * what a person choosing photos needs (one photo is two or three operations); a script hits it.
 */
export const PHOTO_RATE_LIMIT: RateRule = { limit: 100, windowMs: 60 * 60 * 1000 };

/** Counts one photo operation for the caller; 429 with Retry-After past the limit. */
export async function countPhotoOperation(deps: CoreDeps, caller: SignedInCaller): Promise<void> {
  await consumeRateLimit(deps.db, {
    key: `photos:user:${caller.userId}`,
    rule: PHOTO_RATE_LIMIT,
    now: deps.clock.now(),
  });
}

const PHOTO_KEY_SHAPE = /^(users|circles)\/([a-z0-9]{8,64})$/;
const kindOf = (owner: PhotoOwner) => ("userId" in owner ? "users" : "circles");
const ownerIdOf = (owner: PhotoOwner) => ("userId" in owner ? owner.userId : owner.circleId);

/** The version a stored photo key carries, or null for a key of another shape. */
export function photoVersion(key: string): string | null {
  return PHOTO_KEY_SHAPE.exec(key)?.[2] ?? null;
}

/** The storage object holding one size of a stored photo. */
export function photoObjectKey(key: string, size: PhotoSize): string {
  return `${key}-${size}.webp`;
}

const objectKeysOf = (key: string) =>
  (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((size) => photoObjectKey(key, size));

/** Direct uploads land under the uploader's own folder: no one can name another's bytes. */
export function uploadFolderOf(userId: number): string {
  return `uploads/${userId}/`;
}

/** Whether `key` is a well-formed upload key in the user's own folder. */
export function isOwnUploadKey(userId: number, key: string): boolean {
  return key.startsWith(uploadFolderOf(userId)) && photoUploadKeyField.safeParse(key).success;
}

/**
 * Checks, processes and stores a photo for `owner` before any transaction opens (sharp is slow;
 * no lock waits on it). The caller writes the key into the owner's row, and hands the old key to
 * `discardPhotoLater` in the same transaction.
 */
export async function preparePhoto(
  deps: CoreDeps,
  caller: SignedInCaller,
  owner: PhotoOwner,
  source: PhotoSource,
): Promise<PreparedPhoto> {
  await countPhotoOperation(deps, caller);
  const photo = await processPhoto(await bytesOf(deps, caller, source));
  const key = `${kindOf(owner)}/${randomBytes(16).toString("hex")}`;
  // No row names these objects yet, so nothing reads them: they can go at once.
  const discard = () => removeNow(deps, objectKeysOf(key));
  try {
    await Promise.all(
      (Object.keys(photo) as PhotoSize[]).map((size) =>
        deps.storage.put(photoObjectKey(key, size), photo[size].body, {
          contentType: photo[size].contentType,
        }),
      ),
    );
  } catch (error) {
    await discard();
    throw error;
  }
  return { key, discard };
}

async function bytesOf(
  deps: CoreDeps,
  caller: SignedInCaller,
  source: PhotoSource,
): Promise<Uint8Array> {
  if ("bytes" in source) return source.bytes;
  if ("dataUrl" in source) return decodeDataUrl(source.dataUrl);
  return readUpload(deps, caller, source.uploadKey);
}

/** A data URL's bytes. The type it declares is ignored: processPhoto reads the bytes. */
export function decodeDataUrl(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(",");
  const header = comma < 0 ? "" : dataUrl.slice(0, comma);
  const data = dataUrl.slice(comma + 1);
  if (!/^data:[^,]*;base64$/i.test(header) || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
    throw new AppError("VALIDATION_FAILED", messages.photoInvalidType, {
      issues: [{ path: "photo", message: messages.photoInvalidType }],
    });
  }
  // Measured before decoding, so a huge string is refused without a copy of it in memory.
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  if (Math.floor((data.length * 3) / 4) - padding > PHOTO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", messages.payloadTooLarge);
  }
  return new Uint8Array(Buffer.from(data, "base64"));
}

/**
 * The bytes of the caller's own direct upload. An upload is read once: it is removed as soon as
 * its bytes are in memory, photo or not (the client starts again from a new upload either way).
 */
async function readUpload(
  deps: CoreDeps,
  caller: SignedInCaller,
  uploadKey: string,
): Promise<Uint8Array> {
  const invalid = () =>
    new AppError("VALIDATION_FAILED", messages.photoUploadInvalid, {
      issues: [{ path: "photoUploadKey", message: messages.photoUploadInvalid }],
    });
  // Another user's key is refused like one that never existed.
  if (!isOwnUploadKey(caller.userId, uploadKey)) throw invalid();
  const upload = await deps.storage.get(uploadKey);
  if (!upload) throw invalid();
  await removeNow(deps, [uploadKey]);
  return upload.body;
}

/** Deletes objects no row names; if storage refuses, they are queued for the scheduled job. */
async function removeNow(deps: CoreDeps, keys: string[]): Promise<void> {
  try {
    await deps.storage.delete(keys);
  } catch (error) {
    deps.log.error("storage.delete_failed", error);
    await discardObjectsLater(deps.db, keys);
  }
}

/** Queues a stored photo's objects for removal once the transaction commits. */
export async function discardPhotoLater(tx: Executor, key: string | null): Promise<void> {
  if (!key) return;
  await discardObjectsLater(tx, objectKeysOf(key));
}

async function discardObjectsLater(db: Executor, keys: string[]): Promise<void> {
  await db
    .insert(storageGarbage)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** Rows one pass of the collector takes; a scheduled run takes a few passes. */
const GARBAGE_BATCH = 100;
const GARBAGE_PASSES = 10;

export interface GarbageReport {
  removed: number;
  failed: number;
}

/**
 * After commit: removes what was queued; what fails stays queued for the scheduled job.
 * With `photoKey`, only that photo's objects (what a request just discarded; null: nothing), so
 * a request never pays for a backlog. Without it, the oldest queued objects, the least-tried
 * first, in passes until one fails or the queue is empty.
 */
export async function collectPhotoGarbage(
  deps: CoreDeps,
  options: { photoKey?: string | null } = {},
): Promise<GarbageReport> {
  if (options.photoKey !== undefined) {
    if (!options.photoKey) return { removed: 0, failed: 0 };
    const photoKey = options.photoKey;
    // The change is committed: whatever happens here, the answer stands and the queue remains.
    try {
      // Only what was queued: a key handed in by mistake must not take a live photo with it.
      const queued = await deps.db
        .select({ key: storageGarbage.key })
        .from(storageGarbage)
        .where(inArray(storageGarbage.key, objectKeysOf(photoKey)));
      return await collectGarbage(
        deps,
        queued.map((row) => row.key),
      );
    } catch (error) {
      deps.log.error("storage.garbage_failed", error);
      return { removed: 0, failed: 0 };
    }
  }
  const total: GarbageReport = { removed: 0, failed: 0 };
  for (let pass = 0; pass < GARBAGE_PASSES; pass++) {
    const rows = await deps.db
      .select({ key: storageGarbage.key })
      .from(storageGarbage)
      .orderBy(asc(storageGarbage.attempts), asc(storageGarbage.createdAt))
      .limit(GARBAGE_BATCH);
    const report = await collectGarbage(
      deps,
      rows.map((row) => row.key),
    );
    total.removed += report.removed;
    total.failed += report.failed;
    if (report.failed || rows.length < GARBAGE_BATCH) break;
  }
  return total;
}

/** Deletes these queued objects and their rows; the ones storage refuses get another attempt. */
async function collectGarbage(deps: CoreDeps, keys: string[]): Promise<GarbageReport> {
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

/** The URL an answer carries for a stored photo (the authorised photo route), or null. */
export function photoUrl(
  owner: PhotoOwner,
  key: string | null,
  size: PhotoSize = "large",
): string | null {
  const version = key ? photoVersion(key) : null;
  if (!version) return null;
  const url = `/api/photos/${kindOf(owner)}/${ownerIdOf(owner)}/${version}`;
  return size === "large" ? url : `${url}?size=${size}`;
}

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
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { CoreDeps, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { AppError } from "../errors";
import { consumeRateLimit } from "../rate-limit/rate-limit";
import { takeUpload } from "../storage/direct-uploads";
import {
  collectQueued,
  collectStorageGarbage,
  type GarbageReport,
  queueObjects,
  removeObjectsNow,
} from "../storage/garbage";
import { countUpload } from "../storage/upload-budget";
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
 * Photos one user may have processed an hour, for any owner: decoding is the costliest thing a
 * request can make the server do. Far above what a person choosing photos needs; a script hits
 * it. (Every file sent, by any door, also counts against the upload budget:
 * storage/upload-budget.ts.)
 */
export const PHOTO_RATE_LIMIT: RateRule = { limit: 100, windowMs: 60 * 60 * 1000 };

/** Counts one photo operation for the caller; 429 with Retry-After past the limit. */
async function countPhotoOperation(deps: CoreDeps, caller: SignedInCaller): Promise<void> {
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
  // Bytes in the request are a file sent; a direct upload was counted when it was asked for.
  if (!("uploadKey" in source)) await countUpload(deps, caller);
  const photo = await processPhoto(await bytesOf(deps, caller, source));
  const key = `${kindOf(owner)}/${randomBytes(16).toString("hex")}`;
  // No row names these objects yet, so nothing reads them: they can go at once.
  const discard = () => removeObjectsNow(deps, objectKeysOf(key));
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
 * The bytes of the caller's own direct upload, taken once (storage/direct-uploads.ts): another
 * user's key is refused like one that never existed or was used already.
 */
async function readUpload(
  deps: CoreDeps,
  caller: SignedInCaller,
  uploadKey: string,
): Promise<Uint8Array> {
  const bytes = await takeUpload(deps, caller, uploadKey);
  if (bytes) return bytes;
  throw new AppError("VALIDATION_FAILED", messages.photoUploadInvalid, {
    issues: [{ path: "photoUploadKey", message: messages.photoUploadInvalid }],
  });
}

/** Queues a stored photo's objects for removal once the transaction commits. */
export async function discardPhotoLater(tx: Executor, key: string | null): Promise<void> {
  if (!key) return;
  await queueObjects(tx, objectKeysOf(key));
}

/**
 * After commit: removes what was queued of a discarded photo (`photoKey`; null: nothing). Without
 * options it runs the scheduled collection of the whole queue (storage/garbage.ts).
 */
export async function collectPhotoGarbage(
  deps: CoreDeps,
  options: { photoKey?: string | null } = {},
): Promise<GarbageReport> {
  if (options.photoKey === undefined) return collectStorageGarbage(deps);
  if (!options.photoKey) return { removed: 0, failed: 0 };
  return collectQueued(deps, objectKeysOf(options.photoKey));
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

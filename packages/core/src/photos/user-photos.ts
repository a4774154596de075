/**
 * The profile photo, and the two ways its bytes reach the server: in the request itself
 * (multipart field `photo`, as the spec's `POST /api/user/photo`), or uploaded first straight to
 * storage and then named by key, the web app's way round Lambda's 6 MB request cap.
 */
import { randomBytes } from "node:crypto";
import { users } from "@circleplan/db/schema";
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import {
  collectPhotoGarbage,
  countPhotoOperation,
  discardPhotoLater,
  isOwnUploadKey,
  type PhotoSource,
  photoUrl,
  preparePhoto,
  uploadFolderOf,
} from "./photo-store";

export type UserPhotoInput = { photo: File } | { photoUploadKey: string };

/** How long a presigned upload stays usable: enough to send 5 MB on a slow phone connection. */
const UPLOAD_EXPIRES_IN_SECONDS = 10 * 60;
/** Where uploads go when storage has no presigned POST (the local folder). */
const LOCAL_UPLOAD_URL = "/api/photos/local-upload";

export async function setUserPhoto({
  deps,
  caller,
  input,
}: Call<UserPhotoInput, SignedInCaller>): Promise<{ photoUrl: string | null }> {
  const source: PhotoSource =
    "photo" in input
      ? { bytes: new Uint8Array(await input.photo.arrayBuffer()) }
      : { uploadKey: input.photoUploadKey };
  const prepared = await preparePhoto(deps, caller, { userId: caller.userId }, source);
  const replaced = await writePhotoKey(deps, caller.userId, prepared.key).catch(async (error) => {
    await prepared.discard();
    throw error;
  });
  await collectPhotoGarbage(deps, { photoKey: replaced });
  return { photoUrl: photoUrl({ userId: caller.userId }, prepared.key) };
}

export async function removeUserPhoto({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<{ message: string }> {
  const removed = await writePhotoKey(deps, caller.userId, null);
  await collectPhotoGarbage(deps, { photoKey: removed });
  return { message: messages.photoRemoved };
}

/**
 * Points the caller's row at `key` and queues the photo it named before, in one transaction:
 * the row is locked first, so of two changes at once each queues the photo the other replaced.
 */
async function writePhotoKey(
  deps: CoreDeps,
  userId: number,
  key: string | null,
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!current) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
    if (current.photoKey === key) return null;
    await tx
      .update(users)
      .set({ photoKey: key, updatedAt: deps.clock.now() })
      .where(eq(users.id, userId));
    await discardPhotoLater(tx, current.photoKey);
    return current.photoKey;
  });
}

/**
 * Where to send a photo's bytes before naming them by `key`: a presigned POST when storage
 * takes uploads itself (S3, which enforces the size), the app's own route otherwise.
 * Unused uploads expire: S3 by the bucket's lifecycle rule (sst.config.ts).
 */
export async function createPhotoUpload({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<{
  url: string;
  fields: Record<string, string>;
  key: string;
  maxBytes: number;
}> {
  await countPhotoOperation(deps, caller);
  const key = `${uploadFolderOf(caller.userId)}${randomBytes(16).toString("hex")}`;
  const presigned = deps.storage.presignUpload
    ? await deps.storage.presignUpload(key, {
        maxBytes: PHOTO_MAX_BYTES,
        expiresInSeconds: UPLOAD_EXPIRES_IN_SECONDS,
      })
    : { url: LOCAL_UPLOAD_URL, fields: { key } };
  return { ...presigned, key, maxBytes: PHOTO_MAX_BYTES };
}

/** The local stand-in for S3's presigned POST, holding the same rules: own key, 1 byte to 5 MB. */
export async function receiveLocalUpload({
  deps,
  caller,
  input,
}: Call<{ key: string; file: File }, SignedInCaller>): Promise<{ message: string }> {
  // With S3 the bucket takes uploads itself: this route does not exist there.
  if (deps.storage.presignUpload) throw new AppError("NOT_FOUND", messages.notFound);
  if (!isOwnUploadKey(caller.userId, input.key)) {
    throw new AppError("VALIDATION_FAILED", messages.photoUploadInvalid, {
      issues: [{ path: "key", message: messages.photoUploadInvalid }],
    });
  }
  if (input.file.size > PHOTO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", messages.payloadTooLarge);
  }
  if (input.file.size === 0) {
    throw new AppError("VALIDATION_FAILED", messages.photoInvalidType, {
      issues: [{ path: "file", message: messages.photoInvalidType }],
    });
  }
  await countPhotoOperation(deps, caller);
  // The declared type is not trusted (nor stored): the bytes are checked when the key is used.
  await deps.storage.put(input.key, new Uint8Array(await input.file.arrayBuffer()), {
    contentType: "application/octet-stream",
  });
  return { message: messages.uploadReceived };
}

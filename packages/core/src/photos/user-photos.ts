/**
 * The profile photo, and the two ways its bytes reach the server: in the request itself
 * (multipart field `photo`, as the spec's `POST /api/user/photo`), or uploaded first straight to
 * storage and then named by key, the web app's way round Lambda's 6 MB request cap.
 */
import { users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import {
  collectPhotoGarbage,
  discardPhotoLater,
  type PhotoSource,
  photoUrl,
  preparePhoto,
} from "./photo-store";

export type UserPhotoInput = { photo: File } | { photoUploadKey: string };

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

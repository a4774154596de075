/**
 * A circle's photo as the circle procedures see it: what a request asks for (set, remove,
 * leave), the URLs an answer carries, and the transaction that writes a prepared photo's key,
 * with the clean-up on either side of it (photo-store.ts holds the storage rules themselves).
 */
import type { Tx } from "@circleplan/db/client";
import type { CoreDeps, SignedInCaller } from "../deps";
import {
  collectPhotoGarbage,
  discardPhotoLater,
  type PhotoSource,
  type PreparedPhoto,
  photoUrl,
  preparePhoto,
} from "../photos/photo-store";

/** The photo fields a create or update may carry (spec section 7, plus the direct upload). */
export interface CirclePhotoFields {
  photo?: string | null | undefined;
  /** Sent beside `photo` for personal circles; read like it. */
  photoUrl?: string | null | undefined;
  photoUploadKey?: string | undefined;
}

export type PhotoChange =
  | { kind: "keep" }
  | { kind: "remove" }
  | { kind: "set"; source: PhotoSource };

/**
 * What the request asks of the photo. An upload key wins over a data URL (it is what the web
 * app sends when it has both), and `photo` over `photoUrl`; "" and null remove; absent keeps.
 */
export function photoChangeOf(fields: CirclePhotoFields): PhotoChange {
  if (fields.photoUploadKey) return { kind: "set", source: { uploadKey: fields.photoUploadKey } };
  const sent = fields.photo !== undefined ? fields.photo : fields.photoUrl;
  if (sent === undefined) return { kind: "keep" };
  if (!sent) return { kind: "remove" };
  return { kind: "set", source: { dataUrl: sent } };
}

/** Checks, processes and stores a photo the change sets, before any transaction opens. */
export async function prepareCirclePhoto(
  deps: CoreDeps,
  caller: SignedInCaller,
  circleId: number,
  change: PhotoChange,
): Promise<PreparedPhoto | null> {
  return change.kind === "set" ? preparePhoto(deps, caller, { circleId }, change.source) : null;
}

/** The photo URLs of a circle answer: the photo route's, never the storage key. */
export function circlePhotoUrls(circleId: number, key: string | null) {
  const large = photoUrl({ circleId }, key, "large");
  return { photo: large, photoUrl: large, thumbnailUrl: photoUrl({ circleId }, key, "thumb") };
}

/** Queues a replaced or orphaned photo for removal once the transaction commits. */
export type DiscardLater = (key: string | null) => Promise<void>;

/**
 * Runs `work` in a transaction that may write `prepared`'s key and hand replaced photos to
 * `discardLater`. If the transaction fails, the prepared objects are removed again (no row
 * names them); once it commits, what was queued is removed from storage. Both are best effort:
 * what is left stays in `storage_garbage` for the scheduled job, and the request's own outcome
 * stands.
 */
export async function photoTransaction<T>(
  deps: CoreDeps,
  caller: SignedInCaller,
  prepared: PreparedPhoto | null,
  work: (tx: Tx, discardLater: DiscardLater) => Promise<T>,
): Promise<T> {
  const logged = (event: string) => (failure: unknown) =>
    deps.log.error(event, failure, { requestId: caller.requestId, userId: caller.userId });
  const discarded: string[] = [];
  let result: T;
  try {
    result = await deps.db.transaction((tx) =>
      work(tx, async (key) => {
        if (!key) return;
        await discardPhotoLater(tx, key);
        discarded.push(key);
      }),
    );
  } catch (error) {
    await prepared?.discard().catch(logged("photo.discard_failed"));
    throw error;
  }
  for (const photoKey of discarded) {
    await collectPhotoGarbage(deps, { photoKey }).catch(logged("photo.collect_failed"));
  }
  return result;
}

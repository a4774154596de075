/**
 * Direct uploads: how a file's bytes reach storage without riding in a request to the app,
 * whose production door (Lambda behind API Gateway) takes at most 6 MB a request, base64 and
 * all. The one home of the mechanics every kind of file shares (photos, plan attachments):
 *
 * 1. `createDirectUpload`: the caller gets a key in their own folder, `uploads/<userId>/<128
 *    random bits>`, and where to POST the bytes: a presigned S3 POST whose signed policy holds
 *    this key, 1 byte to `DIRECT_UPLOAD_MAX_BYTES`, for 10 minutes; locally the app's own
 *    stand-in route (`receiveLocalUpload`), which keeps the same rules.
 * 2. A procedure of the kind names the bytes by key; `takeUpload` hands them over once, only to
 *    the user whose folder holds them, and removes the upload as soon as they are in memory.
 *    The procedure checks them by its own rules (a photo's, an attachment's) from there.
 *
 * Asking for an upload counts against the user's upload budget (upload-budget.ts). Unused
 * uploads expire: S3 by the bucket's lifecycle rule on `uploads/` (sst.config.ts).
 */
import { randomBytes } from "node:crypto";
import { photoUploadKeyField } from "@circleplan/shared/circle-schemas";
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { removeObjectsNow } from "./garbage";
import { countUpload } from "./upload-budget";

/** What storage takes in one upload: the largest file any kind accepts; each kind checks its own. */
export const DIRECT_UPLOAD_MAX_BYTES = Math.max(PHOTO_MAX_BYTES, ATTACHMENT_MAX_BYTES);

/** How long a presigned upload stays usable: enough to send 5 MB on a slow phone connection. */
const UPLOAD_EXPIRES_IN_SECONDS = 10 * 60;

/** Where uploads go when storage has no presigned POST (the local folder). */
export const LOCAL_UPLOAD_URL = "/api/photos/local-upload";

export interface DirectUpload {
  /** Where the browser POSTs `fields`, then the file (as `file`). */
  url: string;
  fields: Record<string, string>;
  /** What the kind's procedure names the bytes by afterwards. */
  key: string;
  maxBytes: number;
}

/** Direct uploads land under the uploader's own folder: no one can name another's bytes. */
export function uploadFolderOf(userId: number): string {
  return `uploads/${userId}/`;
}

/** Whether `key` is a well-formed upload key in the user's own folder. */
export function isOwnUploadKey(userId: number, key: string): boolean {
  // The key's shape has one home, the field the photo procedures take it in.
  return key.startsWith(uploadFolderOf(userId)) && photoUploadKeyField.safeParse(key).success;
}

/**
 * Where to send a file's bytes before naming them by `key`: a presigned POST when storage
 * takes uploads itself (S3, which enforces key, size and expiry), the app's own route otherwise.
 */
export async function createDirectUpload({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<DirectUpload> {
  await countUpload(deps, caller);
  const key = `${uploadFolderOf(caller.userId)}${randomBytes(16).toString("hex")}`;
  const presigned = deps.storage.presignUpload
    ? await deps.storage.presignUpload(key, {
        maxBytes: DIRECT_UPLOAD_MAX_BYTES,
        expiresInSeconds: UPLOAD_EXPIRES_IN_SECONDS,
      })
    : { url: LOCAL_UPLOAD_URL, fields: { key } };
  return { ...presigned, key, maxBytes: DIRECT_UPLOAD_MAX_BYTES };
}

/**
 * The local stand-in for S3's presigned POST, holding the same rules: own key, 1 byte to
 * `DIRECT_UPLOAD_MAX_BYTES`. Its refusals keep the words the photo flow has always shown (it
 * was the photos' route first); the plan form checks type and size before it sends anything.
 */
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
  if (input.file.size > DIRECT_UPLOAD_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", messages.payloadTooLarge);
  }
  if (input.file.size === 0) {
    throw new AppError("VALIDATION_FAILED", messages.photoInvalidType, {
      issues: [{ path: "file", message: messages.photoInvalidType }],
    });
  }
  await countUpload(deps, caller);
  // The declared type is not trusted (nor stored): the bytes are checked when the key is used.
  await deps.storage.put(input.key, new Uint8Array(await input.file.arrayBuffer()), {
    contentType: "application/octet-stream",
  });
  return { message: messages.uploadReceived };
}

/**
 * The bytes of the caller's own direct upload, or null for a key that is another user's, was
 * never uploaded, or was used already (the caller refuses with its own message: these are
 * alike to it). An upload is read once: it is removed as soon as its bytes are in memory,
 * whatever the caller then makes of them (the client starts again from a new upload).
 */
export async function takeUpload(
  deps: Pick<CoreDeps, "db" | "storage" | "log">,
  caller: SignedInCaller,
  uploadKey: string,
): Promise<Uint8Array | null> {
  if (!isOwnUploadKey(caller.userId, uploadKey)) return null;
  const upload = await deps.storage.get(uploadKey);
  if (!upload) return null;
  await removeObjectsNow(deps, [uploadKey]);
  return upload.body;
}

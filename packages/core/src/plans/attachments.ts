/**
 * Files attached to plans (plans spec, section 5: pdf, doc, docx, txt, jpg, jpeg, png, gif,
 * several): what is accepted, where the bytes go, who may add, remove and read them, and what
 * becomes of the objects when a plan goes.
 *
 * - **Accepted** when the name's extension is on the list AND the bytes are of that kind: the
 *   binary kinds are read by file-type (as photos are), a `.doc` must be an OLE compound file,
 *   a `.docx` a Word Open XML package (a macro-enabled `.docm` is refused), and a `.txt` valid
 *   UTF-8 without NULs. The type the file is later served with comes from the bytes, never from
 *   the browser. 1 byte to 5 MB each (413 above), 10 per plan, 1 GB per user in all
 *   (attachment-quota.ts, 413). Every file sent counts against the upload budget
 *   (storage/upload-budget.ts, 429), whichever door.
 * - **Two doors, one rule set** (`attachFile`): the bytes in a multipart request, or a direct
 *   upload named by key (storage/direct-uploads.ts), the web app's way round Lambda's 6 MB cap.
 * - **Who**: the plan's creator adds and removes them (the plan form, where they are chosen, is
 *   the creator's alone); every member of the plan's circle reads them; anyone else 404.
 * - **Stored** by key, `attachments/<128 random bits>`: the key never leaves the server (answers
 *   carry the authorised route), and no key can be guessed from another.
 * - **Objects outlive their rows only through `storage_garbage`**, as photos do: the
 *   transaction that drops an attachment (or its plan, or its circle) queues the object, and it
 *   is removed after commit; what storage refuses then, the scheduled job retries.
 */
import { randomBytes } from "node:crypto";
import type { Executor } from "@circleplan/db/client";
import { planAttachments, plans } from "@circleplan/db/schema";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_PLAN_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { attachmentSchema } from "@circleplan/shared/plan-outputs";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type * as z from "zod";
import { type CircleCaller, circleAccess } from "../circles/access";
import type { Call, Caller, CoreDeps } from "../deps";
import { AppError } from "../errors";
import { takeUpload } from "../storage/direct-uploads";
import { attachmentDisposition, type Download, downloadOf } from "../storage/downloads";
import { collectQueued, queueObjects, removeObjectsNow } from "../storage/garbage";
import { countUpload } from "../storage/upload-budget";
import { lockQuota, requireQuotaRoom } from "./attachment-quota";
import { lockPlan, requireCreatorOfPlan } from "./plan-access";

export type Attachment = z.infer<typeof attachmentSchema>;

export type AttachmentRow = typeof planAttachments.$inferSelect;

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const TEXT_TYPE = "text/plain; charset=utf-8";

/**
 * Each accepted extension and the type its bytes must have, by what file-type reports (its
 * `mime`, or its `ext` for the OLE container, which has no mime of its own). Images may carry
 * each other's extension (a PNG saved as `.jpg` is common and harmless): they are served with
 * the type their bytes have.
 */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"];
const BINARY_KINDS: Record<string, { detected: string[]; serveAs?: string }> = {
  pdf: { detected: ["application/pdf"] },
  doc: { detected: ["cfb"], serveAs: "application/msword" },
  docx: { detected: [DOCX_TYPE] },
  jpg: { detected: IMAGE_TYPES },
  jpeg: { detected: IMAGE_TYPES },
  png: { detected: IMAGE_TYPES },
  gif: { detected: IMAGE_TYPES },
};

/** File names are kept for the download; longer ones are cut, keeping the extension. */
const FILE_NAME_MAX_LENGTH = 200;

const typeInvalid = () =>
  new AppError("VALIDATION_FAILED", messages.attachmentTypeInvalid, {
    issues: [{ path: "file", message: messages.attachmentTypeInvalid }],
  });

/** The authorised route that serves an attachment's bytes (api/src/app.ts). */
export function attachmentUrl(planId: number, attachmentId: number): string {
  return `/api/events/${planId}/attachments/${attachmentId}`;
}

export const toAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  url: attachmentUrl(row.planId, row.id),
  createdAt: row.createdAt,
});

/**
 * A name that is safe to keep and to send back in a Content-Disposition: no folders, no
 * control or bidirectional-formatting characters (which can make `exe.txt` read as
 * `txt.exe`), trimmed, at most 200 characters with its extension kept.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot) : "";
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || "attachment";
  const room = FILE_NAME_MAX_LENGTH - extension.length;
  return `${Array.from(stem).slice(0, Math.max(room, 1)).join("")}${extension}`;
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
};

/** UTF-8 text without NULs: what a `.txt` must be. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type a file will be served with, when its name and its bytes agree on an accepted kind;
 * else 400 with the product's message.
 */
export async function attachmentTypeOf(fileName: string, bytes: Uint8Array): Promise<string> {
  const extension = extensionOf(fileName);
  if (extension === "txt") {
    if (!isPlainText(bytes)) throw typeInvalid();
    return TEXT_TYPE;
  }
  const kind = BINARY_KINDS[extension];
  if (!kind) throw typeInvalid();
  // Loaded on first use: most requests never read a file's type.
  const { fileTypeFromBuffer } = await import("file-type/core");
  const detected = await fileTypeFromBuffer(bytes);
  if (
    !detected ||
    !(kind.detected.includes(detected.mime) || kind.detected.includes(detected.ext))
  ) {
    throw typeInvalid();
  }
  return kind.serveAs ?? detected.mime;
}

async function attachmentCount(db: Executor, planId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planAttachments)
    .where(eq(planAttachments.planId, planId));
  return row?.n ?? 0;
}

const tooMany = () =>
  new AppError("VALIDATION_FAILED", messages.attachmentsTooMany, {
    issues: [{ path: "file", message: messages.attachmentsTooMany }],
  });

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", messages.attachmentTooLarge);

/**
 * What both doors check before any byte is read: the caller created the plan (403; 404 when it
 * is gone), the plan has room, `bytes` are within a file's size (413), and the caller's storage
 * quota has room for them (413; cheap refusals, checked again under the locks).
 */
async function requireRoomToAttach(
  db: Executor,
  caller: CircleCaller,
  planId: number,
  bytes: number,
) {
  await requireCreatorOfPlan(db, planId, caller.userId);
  if ((await attachmentCount(db, planId)) >= ATTACHMENTS_PER_PLAN_MAX) throw tooMany();
  if (bytes > ATTACHMENT_MAX_BYTES) throw tooLarge();
  await requireQuotaRoom(db, caller.userId, bytes);
}

/**
 * POST /api/events/{id}/attachments: one file (multipart field `file`); several files are
 * several calls. For REST clients and files small enough for one request.
 */
export async function addAttachment({
  deps,
  caller,
  input,
}: Call<{ id: number; file: File }, CircleCaller>): Promise<Attachment> {
  // A file sent is counted whatever becomes of it, as asking for a direct upload is.
  await countUpload(deps, caller);
  // An oversized file is refused before a byte of it is read.
  await requireRoomToAttach(deps.db, caller, input.id, input.file.size);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  return attachFile(deps, caller, input.id, { bytes, fileName: input.file.name });
}

/**
 * POST /api/events/{id}/attachments/uploaded: a file the caller first uploaded straight to
 * storage (storage/direct-uploads.ts), named by its key: the web app's way round Lambda's 6 MB
 * request cap. The upload is taken once (removed whether or not it is accepted); another
 * user's key, one never uploaded, or one used already: 400.
 */
export async function addUploadedAttachment({
  deps,
  caller,
  input,
}: Call<{ id: number; uploadKey: string; fileName: string }, CircleCaller>): Promise<Attachment> {
  // The upload's size is known once it is read: here, room for one byte at least.
  await requireRoomToAttach(deps.db, caller, input.id, 1);
  const bytes = await takeUpload(deps, caller, input.uploadKey);
  if (!bytes) {
    throw new AppError("VALIDATION_FAILED", messages.attachmentUploadInvalid, {
      issues: [{ path: "uploadKey", message: messages.attachmentUploadInvalid }],
    });
  }
  return attachFile(deps, caller, input.id, { bytes, fileName: input.fileName });
}

/**
 * The rules every attachment meets, whichever door it came through: 1 byte to 5 MB (storage's
 * upload policy takes nothing smaller), a name and bytes of one accepted kind, 10 a plan, the
 * uploader's storage quota. The bytes are stored before the transaction (no lock waits on
 * storage); the transaction locks the uploader's quota, then the plan, so two uploads at once
 * cannot both take the last place or the last room, and an object whose row was not written
 * is removed again.
 */
async function attachFile(
  deps: CoreDeps,
  caller: CircleCaller,
  planId: number,
  file: { bytes: Uint8Array; fileName: string },
): Promise<Attachment> {
  const { bytes } = file;
  if (bytes.byteLength > ATTACHMENT_MAX_BYTES) throw tooLarge();
  if (bytes.byteLength === 0) throw typeInvalid();
  const fileName = safeFileName(file.fileName);
  const contentType = await attachmentTypeOf(fileName, bytes);

  const storageKey = `attachments/${randomBytes(16).toString("hex")}`;
  await deps.storage.put(storageKey, bytes, { contentType });
  try {
    const row = await deps.db.transaction(async (tx) => {
      await lockQuota(tx, caller.userId);
      await lockPlan(tx, planId);
      if ((await attachmentCount(tx, planId)) >= ATTACHMENTS_PER_PLAN_MAX) throw tooMany();
      await requireQuotaRoom(tx, caller.userId, bytes.byteLength);
      const [inserted] = await tx
        .insert(planAttachments)
        .values({
          planId,
          storageKey,
          fileName,
          contentType,
          size: bytes.byteLength,
          uploadedBy: caller.userId,
          createdAt: deps.clock.now(),
        })
        .returning();
      return inserted as AttachmentRow;
    });
    return toAttachment(row);
  } catch (error) {
    await removeObjectsNow(deps, [storageKey]);
    throw error;
  }
}

/**
 * DELETE /api/events/{id}/attachments/{attachmentId}: the plan's creator removes one; answers
 * what was removed. The object is queued in the same transaction and removed after commit.
 */
export async function removeAttachment({
  deps,
  caller,
  input,
}: Call<{ id: number; attachmentId: number }, CircleCaller>): Promise<Attachment> {
  await requireCreatorOfPlan(deps.db, input.id, caller.userId);
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(planAttachments)
      .where(and(eq(planAttachments.id, input.attachmentId), eq(planAttachments.planId, input.id)))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", messages.notFound);
    await queueObjects(tx, [row.storageKey]);
    return row;
  });
  await collectAttachmentGarbage(deps, [removed.storageKey]);
  return toAttachment(removed);
}

/** How long an attachment's presigned link works: the click that asked for it follows it. */
const ATTACHMENT_LINK_SECONDS = 5 * 60;

/**
 * The one decision behind `GET /api/events/{id}/attachments/{attachmentId}`: for a member of the
 * plan's circle, the file as a download (storage/downloads.ts: a presigned link with S3, the
 * bytes locally), never shown on our origin, with the type read from its bytes at upload.
 * Signed out 401; anyone else, an attachment of another plan, or one that is gone: 404, alike.
 */
export async function readAttachment({
  deps,
  caller,
  input,
}: Call<{ id: number; attachmentId: number }, Caller>): Promise<Download> {
  if (caller.userId === null) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  await circleAccess(deps.db, caller.userId, { planId: input.id });
  const [row] = await deps.db
    .select()
    .from(planAttachments)
    .where(and(eq(planAttachments.id, input.attachmentId), eq(planAttachments.planId, input.id)));
  if (!row) throw new AppError("NOT_FOUND", messages.notFound);
  const noStore = "private, no-store";
  return downloadOf(
    deps.storage,
    row.storageKey,
    {
      contentType: row.contentType,
      contentDisposition: attachmentDisposition(row.fileName),
      cacheControl: noStore,
    },
    { expiresInSeconds: ATTACHMENT_LINK_SECONDS, redirectCacheControl: noStore },
  );
}

/**
 * The attachments of these plans, oldest first, by plan id (every id present, [] for none):
 * what `toPlan` puts on each plan's `attachments`.
 */
export async function attachmentsOf(
  db: Executor,
  planIds: readonly number[],
): Promise<Map<number, Attachment[]>> {
  const byPlan = new Map<number, Attachment[]>(planIds.map((id) => [id, []]));
  const ids = [...new Set(planIds)];
  if (!ids.length) return byPlan;
  const rows = await db
    .select()
    .from(planAttachments)
    .where(inArray(planAttachments.planId, ids))
    .orderBy(asc(planAttachments.createdAt), asc(planAttachments.id));
  for (const row of rows) byPlan.get(row.planId)?.push(toAttachment(row));
  return byPlan;
}

/**
 * For whoever deletes plans (deletePlan): call in the deleting transaction, with the plans'
 * rows locked (lockPlan: an upload holding one commits first, and is read here) and before the
 * rows go (the foreign key's cascade takes the attachment rows with them). Queues the objects of
 * these plans' attachments and answers their keys; after commit, hand the keys to
 * `collectAttachmentGarbage`.
 */
export async function queueAttachmentObjects(
  tx: Executor,
  planIds: readonly number[],
): Promise<string[]> {
  if (!planIds.length) return [];
  const rows = await tx
    .select({ key: planAttachments.storageKey })
    .from(planAttachments)
    .where(inArray(planAttachments.planId, [...new Set(planIds)]));
  const keys = rows.map((row) => row.key);
  await queueObjects(tx, keys);
  return keys;
}

/**
 * The same for a circle about to be deleted: every attachment of every plan in it. Call it with
 * the circle's row locked (no plan can join it then). The plans are locked first: an upload
 * that holds one (attachFile) commits before the attachments are read, so its object is
 * queued too, instead of losing its row to the cascade with no garbage entry; one that comes
 * later finds its plan gone.
 */
export async function queueCircleAttachmentObjects(
  tx: Executor,
  circleId: number,
): Promise<string[]> {
  await tx.select({ id: plans.id }).from(plans).where(eq(plans.circleId, circleId)).for("update");
  const rows = await tx
    .select({ key: planAttachments.storageKey })
    .from(planAttachments)
    .innerJoin(plans, eq(plans.id, planAttachments.planId))
    .where(eq(plans.circleId, circleId));
  const keys = rows.map((row) => row.key);
  await queueObjects(tx, keys);
  return keys;
}

/** After commit: removes these queued objects (storage/garbage.ts; failures stay queued). */
export async function collectAttachmentGarbage(
  deps: Pick<CoreDeps, "db" | "storage" | "log">,
  keys: readonly string[],
): Promise<void> {
  await collectQueued(deps, keys);
}

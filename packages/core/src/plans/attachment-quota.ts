/**
 * What each user's attachments may take in storage together: `ATTACHMENT_STORAGE_QUOTA_BYTES`
 * (1 GB), counted as the bytes stored for the attachments of the plans they created (only a
 * plan's creator attaches files). Removing an attachment, or its plan, frees its bytes.
 * Checked cheaply before a file is read, and again under the user's row lock in the
 * transaction that stores the row, so two uploads at once cannot both take the last room.
 */
import type { Executor, Tx } from "@circleplan/db/client";
import { planAttachments, plans, users } from "@circleplan/db/schema";
import { ATTACHMENT_STORAGE_QUOTA_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, sum } from "drizzle-orm";
import { AppError } from "../errors";

/** Bytes the attachments of `userId`'s plans take (plans_creator_idx, then each plan's). */
export async function attachmentBytesOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(planAttachments.size) })
    .from(planAttachments)
    .innerJoin(plans, eq(plans.id, planAttachments.planId))
    .where(eq(plans.creatorId, userId));
  return Number(row?.total ?? 0);
}

/** 413 with the product's message unless `adding` more bytes fit in the user's quota. */
export async function requireQuotaRoom(
  db: Executor,
  userId: number,
  adding: number,
): Promise<void> {
  if ((await attachmentBytesOf(db, userId)) + adding > ATTACHMENT_STORAGE_QUOTA_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", messages.attachmentQuotaExceeded);
  }
}

/**
 * Holds the user's quota for the rest of the transaction: their row, locked as an update of it
 * would (a key referencing it does not wait; the transaction is a few statements long). Take it
 * before the plan's lock, as every attachment transaction does.
 */
export async function lockQuota(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!row) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
}

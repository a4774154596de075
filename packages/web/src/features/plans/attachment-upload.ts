/**
 * A plan's files go up through the REST door's multipart route (`POST /api/events/{id}/
 * attachments`, field `file`): a tRPC call carries JSON only. The server checks type and size
 * again from the bytes; the checks here only spare a pointless upload.
 */
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { attachmentSchema } from "@circleplan/shared/plan-outputs";
import type * as z from "zod";
import { NO_ANSWER_MESSAGE } from "@/lib/errors";

export type Attachment = z.infer<typeof attachmentSchema>;

export const ACCEPTED_ATTACHMENTS = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(
  ",",
);

/** Why a chosen file cannot be attached, or null. */
export function attachmentProblem(file: Pick<File, "name" | "size">): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (
    !file.name.includes(".") ||
    !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)
  ) {
    return messages.attachmentTypeInvalid;
  }
  if (file.size > ATTACHMENT_MAX_BYTES) return messages.attachmentTooLarge;
  return null;
}

export async function uploadAttachment(planId: number, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file);
  let answer: Response;
  try {
    answer = await fetch(`/api/events/${planId}/attachments`, {
      method: "POST",
      body,
      credentials: "include",
    });
  } catch {
    throw new Error(NO_ANSWER_MESSAGE);
  }
  if (answer.ok) return (await answer.json()) as Attachment;
  if (answer.status === 413) throw new Error(messages.attachmentTooLarge);
  let message: unknown;
  try {
    message = ((await answer.json()) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  throw new Error(
    typeof message === "string" && message.trim()
      ? message
      : `The upload was refused (${answer.status}). Please try again.`,
  );
}

/**
 * A plan's files go up as the app's photos do (lib/direct-upload.ts): the bytes straight to
 * storage, then `attachments.addUploaded` names them by key with the file's name, so no request
 * to the API carries them (Lambda takes 6 MB a request, base64 and all). The server checks type
 * and size again from the bytes; the checks here only spare a pointless upload.
 */
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { attachmentSchema } from "@circleplan/shared/plan-outputs";
import type * as z from "zod";
import {
  DirectUploadError,
  type DirectUploadOptions,
  uploadDirectly,
} from "../../lib/direct-upload";
import { serverMessage } from "../../lib/errors";
import { createTrpcClient } from "../../lib/trpc";

export type Attachment = z.infer<typeof attachmentSchema>;

export const ACCEPTED_ATTACHMENTS = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(
  ",",
);

/** Why a chosen file cannot be attached, or null. */
export function attachmentProblem(file: Pick<File, "name" | "size">): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (
    !file.name.includes(".") ||
    !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension) ||
    // Nothing to attach; storage takes 1 byte or more, and the server refuses it too.
    file.size === 0
  ) {
    return messages.attachmentTypeInvalid;
  }
  if (file.size > ATTACHMENT_MAX_BYTES) return messages.attachmentTooLarge;
  return null;
}

// A client of its own, built the way the app's is, so this works outside React's tree too.
let client: ReturnType<typeof createTrpcClient> | undefined;

/** Attaches one file to the plan; a failure is an Error whose message a toast can show. */
export async function uploadAttachment(
  planId: number,
  file: File,
  options: DirectUploadOptions = {},
): Promise<Attachment> {
  const problem = attachmentProblem(file);
  if (problem) throw new Error(problem);
  let uploadKey: string;
  try {
    uploadKey = await uploadDirectly(file, options);
  } catch (error) {
    if (!(error instanceof DirectUploadError)) throw error;
    throw new Error(error.tooLarge ? messages.attachmentTooLarge : error.message);
  }
  client ??= createTrpcClient();
  try {
    return await client.attachments.addUploaded.mutate(
      { id: planId, uploadKey, fileName: file.name },
      { signal: options.signal },
    );
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new Error(serverMessage(error, messages.internal));
  }
}

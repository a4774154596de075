/**
 * A photo's bytes go straight to storage through the app's one uploader (direct-upload.ts),
 * never through a tRPC call: Lambda caps a request at 6 MB. The answer is the key a photo
 * procedure then names them by (`photoUploadKey`), and the server checks them there.
 */
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { DirectUploadError, type DirectUploadOptions, uploadDirectly } from "./direct-upload";

/** A failure worth a toast: the spec gives its errors as a title and a description. */
export class PhotoUploadError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
    this.name = "PhotoUploadError";
  }
}

/** The shared messages hold "Title: description" in one string (the REST door sends it whole). */
function fromMessage(message: string): PhotoUploadError {
  const [title = message, ...rest] = message.split(": ");
  return new PhotoUploadError(title, rest.join(": "));
}

export const UPLOAD_FAILED = "Upload failed";

/**
 * What is wrong with a chosen file before any byte leaves the browser: not an image, or over
 * 5 MB (accounts spec, section 5). The server checks both again from the bytes themselves.
 */
export function photoFileProblem(
  file: Blob,
  maxBytes: number = PHOTO_MAX_BYTES,
): PhotoUploadError | null {
  if (!file.type.startsWith("image/")) return fromMessage(messages.photoInvalidType);
  if (file.size > maxBytes) return fromMessage(messages.payloadTooLarge);
  return null;
}

export type UploadPhotoOptions = DirectUploadOptions;

/** Uploads a photo's bytes and answers the key to send as `photoUploadKey`. */
export async function uploadPhoto(file: Blob, options: UploadPhotoOptions = {}): Promise<string> {
  const problem = photoFileProblem(file);
  if (problem) throw problem;
  try {
    return await uploadDirectly(
      // A crop is a Blob; storage reads a part as a file only when it has a file name.
      file instanceof File ? file : new File([file], fileName(file), { type: file.type }),
      options,
    );
  } catch (error) {
    if (!(error instanceof DirectUploadError)) throw error;
    throw error.tooLarge
      ? fromMessage(messages.payloadTooLarge)
      : new PhotoUploadError(UPLOAD_FAILED, error.message);
  }
}

function fileName(file: Blob): string {
  return file.type === "image/jpeg" ? "photo.jpg" : `photo.${file.type.split("/")[1] ?? "bin"}`;
}

/**
 * A photo's bytes go straight to storage (a presigned S3 POST, or the local server's stand-in
 * for it), never through a tRPC call: Lambda caps a request at 6 MB. The answer is the key a
 * photo procedure then names them by (`photoUploadKey`), and the server checks them there.
 */
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { NO_ANSWER_MESSAGE, serverMessage } from "./errors";
import { createTrpcClient } from "./trpc";

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

// A client of its own, built the way the app's is, so this works outside React's tree too.
let client: ReturnType<typeof createTrpcClient> | undefined;

export interface UploadPhotoOptions {
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads a photo's bytes and answers the key to send as `photoUploadKey`. */
export async function uploadPhoto(file: Blob, options: UploadPhotoOptions = {}): Promise<string> {
  const problem = photoFileProblem(file);
  if (problem) throw problem;
  options.signal?.throwIfAborted();
  client ??= createTrpcClient();
  let target: Awaited<ReturnType<typeof client.photos.createUpload.mutate>>;
  try {
    target = await client.photos.createUpload.mutate(undefined, { signal: options.signal });
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new PhotoUploadError(UPLOAD_FAILED, serverMessage(error, messages.internal));
  }
  const tooLarge = photoFileProblem(file, target.maxBytes);
  if (tooLarge) throw tooLarge;
  options.signal?.throwIfAborted();

  const form = new FormData();
  // The policy's fields come first: S3 ignores everything after the file.
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  // A named File: S3 and the local route read the part as a file only when it has a filename.
  form.append(
    "file",
    file instanceof File ? file : new File([file], fileName(file), { type: file.type }),
  );
  await send(target.url, form, options);
  return target.key;
}

function fileName(file: Blob): string {
  return file.type === "image/jpeg" ? "photo.jpg" : `photo.${file.type.split("/")[1] ?? "bin"}`;
}

/** XMLHttpRequest, not fetch: only it reports upload progress in every browser. */
function send(url: string, body: FormData, options: UploadPhotoOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const settle = (outcome: () => void) => {
      options.signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    request.open("POST", url);
    // The local stand-in is the app's own origin and needs the session cookie; a presigned
    // bucket POST carries its permission in the policy, and asking the bucket for credentials
    // would make the browser demand Access-Control-Allow-Credentials from it.
    request.withCredentials = new URL(url, window.location.href).origin === window.location.origin;
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () =>
      settle(() => {
        if (request.status >= 200 && request.status < 300) {
          options.onProgress?.(1);
          resolve();
        } else reject(refusal(request));
      }),
    );
    request.addEventListener("error", () =>
      settle(() => reject(new PhotoUploadError(UPLOAD_FAILED, NO_ANSWER_MESSAGE))),
    );
    request.addEventListener("abort", () =>
      settle(() => reject(options.signal?.reason ?? new DOMException("Aborted", "AbortError"))),
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    request.send(body);
  });
}

/** The storage's refusal: the app's JSON message locally; S3 answers XML nobody should read. */
function refusal(request: XMLHttpRequest): PhotoUploadError {
  if (request.status === 413) return fromMessage(messages.payloadTooLarge);
  let message: unknown;
  try {
    message = (JSON.parse(request.responseText) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  if (typeof message === "string" && message.trim())
    return new PhotoUploadError(UPLOAD_FAILED, message);
  return new PhotoUploadError(
    UPLOAD_FAILED,
    `The upload was refused (${request.status}). Please try again.`,
  );
}

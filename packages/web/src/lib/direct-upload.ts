/**
 * The one uploader for files the app stores (photos, plan attachments): the bytes go straight to
 * storage (a presigned S3 POST, or the local server's stand-in for it), never through a call to
 * the API, whose production door (Lambda) takes at most 6 MB a request. The answer is the key a
 * procedure of the kind then names them by, and the server checks them there.
 */
import { messages } from "@circleplan/shared/messages";
import { NO_ANSWER_MESSAGE, serverMessage } from "./errors";
import { createTrpcClient } from "./trpc";

/**
 * Why an upload did not reach storage: the file is over what storage takes (each kind words
 * that its own way), or another failure, with words a person can read.
 */
export class DirectUploadError extends Error {
  constructor(
    readonly tooLarge: boolean,
    message: string,
  ) {
    super(message);
    this.name = "DirectUploadError";
  }
}

export interface DirectUploadOptions {
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// A client of its own, built the way the app's is, so this works outside React's tree too.
let client: ReturnType<typeof createTrpcClient> | undefined;

/** Uploads a file's bytes and answers the key to name them by. */
export async function uploadDirectly(
  file: File,
  options: DirectUploadOptions = {},
): Promise<string> {
  options.signal?.throwIfAborted();
  client ??= createTrpcClient();
  let target: Awaited<ReturnType<typeof client.photos.createUpload.mutate>>;
  try {
    target = await client.photos.createUpload.mutate(undefined, { signal: options.signal });
  } catch (error) {
    options.signal?.throwIfAborted();
    throw new DirectUploadError(false, serverMessage(error, messages.internal));
  }
  if (file.size > target.maxBytes) throw new DirectUploadError(true, messages.payloadTooLarge);
  options.signal?.throwIfAborted();

  const form = new FormData();
  // The policy's fields come first: S3 ignores everything after the file.
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  // A named File: S3 and the local route read the part as a file only when it has a filename.
  form.append("file", file);
  await send(target.url, form, options);
  return target.key;
}

/** XMLHttpRequest, not fetch: only it reports upload progress in every browser. */
function send(url: string, body: FormData, options: DirectUploadOptions): Promise<void> {
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
      settle(() => reject(new DirectUploadError(false, NO_ANSWER_MESSAGE))),
    );
    request.addEventListener("abort", () =>
      settle(() => reject(options.signal?.reason ?? new DOMException("Aborted", "AbortError"))),
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    request.send(body);
  });
}

/** The storage's refusal: the app's JSON message locally; S3 answers XML nobody should read. */
function refusal(request: XMLHttpRequest): DirectUploadError {
  if (request.status === 413) return new DirectUploadError(true, messages.payloadTooLarge);
  let message: unknown;
  try {
    message = (JSON.parse(request.responseText) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  if (typeof message === "string" && message.trim()) return new DirectUploadError(false, message);
  return new DirectUploadError(
    false,
    `The upload was refused (${request.status}). Please try again.`,
  );
}

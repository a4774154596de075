/**
 * How stored bytes (an attachment, a photo) reach a browser once core has decided it may have
 * them. With S3 the route answers a redirect to a short-lived presigned GET, so no file passes
 * through the function: Lambda answers at most 6 MB, and a file there travels base64-encoded
 * (a 5 MB PDF made a 6.67 MB answer). The URL carries the headers the bytes are answered with
 * (`attachment` disposition, the type read from the bytes at upload), signed. Locally (the
 * folder) the same route answers the bytes itself: there is no limit to work round, and the
 * web app needs no other origin. Either way the route's shape and its access check are one.
 */

import { messages } from "@circleplan/shared/messages";
import { AppError } from "../errors";
import type { DownloadHeaders, ObjectStorage } from "./object-storage";

export type Download =
  /** Where to send the browser, and how long it may keep that redirect. */
  | { redirect: string; cacheControl: string }
  | { body: Uint8Array<ArrayBuffer>; headers: DownloadHeaders };

export interface DownloadOptions {
  /** How long the presigned URL works: long enough to start the download, no longer. */
  expiresInSeconds: number;
  /** The redirect's own caching, within the URL's life (a stale redirect would fail). */
  redirectCacheControl: string;
}

/** The bytes of `key`, or where to fetch them; 404 for an object that is gone (local only). */
export async function downloadOf(
  storage: ObjectStorage,
  key: string,
  headers: DownloadHeaders,
  options: DownloadOptions,
): Promise<Download> {
  if (storage.presignDownload) {
    const url = await storage.presignDownload(key, {
      ...headers,
      expiresInSeconds: options.expiresInSeconds,
    });
    return { redirect: url, cacheControl: options.redirectCacheControl };
  }
  const stored = await storage.get(key);
  if (!stored) throw new AppError("NOT_FOUND", messages.notFound);
  return { body: stored.body, headers };
}

/**
 * `attachment` with the stored (already cleaned) name: an ASCII fallback for old clients and
 * the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

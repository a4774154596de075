/**
 * Where photos and attachments live: a local folder by default, an S3 bucket in production.
 * Callers store keys, never URLs (a URL is made per answer, by an authorised route or a signed
 * link: storage/downloads.ts), so a key can move between backends and nothing stored goes stale.
 */

export interface StoredObject {
  /** Backed by a plain ArrayBuffer, as web APIs (Response, Blob) take it. */
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** Where and how a browser sends a file straight to storage: a form POST of `fields`, then the file. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** The headers stored bytes are answered with, wherever they are answered from. */
export interface DownloadHeaders {
  contentType: string;
  /** `attachment; filename=...` for a download; none for what the page shows (a photo). */
  contentDisposition?: string;
  cacheControl: string;
}

export interface ObjectStorage {
  put(key: string, body: Uint8Array, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes what exists of `keys`; a missing key is not an error. */
  delete(keys: string[]): Promise<void>;
  /**
   * A form POST that stores one file under `key` without passing through the app, refused by
   * the storage itself outside 1..`maxBytes` bytes or after `expiresInSeconds`. Only a backend
   * browsers can reach has it (S3); without it, uploads go through the app's own route.
   */
  presignUpload?(
    key: string,
    options: { maxBytes: number; expiresInSeconds: number },
  ): Promise<PresignedUpload>;
  /**
   * A GET of `key` that works without credentials until `expiresInSeconds` have passed and
   * answers with `headers` (signed into the URL, so the holder cannot change them): where the
   * app sends a browser once it has decided the browser may have the bytes. Only a backend
   * browsers can reach has it (S3); without it, the app answers the bytes itself.
   */
  presignDownload?(
    key: string,
    options: DownloadHeaders & { expiresInSeconds: number },
  ): Promise<string>;
}

/** Keys are ours (e.g. `circles/12/photo-3f9a.webp`): lower-case segments, no way out of a folder. */
const KEY_SHAPE = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertKey(key: string): void {
  if (key.length > 512 || !KEY_SHAPE.test(key) || key.split("/").includes("..")) {
    throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

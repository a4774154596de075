/**
 * Where photos and attachments live: a local folder by default, an S3 bucket in production.
 * Callers store keys, never URLs (a URL is made per answer, by an authorised route or a signed
 * link), so a key can move between backends and nothing stored goes stale.
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
}

/** Keys are ours (e.g. `circles/12/photo-3f9a.webp`): lower-case segments, no way out of a folder. */
const KEY_SHAPE = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertKey(key: string): void {
  if (key.length > 512 || !KEY_SHAPE.test(key) || key.split("/").includes("..")) {
    throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

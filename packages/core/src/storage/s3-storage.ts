/** Production storage: an S3 bucket (the SST `Photos` bucket). The SDK loads on first use. */
import { assertKey, type ObjectStorage } from "./object-storage";

export interface S3StorageOptions {
  bucket: string;
  region?: string | undefined;
  /** Another S3-compatible endpoint (tests point this at a local server; path-style addressing). */
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const load = async () => {
    const sdk = await import("@aws-sdk/client-s3");
    const client = new sdk.S3Client({
      ...(options.region ? { region: options.region } : {}),
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return { sdk, client };
  };
  let loaded: ReturnType<typeof load> | undefined;
  const s3 = () => {
    loaded ??= load();
    return loaded;
  };
  const Bucket = options.bucket;
  return {
    async put(key, body, { contentType }) {
      assertKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const body = await answer.Body?.transformToByteArray();
        if (!body) return null;
        return {
          body: new Uint8Array(body),
          contentType: answer.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(keys) {
      if (!keys.length) return;
      keys.forEach(assertKey);
      const { sdk, client } = await s3();
      // DeleteObjects takes at most 1,000 keys a call.
      for (let start = 0; start < keys.length; start += 1000) {
        const answer = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket,
            Delete: {
              Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })),
              Quiet: true,
            },
          }),
        );
        // A batch delete answers 200 even when some keys failed: those come back as Errors.
        const failed = answer.Errors ?? [];
        if (failed.length) {
          throw new Error(
            `S3 could not delete ${failed.length} object(s): ${failed[0]?.Code ?? "unknown"}`,
          );
        }
      }
    },
    async presignDownload(
      key,
      { expiresInSeconds, contentType, contentDisposition, cacheControl },
    ) {
      assertKey(key);
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        s3(),
        import("@aws-sdk/s3-request-presigner"),
      ]);
      // The response-* overrides are part of the signed query: S3 answers with these headers,
      // and a changed one no longer matches the signature.
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseCacheControl: cacheControl,
        ...(contentDisposition ? { ResponseContentDisposition: contentDisposition } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    async presignUpload(key, { maxBytes, expiresInSeconds }) {
      assertKey(key);
      const [{ client }, { createPresignedPost }] = await Promise.all([
        s3(),
        import("@aws-sdk/s3-presigned-post"),
      ]);
      // The policy, signed with the function's own credentials, is what S3 enforces: this key
      // only, this size range only, until it expires.
      return createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [["content-length-range", 1, maxBytes]],
        Expires: expiresInSeconds,
      });
    },
  };
}

/**
 * An S3-compatible server (s3rver) on a free loopback port, with one bucket, for tests that
 * hold the S3 backend to the same contract as the local folder over real HTTP. s3rver checks
 * neither signatures nor POST policies: tests of those read what the SDK produced.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; this uses its constructor, run() and close().
import S3rver from "s3rver";
import { createS3Storage, type S3StorageOptions } from "../s3-storage";

export interface S3TestServer {
  endpoint: string;
  /** The storage options that reach this server's bucket. */
  options: S3StorageOptions & { credentials: { accessKeyId: string; secretAccessKey: string } };
  storage(): ReturnType<typeof createS3Storage>;
  close(): Promise<void>;
}

export async function startS3TestServer(bucket = "photos"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "circleplan-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as { run(): Promise<{ port: number }>; close(): Promise<void> };
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options = {
    bucket,
    region: "us-east-1",
    endpoint,
    // s3rver's own fixed account: it accepts these and checks nothing else.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  return {
    endpoint,
    options,
    storage: () => createS3Storage(options),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The storage contract, held by both backends: the local folder, and S3 through the AWS SDK
 * over real HTTP to an S3-compatible server (s3rver) started by the test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; the test uses its constructor, run() and close().
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { createS3Storage } from "./s3-storage";

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "circleplan-storage-"));
  folders.push(folder);
  return folder;
};

let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3endpoint = "";

beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: tempFolder(),
    configureBuckets: [{ name: "photos" }],
  });
  const { port } = await s3server.run();
  s3endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3server?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const backends: [string, () => ObjectStorage][] = [
  ["local folder", () => createLocalStorage(tempFolder())],
  [
    "S3",
    () =>
      createS3Storage({
        bucket: "photos",
        region: "us-east-1",
        endpoint: s3endpoint,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      }),
  ],
];

describe.each(backends)("%s storage", (_name, make) => {
  it("keeps an object under its key with its type, and deletes it", async () => {
    const storage = make();
    const body = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    await storage.put("circles/7/photo-a1.png", body, { contentType: "image/png" });
    expect(await storage.get("circles/7/photo-a1.png")).toEqual({
      body,
      contentType: "image/png",
    });
    await storage.delete(["circles/7/photo-a1.png", "circles/7/never-there.png"]);
    expect(await storage.get("circles/7/photo-a1.png")).toBeNull();
  });

  it("answers null for a key that holds nothing", async () => {
    expect(await make().get("users/1/nothing.webp")).toBeNull();
  });

  it("refuses keys that could leave their folder", async () => {
    const storage = make();
    for (const key of ["../etc/passwd", "a/../../b", "/abs", "UPPER.png", "a//b", ""]) {
      await expect(
        storage.put(key, new Uint8Array([1]), { contentType: "x/y" }),
        key,
      ).rejects.toThrow(/invalid storage key/);
    }
  });
});

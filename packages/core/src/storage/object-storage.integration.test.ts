/**
 * The storage contract, held by both backends: the local folder, and S3 through the AWS SDK
 * over real HTTP to an S3-compatible server (s3rver) started by the test; and what only S3
 * offers, presigned uploads and downloads.
 */
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage";
import type { ObjectStorage } from "./object-storage";
import { type S3TestServer, startS3TestServer } from "./testing/s3-test-server";

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "circleplan-storage-"));
  folders.push(folder);
  return folder;
};

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3TestServer();
});

afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const backends: [string, () => ObjectStorage][] = [
  ["local folder", () => createLocalStorage(tempFolder())],
  ["S3", () => s3.storage()],
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

describe("S3 presigned upload", () => {
  const upload = async (url: string, fields: Record<string, string>, bytes: Uint8Array) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // S3 reads the fields before the file: the file goes last.
    form.append("file", new Blob([bytes]), "photo.jpg");
    return fetch(url, { method: "POST", body: form });
  };

  it("lets a browser POST one file under the presigned key, then the app reads it", async () => {
    const storage = s3.storage();
    const presigned = await storage.presignUpload?.("uploads/7/a1b2c3d4e5f6", {
      maxBytes: 1024,
      expiresInSeconds: 600,
    });
    if (!presigned) throw new Error("S3 storage presigns uploads");
    expect(presigned.url).toBe(`${s3.endpoint}/photos`);
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const answer = await upload(presigned.url, presigned.fields, bytes);
    expect(answer.status).toBe(204);
    expect((await storage.get("uploads/7/a1b2c3d4e5f6"))?.body).toEqual(bytes);
  });

  it("signs a policy that pins the key, the size range and the expiry", async () => {
    const before = Date.now();
    const presigned = await s3.storage().presignUpload?.("uploads/7/f00dfeed", {
      maxBytes: 5 * 1024 * 1024,
      expiresInSeconds: 600,
    });
    if (!presigned) throw new Error("S3 storage presigns uploads");
    const { fields } = presigned;
    const policy = JSON.parse(Buffer.from(fields.Policy ?? "", "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 5 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual({ key: "uploads/7/f00dfeed" });
    expect(policy.conditions).toContainEqual({ bucket: "photos" });
    const expiresIn = new Date(policy.expiration).getTime() - before;
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(601_000);
    expect(fields.key).toBe("uploads/7/f00dfeed");
    expect(fields["X-Amz-Algorithm"]).toBe("AWS4-HMAC-SHA256");
    // s3rver checks no signature, so this test does: SigV4's key chain over the policy.
    const date = fields["X-Amz-Date"]?.slice(0, 8) ?? "";
    expect(fields["X-Amz-Credential"]).toBe(`S3RVER/${date}/us-east-1/s3/aws4_request`);
    const hmac = (key: string | Buffer, data: string) =>
      createHmac("sha256", key).update(data).digest();
    const signingKey = ["us-east-1", "s3", "aws4_request"].reduce(
      (key, part) => hmac(key, part),
      hmac("AWS4S3RVER", date),
    );
    expect(fields["X-Amz-Signature"]).toBe(
      createHmac("sha256", signingKey)
        .update(fields.Policy ?? "")
        .digest("hex"),
    );
  });

  it("is offered only by the backend a browser can reach", () => {
    expect(createLocalStorage(tempFolder()).presignUpload).toBeUndefined();
    expect(createLocalStorage(tempFolder()).presignDownload).toBeUndefined();
  });
});

describe("S3 presigned download", () => {
  it("answers the object without credentials, with the headers signed into the link", async () => {
    const storage = s3.storage();
    const body = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3]);
    await storage.put("attachments/a1b2c3", body, { contentType: "application/pdf" });
    const disposition = `attachment; filename="slip.pdf"; filename*=UTF-8''slip.pdf`;
    const url = await storage.presignDownload?.("attachments/a1b2c3", {
      contentType: "application/pdf",
      contentDisposition: disposition,
      cacheControl: "private, no-store",
      expiresInSeconds: 300,
    });
    if (!url) throw new Error("S3 storage presigns downloads");
    const link = new URL(url);
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toBe("/photos/attachments/a1b2c3");
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Expires": "300",
      "X-Amz-SignedHeaders": "host",
      "response-content-type": "application/pdf",
      "response-content-disposition": disposition,
      "response-cache-control": "private, no-store",
    });

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(disposition);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(body);
  });

  it("refuses keys that could leave their folder", async () => {
    await expect(
      s3.storage().presignDownload?.("../photos/x", {
        contentType: "image/webp",
        cacheControl: "no-store",
        expiresInSeconds: 60,
      }),
    ).rejects.toThrow(/invalid storage key/);
  });
});

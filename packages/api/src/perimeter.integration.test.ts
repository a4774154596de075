/**
 * A body over its route's limit, as a client that is still sending it sees the answer (issue
 * 19, item 9): over real HTTP, from a client that writes the whole body before it reads the
 * answer, as a browser does (testing/sending-client.ts). The 413 must be readable, not a reset
 * connection (EPIPE, ECONNRESET) that a browser shows as a network error; a client that asks
 * `Expect: 100-continue` gets it without sending the body at all.
 */
import http from "node:http";
import {
  JSON_BODY_MAX_BYTES,
  PHOTO_JSON_BODY_MAX_BYTES,
  UPLOAD_BODY_MAX_BYTES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { sendWholeBody } from "./testing/sending-client";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

/** Sends `size` bytes to `path` as a browser would, signed in with `cookie` if given. */
async function send(options: {
  path: string;
  size: number;
  contentType: string;
  cookie?: string;
  framing?: "length" | "chunked";
  expect?: boolean;
}) {
  const { cookie, contentType, ...request } = options;
  const answer = await sendWholeBody({
    ...request,
    port: Number(new URL(server().url).port),
    headers: {
      origin: server().url,
      "content-type": contentType,
      ...(cookie ? { cookie } : {}),
    },
  });
  return { ...answer, body: answer.body ? JSON.parse(answer.body) : null };
}

const photoTooLarge = { message: messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" };

describe("a body over the limit, from a client still sending it", () => {
  it("a 6 MB photo upload reads 413 'File too large', not a reset connection", async () => {
    const { cookie } = await signedInClient(server());
    const size = 6 * 1024 * 1024;
    expect(size).toBeGreaterThan(UPLOAD_BODY_MAX_BYTES);
    const sent = await send({
      path: "/api/user/photo",
      size,
      contentType: "multipart/form-data; boundary=x",
      cookie,
    });
    expect(sent).toMatchObject({ status: 413, body: photoTooLarge, written: size });
  });

  it("reads the 413 of an oversized body sent without a length (chunked), multipart and JSON", async () => {
    const { cookie } = await signedInClient(server());
    const multipart = await send({
      path: "/api/user/photo",
      size: UPLOAD_BODY_MAX_BYTES + 1024 * 1024,
      contentType: "multipart/form-data; boundary=x",
      cookie,
      framing: "chunked",
    });
    expect(multipart).toMatchObject({ status: 413, body: photoTooLarge });
    const json = await send({
      path: "/api/auth/login",
      size: JSON_BODY_MAX_BYTES * 8,
      contentType: "application/json",
      framing: "chunked",
    });
    expect(json).toMatchObject({
      status: 413,
      body: { message: messages.bodyTooLarge, code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("reads the 413 of a photo sent as JSON over its limit", async () => {
    const { cookie } = await signedInClient(server());
    const sent = await send({
      path: "/api/circles",
      size: PHOTO_JSON_BODY_MAX_BYTES + 1024 * 1024,
      contentType: "application/json",
      cookie,
    });
    expect(sent.status).toBe(413);
    expect(sent.written).toBe(PHOTO_JSON_BODY_MAX_BYTES + 1024 * 1024);
  });

  it("keeps the connection for the next request once the refused body is read", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = new URL(server().url);
      const post = (body: Buffer) =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const request = http.request(
            {
              host: "127.0.0.1",
              port,
              method: "POST",
              path: "/api/auth/login",
              agent,
              headers: { origin: server().url, "content-type": "application/json" },
            },
            (response) => {
              response.resume();
              response.once("end", () =>
                resolve({ status: response.statusCode ?? 0, socket: request.socket }),
              );
            },
          );
          request.once("error", reject);
          request.end(body);
        });
      const refused = await post(Buffer.alloc(JSON_BODY_MAX_BYTES + 1, 0x61));
      expect(refused.status).toBe(413);
      const next = await post(Buffer.from("{}"));
      expect(next.status).toBe(400);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });
});

describe("Expect: 100-continue", () => {
  it("answers 413 before inviting a body over the limit, which is then never sent", async () => {
    const { cookie } = await signedInClient(server());
    const sent = await send({
      path: "/api/user/photo",
      size: 6 * 1024 * 1024,
      contentType: "multipart/form-data; boundary=x",
      cookie,
      expect: true,
    });
    expect(sent).toMatchObject({ status: 413, body: photoTooLarge, continued: false, written: 0 });
  });

  it("invites a body within the limit, which then reaches the procedure", async () => {
    const { cookie } = await signedInClient(server());
    const sent = await send({
      path: "/api/user/photo",
      size: 1024,
      contentType: "multipart/form-data; boundary=x",
      cookie,
      expect: true,
    });
    expect(sent.continued).toBe(true);
    expect(sent.written).toBe(1024);
    // Not multipart at all (no boundary in the bytes): refused by the procedure's door, not 413.
    expect(sent.status).toBe(400);
  });
});

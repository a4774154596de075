/**
 * What the API compresses (compression.ts): JSON answers of 1 kB and more for a browser that
 * accepts gzip, whole and with their headers; nothing smaller, nothing that is not JSON, and
 * nothing for a client that did not ask.
 */
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { COMPRESS_MIN_BYTES, compressAnswers } from "./compression";

const large = { plans: Array.from({ length: 60 }, (_, id) => ({ id, title: `Dinner ${id}` })) };
const small = { changed: false };

function app() {
  const api = new Hono();
  api.use("/api/*", ...compressAnswers);
  api.get("/api/large", (c) => {
    c.header("set-cookie", "session=a; Path=/; HttpOnly");
    return c.json(large);
  });
  api.get("/api/small", (c) => c.json(small));
  // As the tRPC door answers: JSON in a Response of its own, no Content-Length.
  api.get(
    "/api/door",
    () => new Response(JSON.stringify(large), { headers: { "content-type": "application/json" } }),
  );
  api.get("/api/photo", (c) => c.body(new Uint8Array(4096), 200, { "content-type": "image/jpeg" }));
  return api;
}

const gzipAccepted = { headers: { "accept-encoding": "gzip, deflate, br, zstd" } };

describe("the API's compression", () => {
  it("gzips a JSON answer of 1 kB or more, whole, with its cookie once", async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const path of ["/api/large", "/api/door"]) {
      const answer = await app().request(path, gzipAccepted);
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(answer.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.length).toBeLessThan(JSON.stringify(large).length / 3);
      expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(large);
    }
    const withCookie = await app().request("/api/large", gzipAccepted);
    expect(withCookie.headers.getSetCookie()).toEqual(["session=a; Path=/; HttpOnly"]);
  });

  it("gzips a JSON answer in one call, not through a CompressionStream set up for every answer", async () => {
    const streams = vi.spyOn(globalThis, "CompressionStream");
    try {
      const answer = await app().request("/api/door", gzipAccepted);
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get("content-length")).toBe(String(bytes.length));
      expect(streams).not.toHaveBeenCalled();
    } finally {
      streams.mockRestore();
    }
  });

  it("takes gzip only when the client's Accept-Encoding weighs it above zero", async () => {
    const encodingFor = async (accepted: string) =>
      (await app().request("/api/door", { headers: { "accept-encoding": accepted } })).headers.get(
        "content-encoding",
      );
    expect(await encodingFor("gzip;q=0, br")).toBeNull();
    expect(await encodingFor("*;q=0.5")).toBe("gzip");
    expect(await encodingFor("GZIP")).toBe("gzip");
    expect(await encodingFor("br, *;q=0")).toBeNull();
  });

  it("leaves a small answer, bytes that are not JSON, and a client that did not ask as they are", async () => {
    const tiny = await app().request("/api/small", gzipAccepted);
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.json()).toEqual(small);

    const photo = await app().request("/api/photo", gzipAccepted);
    expect(photo.headers.get("content-encoding")).toBeNull();
    expect((await photo.arrayBuffer()).byteLength).toBe(4096);

    const plain = await app().request("/api/door");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(large);
  });
});

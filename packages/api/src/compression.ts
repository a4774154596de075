/**
 * The API's JSON answers compressed for browsers that accept it (Hono's `compress`, gzip).
 * CloudFront compresses only what it caches, and the API's answers are never cached: an answer
 * of a day's plans is about 5 kB of JSON, a fifth of that gzipped, and CloudFront bills every
 * byte out (docs/decisions/018, "Fewer requests a day"). Static files are precompressed at
 * build time instead (local-server.ts; the static site on AWS).
 *
 * No secret is at risk from compression (BREACH): the session is a cookie, never in a body,
 * and the perimeter refuses cross-site requests, so no other site can have a signed-in
 * browser ask with its own words and watch the answer's size.
 */
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { parseAccept } from "hono/utils/accept";

/** Below this, gzip's own header outweighs what it saves (a version check is a few bytes). */
export const COMPRESS_MIN_BYTES = 1024;

const gzip = compress({ encoding: "gzip", threshold: COMPRESS_MIN_BYTES });

/**
 * The tRPC and REST doors answer JSON without a Content-Length, so `compress` could not tell a
 * small answer from a large one: JSON is read whole first. Being whole, it is gzipped in one
 * call rather than through `compress`'s CompressionStream, whose set-up for every answer cost
 * seven times the CPU for a month's grid (7 kB: 0.47 ms against 0.07 ms). The headers are what
 * `compress` writes. Other answers (bytes, the live socket's upgrade) pass to `compress`.
 */
const gzipJson: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json") || !c.res.body) return;
  if (c.res.headers.has("content-encoding")) return;
  const body = new Uint8Array(await c.res.arrayBuffer());
  c.res = new Response(body, c.res);
  c.res.headers.set("content-length", String(body.byteLength));
  if (body.byteLength < COMPRESS_MIN_BYTES || c.req.method === "HEAD") return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(c.res.headers.get("cache-control") ?? "")) return;
  varyByEncoding(c.res.headers);
  if (!acceptsGzip(c.req.header("accept-encoding"))) return;
  const compressed = gzipSync(body);
  c.res = new Response(compressed, c.res);
  c.res.headers.set("content-encoding", "gzip");
  c.res.headers.set("content-length", String(compressed.byteLength));
  const etag = c.res.headers.get("etag");
  if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
};

/** Whether an Accept-Encoding header takes gzip (by name, else by `*`, at a weight above zero). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const said =
    accepts.find((accept) => accept.type.toLowerCase() === "gzip") ??
    accepts.find((accept) => accept.type === "*");
  return (said?.q ?? 0) > 0;
}

/** Answers differ by Accept-Encoding, said once. */
function varyByEncoding(headers: Headers): void {
  const vary = headers.get("vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

export const compressAnswers: MiddlewareHandler[] = [gzip, gzipJson];

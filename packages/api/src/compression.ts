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
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Below this, gzip's own header outweighs what it saves (a version check is a few bytes). */
export const COMPRESS_MIN_BYTES = 1024;

const gzip = compress({ encoding: "gzip", threshold: COMPRESS_MIN_BYTES });

/**
 * The tRPC and REST doors answer JSON without a Content-Length, so `compress` cannot tell a
 * small answer from a large one: the JSON is measured first. Other answers (bytes, the live
 * socket's upgrade) pass untouched.
 */
const measureJson: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json") || c.res.headers.has("content-length")) return;
  if (!c.res.body) return;
  const body = await c.res.arrayBuffer();
  c.res = new Response(body, c.res);
  c.res.headers.set("content-length", String(body.byteLength));
};

export const compressAnswers: MiddlewareHandler[] = [gzip, measureJson];

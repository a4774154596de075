/**
 * `/api/docs`: the OpenAPI document (`/api/openapi.json`) as a reference page, rendered in the
 * browser by Scalar's prebuilt bundle (`@scalar/api-reference`, dist/browser/standalone.js),
 * served from our own origin: the page works offline and under the app's Content Security
 * Policy unchanged (script-src 'self', no inline script; security-headers.ts). The page is an
 * empty shell, its two scripts are files: Scalar's bundle and the few lines that start it.
 * docs/decisions/007, "Describing the API".
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import type { App } from "./app";

export const API_DOCS_PATH = "/api/docs";
const SCRIPT_PATH = `${API_DOCS_PATH}/scalar.js`;
const START_PATH = `${API_DOCS_PATH}/start.js`;
/**
 * Where the page is drawn. Not `api-reference`: at load, Scalar's bundle mounts a reference of
 * its own, with its defaults (web fonts from fonts.scalar.com, the AI agent's catalogue), on any
 * element of that id (its HTML API), beside the one start.js asks for.
 */
export const API_DOCS_MOUNT_ID = "circleplan-api-reference";

/** Where Scalar's bundle is in this checkout; the Lambda function names its copy instead. */
export const installedScalarBundle = () =>
  createRequire(import.meta.url).resolve("@scalar/api-reference/browser/standalone.js");

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Circleplan API</title>
  </head>
  <body>
    <div id="${API_DOCS_MOUNT_ID}"></div>
    <script src="${SCRIPT_PATH}"></script>
    <script src="${START_PATH}"></script>
  </body>
</html>
`;

// Nothing is to leave our origin: no web fonts (system fonts instead), no telemetry, no AI
// agent, no developer toolbar (shown on localhost by default), and "Test request" goes straight
// to this API (same origin, the session cookie) rather than through Scalar's proxy (no
// `proxyUrl`). Option names as Scalar 1.46.2 reads them (its configuration schema).
export const API_DOCS_CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: false,
};
const START = `Scalar.createApiReference("#${API_DOCS_MOUNT_ID}", ${JSON.stringify(API_DOCS_CONFIGURATION)});
`;

// A day: the bundle changes only with a deploy that upgrades Scalar.
const SCRIPT_CACHE = "public, max-age=86400";

interface Bundle {
  plain: ArrayBuffer;
  gzip: ArrayBuffer;
}

const ownBytes = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * `scalarBundle`: the path of Scalar's standalone.js. Read and gzipped once, on the first
 * request for it (3.5 MB, about 1 MB gzipped): compressing it per request would cost a
 * Lambda tenth of a second each time.
 */
export function mountApiDocs(app: App, options: { scalarBundle?: string } = {}): void {
  let bundle: Promise<Bundle> | undefined;
  const loadBundle = () => {
    bundle ??= readFile(options.scalarBundle ?? installedScalarBundle()).then((plain) => ({
      plain: ownBytes(plain),
      gzip: ownBytes(gzipSync(plain)),
    }));
    // A failed read (a missing file) is tried again on the next request, not cached.
    bundle.catch(() => {
      bundle = undefined;
    });
    return bundle;
  };

  app.get(API_DOCS_PATH, (c) => c.html(PAGE));
  app.get(START_PATH, (c) => {
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", SCRIPT_CACHE);
    return c.body(START);
  });
  app.get(SCRIPT_PATH, async (c) => {
    const { plain, gzip } = await loadBundle();
    const gzipped = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", SCRIPT_CACHE);
    c.header("vary", "Accept-Encoding");
    if (gzipped) c.header("content-encoding", "gzip");
    return c.body(gzipped ? gzip : plain);
  });
}

/**
 * The local server (`pnpm start`): the API and, when WEB_DIST names the built web app, the app
 * itself with a single-page fallback, all on one origin. It listens on loopback unless HOST
 * says otherwise: sandbox mode is for the machine it runs on.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "@circleplan/core/env";
import { collectStorageGarbage } from "@circleplan/core/storage/garbage";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApp } from "./app";
import { createAppDeps } from "./deps";

const config = loadConfig();
const deps = await createAppDeps(config);
const app = createApp(deps, { remoteAddress: (c) => getConnInfo(c).remote.address });

const webDist = process.env.WEB_DIST;
if (webDist && existsSync(path.join(webDist, "index.html"))) {
  const root = path.relative(process.cwd(), webDist) || ".";
  const staticFiles = (cacheControl: string, file?: string) =>
    serveStatic({
      root,
      ...(file ? { path: file } : {}),
      // The web build writes .br and .gz next to each text file (packages/web/vite.config.ts):
      // the smallest one the browser accepts goes out as it is, never compressed per request.
      precompressed: true,
      onFound: (_path, c) => {
        // One answer per Accept-Encoding, compressed copy or not: a cache in between must not
        // hand brotli to a browser that asked for gzip.
        c.header("vary", "Accept-Encoding");
        c.header("cache-control", cacheControl);
      },
    });
  // Names under /assets carry a hash of the content: a changed file is a new address.
  app.use("/assets/*", staticFiles("public, max-age=31536000, immutable"));
  // A missing hashed file is a 404, not the app's HTML under a script's name.
  app.get("/assets/*", (c) => c.notFound());
  // index.html and the unhashed public files (theme script, icon) keep their names across
  // builds: the browser asks again each time rather than run an old app.
  app.use("*", staticFiles("no-cache"));
  // Any other address is a screen of the single-page app; its router decides, 404 included.
  app.get("*", staticFiles("no-cache", "index.html"));
}

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  deps.log.info("server.started", {
    url: config.appUrl,
    listening: `${config.host}:${info.port}`,
    database: config.databaseUrl ? "neon" : `embedded (${path.resolve(config.dataDir)})`,
    mail: config.sandbox ? "sandbox: /dev/mailbox" : "ses",
  });
  console.log(`Circleplan on ${config.appUrl}`);
});

// What Lambda's hourly Maintenance function does in production (packages/functions).
const maintenance = () =>
  collectStorageGarbage(deps).catch((error) => deps.log.error("maintenance.failed", error));
void maintenance();
const maintenanceTimer = setInterval(maintenance, 60 * 60 * 1000);
maintenanceTimer.unref();

const shutdown = () => {
  clearInterval(maintenanceTimer);
  server.close();
  deps.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

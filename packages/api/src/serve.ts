/**
 * The local server (`pnpm start`): the API and, when WEB_DIST names the built web app, the app
 * itself with a single-page fallback, all on one origin. It listens on loopback unless HOST
 * says otherwise: sandbox mode is for the machine it runs on.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "@circleplan/core/env";
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { collectStorageGarbage } from "@circleplan/core/storage/garbage";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApp } from "./app";
import { createAppDeps } from "./deps";
import { dataDirHolder, holdDataDir } from "./local-server-lock";

const config = loadConfig();
// The embedded database is one process's: this server's while it runs (`pnpm digest` checks).
const embedded = !config.databaseUrl && !config.dataDir.startsWith("memory://");
const holder = embedded ? dataDirHolder(config.dataDir) : null;
if (holder !== null) {
  console.error(
    `Another process (pid ${holder}) has the embedded database in ${path.resolve(config.dataDir)} open; it can be opened by one process at a time. Stop it, then start the server again.`,
  );
  process.exit(1);
}
const releaseDataDir = embedded ? holdDataDir(config.dataDir) : () => {};
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

// What Lambda's ReminderDigest function does every 5 minutes in production, every minute here:
// reminders by push and mail, the 07:00 digests, the outbox, hourly upkeep. One run at a time.
let scheduledRun: Promise<unknown> | null = null;
const scheduled = () => {
  scheduledRun ??= runScheduledJob(deps)
    .catch((error) => deps.log.error("scheduled.failed", error))
    .finally(() => {
      scheduledRun = null;
    });
};
scheduled();
const scheduledTimer = setInterval(scheduled, 60 * 1000);
scheduledTimer.unref();

const shutdown = () => {
  clearInterval(maintenanceTimer);
  clearInterval(scheduledTimer);
  server.close();
  // A run in flight gets two seconds to finish (a watcher kills the process after five); one
  // still running then fails: its open transaction rolls back, and what it had not recorded is
  // taken again by a later run.
  Promise.race([scheduledRun, new Promise((resolve) => setTimeout(resolve, 2000))])
    .then(() => deps.close())
    .finally(() => {
      releaseDataDir();
      process.exit(0);
    });
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

/**
 * The local server (`pnpm start`), as a function: the API and, when `webDist` names the built
 * web app, the app itself with a single-page fallback, all on one origin, plus the timers
 * that stand in for Lambda's scheduled functions. `serve.ts` is its command-line entry; the
 * browser tests start the same server through it (packages/e2e).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { ScryptCost } from "@circleplan/core/auth/password";
import type { Config } from "@circleplan/core/env";
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { collectStorageGarbage } from "@circleplan/core/storage/garbage";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { type App, createApp } from "./app";
import { type AppDeps, createAppDeps } from "./deps";
import { listen } from "./listen";
import { createLiveSocketDoor } from "./live-socket";

export interface LocalServer {
  deps: AppDeps;
  /** The port it listens on (the configured one, or the one the system chose for port 0). */
  port: number;
  /**
   * Stops listening and the timers, and closes the live sockets (going away); a scheduled run in
   * flight gets two seconds.
   */
  close(): Promise<void>;
}

/** The built web app on the API's origin: hashed assets cached for good, the rest revalidated. */
function serveWebApp(app: App, webDist: string): void {
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

export async function startLocalServer(
  config: Config,
  {
    webDist,
    passwordCost,
  }: {
    webDist?: string | undefined;
    /** scrypt's cost; the production one unless a test's server says otherwise. */
    passwordCost?: ScryptCost;
  } = {},
): Promise<LocalServer> {
  const deps = await createAppDeps(config, {
    liveSockets: true,
    ...(passwordCost ? { passwordCost } : {}),
  });
  // Live sync's channel here: a WebSocket beside the API (docs/decisions/018-live-sync.md).
  const { liveHub } = deps;
  const liveSocket = liveHub ? createLiveSocketDoor(() => liveHub) : undefined;
  const app = createApp(deps, {
    remoteAddress: (c) => getConnInfo(c).remote.address,
    liveSocket,
  });
  if (webDist && existsSync(path.join(webDist, "index.html"))) serveWebApp(app, webDist);

  const { server, port } = await listen(app.fetch, {
    port: config.port,
    hostname: config.host,
    websocket: liveSocket?.server,
  });
  deps.log.info("server.started", {
    url: config.appUrl,
    listening: `${config.host}:${port}`,
    database: config.databaseUrl ? "neon" : `embedded (${path.resolve(config.dataDir)})`,
    mail: config.sandbox ? "sandbox: /dev/mailbox" : "ses",
  });

  // What Lambda's hourly Maintenance function does in production (packages/functions).
  const maintenance = () =>
    collectStorageGarbage(deps).catch((error) => deps.log.error("maintenance.failed", error));
  void maintenance();
  const maintenanceTimer = setInterval(maintenance, 60 * 60 * 1000);
  maintenanceTimer.unref();

  // What Lambda's ReminderDigest function does every minute in production: reminders by push
  // and mail, push for changes, the 07:00 digests, the outbox, hourly upkeep. One run at a time.
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

  return {
    deps,
    port,
    async close() {
      clearInterval(maintenanceTimer);
      clearInterval(scheduledTimer);
      await liveSocket?.close();
      server.close();
      // A run still going after two seconds fails: its open transaction rolls back, and what
      // it had not recorded is taken again by a later run.
      await Promise.race([scheduledRun, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await deps.close();
    },
  };
}

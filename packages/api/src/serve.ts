/**
 * The local server (`pnpm start`): the API and, when WEB_DIST names the built web app, the app
 * itself with a single-page fallback, all on one origin. It listens on loopback unless HOST
 * says otherwise: sandbox mode is for the machine it runs on.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "@circleplan/core/env";
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
  const indexHtml = readFileSync(path.join(webDist, "index.html"), "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root }));
  app.get("*", (c) => c.html(indexHtml));
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

const shutdown = () => {
  server.close();
  deps.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

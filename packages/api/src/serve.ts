/**
 * The local server (`pnpm start`): the API and, when WEB_DIST names the built web app, the app
 * itself with a single-page fallback, all on one origin.
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
const app = createApp(deps, { clientIp: (c) => getConnInfo(c).remote.address });

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

const server = serve(
  { fetch: app.fetch, port: config.port, hostname: process.env.HOST ?? "0.0.0.0" },
  (info) => {
    console.log(
      `Circleplan on ${config.appUrl} (port ${info.port}, ${deps.config.databaseUrl ? "Neon" : `embedded data in ${path.resolve(config.dataDir)}`}, ${deps.mail.sandbox ? "sandbox mail: /dev/mailbox" : "SES mail"})`,
    );
  },
);

const shutdown = () => {
  server.close();
  deps.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

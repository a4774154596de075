/**
 * `pnpm start`'s server (local-server.ts) from the environment. It listens on loopback unless
 * HOST says otherwise: sandbox mode is for the machine it runs on.
 */
import path from "node:path";
import { loadConfig } from "@circleplan/core/env";
import { startLocalServer } from "./local-server";
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
const server = await startLocalServer(config, { webDist: process.env.WEB_DIST });
console.log(`Circleplan on ${config.appUrl}`);

const shutdown = () => {
  // A watcher kills the process after five seconds if closing hangs.
  server.close().finally(() => {
    releaseDataDir();
    process.exit(0);
  });
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

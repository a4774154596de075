/**
 * `pnpm digest`: one run of the scheduled job (reminders due, the 07:00 digests, the outbox,
 * upkeep), as the local server and Lambda run it every minute. It uses the
 * local configuration `pnpm start` uses. On the embedded database it refuses while the local
 * server has the data folder open: two processes on one PGlite folder would corrupt it, and the
 * server runs the job itself anyway.
 */
import path from "node:path";
import { loadConfig } from "@circleplan/core/env";
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { createAppDeps } from "./deps";
import { dataDirHolder, holdDataDir } from "./local-server-lock";

const config = loadConfig();
const embedded = !config.databaseUrl && !config.dataDir.startsWith("memory://");
const holder = embedded ? dataDirHolder(config.dataDir) : null;
if (holder !== null) {
  console.error(
    `The local server (pid ${holder}) has the embedded database in ${path.resolve(config.dataDir)} open, and it runs this job every minute already. Stop it to run \`pnpm digest\` on its own.`,
  );
  process.exit(1);
}
const release = embedded ? holdDataDir(config.dataDir) : () => {};
const deps = await createAppDeps(config);
let failed = true;
try {
  const report = await runScheduledJob(deps);
  failed = report.failed.length > 0;
  console.log(JSON.stringify(report, null, 2));
  if (config.sandbox) console.log("Mail stays in the dev mailbox (sandbox): /dev/mailbox");
} finally {
  await deps.close();
  release();
}
process.exit(failed ? 1 : 0);

// `pnpm digest`: runs the scheduled job once (reminders that fell due, the 07:00 digests, the
// mail outbox, upkeep) on the local configuration `pnpm start` uses: the embedded database in
// DATA_DIR (default .data at the repo root) unless DATABASE_URL is set.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureInstalled, repoRoot, resolveFrom, run } from "./lib.mjs";

ensureInstalled();
const port = process.env.PORT ?? "3000";
// tsx is a devDependency of packages/api; pnpm does not hoist it to the root.
const tsxLoader = pathToFileURL(resolveFrom("packages/api", "tsx")).href;
run(process.execPath, ["--import", tsxLoader, resolve(repoRoot, "packages/api/src/digest.ts")], {
  env: {
    DATA_DIR: resolve(repoRoot, process.env.DATA_DIR ?? ".data"),
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
  },
});

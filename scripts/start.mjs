// `pnpm start`: installs dependencies if needed, builds the web app if it is stale, and
// serves the API and the built front end from one local server (PGlite database in
// DATA_DIR, default .data at the repo root).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  ensureInstalled,
  ensureWebBuilt,
  repoRoot,
  resolveFrom,
  startChild,
  superviseChildren,
} from "./lib.mjs";

ensureInstalled();
const webDist = ensureWebBuilt();

const port = process.env.PORT ?? "3000";
// tsx is a devDependency of packages/api; pnpm does not hoist it to the root.
const tsxLoader = pathToFileURL(resolveFrom("packages/api", "tsx")).href;
const server = startChild(
  process.execPath,
  ["--import", tsxLoader, resolve(repoRoot, "packages/api/src/serve.ts")],
  {
    env: {
      PORT: port,
      DATA_DIR: resolve(repoRoot, process.env.DATA_DIR ?? ".data"),
      WEB_DIST: webDist,
      APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    },
  },
);
superviseChildren([server]);

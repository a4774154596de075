// `pnpm dev`: the API under `tsx watch` on :3001 and the Vite dev server on :3000 (which
// proxies /api to :3001), so the browser sees one origin as in production. Ctrl-C or
// either process exiting stops both.
import { resolve } from "node:path";
import {
  ensureInstalled,
  pnpmInvocation,
  repoRoot,
  resolveFrom,
  startChild,
  superviseChildren,
} from "./lib.mjs";

ensureInstalled();

const webPort = "3000";
const apiPort = "3001";
const tsxCli = resolveFrom("packages/api", "tsx/cli");
const api = startChild(
  process.execPath,
  [tsxCli, "watch", "--clear-screen=false", resolve(repoRoot, "packages/api/src/serve.ts")],
  {
    env: {
      PORT: apiPort,
      DATA_DIR: resolve(repoRoot, process.env.DATA_DIR ?? ".data"),
      APP_URL: `http://localhost:${webPort}`,
    },
  },
);

const [pnpmCommand, ...pnpmArgs] = pnpmInvocation();
const web = startChild(pnpmCommand, [...pnpmArgs, "--filter", "@circleplan/web", "dev"], {
  env: { PORT: webPort, API_PORT: apiPort },
});

superviseChildren([api, web]);

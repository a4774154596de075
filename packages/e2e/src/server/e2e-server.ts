/**
 * The browser tests' server, one for the whole run: the local server as `pnpm start` runs it
 * (api/src/local-server.ts, embedded database, sandbox mail, the built web app; only its
 * password hashing is at the tests' cost, passed here in code, never by a setting), and
 * beside it, on a loopback port of its own that the app knows nothing of, a seeding door
 * (seed-door.ts) through which tests insert accounts and sessions directly, as the
 * integration tests' factories do. Started by global-setup.ts; prints one `ready` line.
 */

import { startLocalServer } from "@circleplan/api/local-server";
import { TEST_COST } from "@circleplan/core/auth/password";
import { loadConfig } from "@circleplan/core/env";
import { startSeedDoor } from "./seed-door";

const server = await startLocalServer(loadConfig(), {
  webDist: process.env.WEB_DIST,
  // Every test makes its people and signs them in: at scrypt's production cost that was over a
  // third of the browser run's CPU. The production cost is password.test.ts's to check.
  passwordCost: TEST_COST,
});
const seedUrl = await startSeedDoor(server.deps);
console.log(`E2E_READY ${JSON.stringify({ seedUrl })}`);

const shutdown = () => {
  server.close().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

/** `pnpm db:migrate`: apply migrations to DATABASE_URL (Neon) or to the embedded store in DATA_DIR. */
import { createDb } from "./client";

const handle = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  migrate: true,
});
console.log(`migrations applied (${handle.driver})`);
await handle.close();

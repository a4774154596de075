/**
 * `pnpm db:migrate`: apply migrations to DATABASE_URL (Neon's direct URL, as the deploy's
 * migration step does) or to the embedded store in DATA_DIR.
 */
import { createDb } from "./client";
import { migrateForDeploy } from "./deploy-migrations";

const databaseUrl = process.env.DATABASE_URL || undefined;
if (databaseUrl) {
  await migrateForDeploy({ databaseUrl });
  console.log("migrations and database settings applied (neon)");
} else {
  const handle = await createDb({ dataDir: process.env.DATA_DIR, migrate: true });
  console.log(`migrations applied (${handle.driver})`);
  await handle.close();
}

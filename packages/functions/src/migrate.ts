/**
 * The deploy's migration step: sst.config.ts invokes this function once per deploy whose
 * migrations changed, before the other functions' new code goes live (expand first: a
 * migration must leave the running code working). Through Neon's direct URL, then the
 * database's own settings (db/deploy-migrations.ts). The package carries the migrations
 * beside the bundle (copyFiles in bundles.ts).
 */
import path from "node:path";
import { migrateForDeploy } from "@circleplan/db/deploy-migrations";
import { lambdaConfig } from "./lambda-config";

export async function handler(): Promise<{ migrated: true }> {
  const config = lambdaConfig();
  const databaseUrl = config.databaseDirectUrl;
  if (!databaseUrl) {
    throw new Error("The migration step needs the DatabaseDirectUrl secret (Neon's direct URL).");
  }
  await migrateForDeploy({
    databaseUrl,
    // Lambda's runtime names where the package was unpacked; from source, db's own folder.
    migrationsFolder: process.env.LAMBDA_TASK_ROOT
      ? path.join(process.env.LAMBDA_TASK_ROOT, "migrations")
      : undefined,
    neonWsProxy: config.databaseWsProxy,
  });
  return { migrated: true };
}

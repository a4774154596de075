/**
 * The configuration a Lambda entry point reads from its environment, as a deployment sets it
 * (https APP_URL, APP_SECRET, VAPID keys), but on the embedded store in a fresh data folder
 * (already migrated: the run's template unpacked) and with sandbox mail, which an https APP_URL
 * must ask for by name. `restore` puts the process's environment back and removes the folder.
 */
import { rmSync } from "node:fs";
import { generateVapidKeys } from "@circleplan/core/push/push-service";
import { migratedDataFolder } from "@circleplan/db/testing/data-folder";

export const LAMBDA_APP_URL = "https://plan.example.test";

export interface LambdaEnvironment {
  dataDir: string;
  restore(): void;
}

export async function useLambdaEnvironment(folderPrefix: string): Promise<LambdaEnvironment> {
  const saved = { ...process.env };
  const dataDir = await migratedDataFolder(folderPrefix);
  const vapid = generateVapidKeys();
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    APP_URL: LAMBDA_APP_URL,
    DATABASE_URL: "",
    MAIL_TRANSPORT: "sandbox",
    APP_SECRET: "lambda-test-secret-lambda-test-secret-0123",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  });
  return {
    dataDir,
    restore() {
      process.env = saved;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The configuration a Lambda entry point reads from its environment, as a deployment sets it
 * (https APP_URL, APP_SECRET, VAPID keys), but on the embedded store in a fresh data folder and
 * with sandbox mail, which an https APP_URL must ask for by name. `restore` puts the process's
 * environment back and removes the folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateVapidKeys } from "@circleplan/core/push/push-service";

export const LAMBDA_APP_URL = "https://plan.example.test";

export function useLambdaEnvironment(folderPrefix: string): { dataDir: string; restore(): void } {
  const saved = { ...process.env };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
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

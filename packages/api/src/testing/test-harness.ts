/**
 * What a test file runs the app on, without HTTP: a database cloned from the run's migrated
 * template, and the servers' composition root with what a test controls handed in (a manual
 * clock, a logger that keeps every line, the cheap password cost). Domain rules are tested
 * through it with createCaller (test-caller.ts); test-server.ts puts the same harness behind a
 * real HTTP server for the tests of the doors themselves.
 */

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_COST } from "@circleplan/core/auth/password";
import { manualClock } from "@circleplan/core/clock";
import { type Config, loadConfig } from "@circleplan/core/env";
import { memoryLogger } from "@circleplan/core/log";
import type { MailTransport } from "@circleplan/core/mail/mail-service";
import { forgetGrids } from "@circleplan/core/plans/grid-cache";
import {
  createWebPushService,
  generateVapidKeys,
  type PushService,
} from "@circleplan/core/push/push-service";
import { createLocalStorage } from "@circleplan/core/storage/local-storage";
import { createTestDb, type TestDb } from "@circleplan/db/testing/test-db";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type AppDeps, createAppDeps } from "../deps";

export interface TestHarness {
  deps: AppDeps;
  db: TestDb;
  clock: ReturnType<typeof manualClock>;
  /** Every line the app logged, parsed: tests assert security events and the absence of secrets. */
  logs: ReturnType<typeof memoryLogger>["lines"];
  /** Empty the database, the log and the mail queue, and set the clock to now: between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestHarnessOptions {
  /** Configuration variables (rate limits, TRUST_PROXY, MAIL_TRANSPORT...) over the defaults. */
  env?: Record<string, string>;
  transport?: MailTransport;
  /** Push through this service (a test's local push endpoint); else real web-push, keys made here. */
  push?: PushService;
}

const TEST_PUSH_SUBJECT = "mailto:tests@circleplan.test";

/** No server answers here: links in mail and the Origin check read it, nothing dials it. */
const DEFAULT_APP_URL = "http://localhost:3000";

export async function startTestHarness(
  options: TestHarnessOptions & { appUrl?: string } = {},
): Promise<TestHarness> {
  const db = await createTestDb();
  const storageFolder = mkdtempSync(path.join(os.tmpdir(), "circleplan-objects-"));
  // One trusted proxy: an HTTP test client's X-Forwarded-For plays the address it appended.
  const config: Config = loadConfig({
    APP_URL: options.appUrl ?? DEFAULT_APP_URL,
    TRUST_PROXY: "1",
    ...(options.transport ? { MAIL_TRANSPORT: "ses" } : {}),
    ...options.env,
  });
  const clock = manualClock(new Date());
  const log = memoryLogger();
  const deps = await createAppDeps(config, {
    db,
    clock,
    log,
    passwordCost: TEST_COST,
    // Live sync through the local hub: tests listen on it (testing/live-listeners.ts) or, over
    // HTTP, through the socket door.
    liveSockets: true,
    secretKey: "test-secret-key-test-secret-key-0123456789",
    storage: createLocalStorage(storageFolder),
    push:
      options.push ?? createWebPushService({ ...generateVapidKeys(), subject: TEST_PUSH_SUBJECT }),
    ...(options.transport ? { transport: options.transport } : {}),
  });
  return {
    deps,
    db,
    clock,
    logs: log.lines,
    async reset() {
      await deps.mail.idle();
      await db.truncate();
      // Ids start at 1 again, so a kept grid's key could name the next test's circles.
      forgetGrids(deps.db);
      clock.set(new Date());
      log.lines.length = 0;
    },
    async close() {
      await deps.close();
      await db.close();
      rmSync(storageFolder, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the usual hooks: one harness for the file (or the describe block it is called in),
 * emptied before each test. Returns a getter because the harness exists once `beforeAll` ran.
 */
export function useHarness<T extends TestHarness>(start: () => Promise<T>, name: string): () => T {
  let harness: T | undefined;
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    await harness?.reset();
  });
  return () => {
    if (!harness) throw new Error(`${name}: the harness starts in beforeAll`);
    return harness;
  };
}

export function useTestHarness(options: TestHarnessOptions = {}): () => TestHarness {
  return useHarness(() => startTestHarness(options), "useTestHarness");
}

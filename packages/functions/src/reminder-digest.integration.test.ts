/**
 * The scheduled job's Lambda entry point, as EventBridge invokes it: configuration from the
 * environment, the embedded store in a data folder, a scheduled-event payload (the classic
 * "Scheduled Event" of an EventBridge rule, and the `{}` EventBridge Scheduler sends for a CronV2),
 * and Lambda's context for the time left.
 */
import { createDb } from "@circleplan/db/client";
import { createCircle, createPlan, createUser } from "@circleplan/db/testing/factories";
import type { ScheduledEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LambdaEnvironment, useLambdaEnvironment } from "./testing/lambda-environment";

let environment: LambdaEnvironment;
let handler: typeof import("./reminder-digest").handler;

beforeAll(async () => {
  environment = await useLambdaEnvironment("circleplan-reminder-lambda-");
  const { dataDir } = environment;

  // A plan whose "1 hour before" fell due two minutes ago, written before the function starts
  // (the embedded store is one process's: closed again before the handler opens it).
  const seeding = await createDb({ dataDir, migrate: true });
  const deps = { db: seeding.db, passwords: { hash: async () => "not-a-real-hash" } };
  const { user } = await createUser(deps, { timeZone: "Europe/Berlin" });
  const circle = await createCircle(deps, { creatorId: user.id });
  await createPlan(deps, {
    circleId: circle.id,
    creatorId: user.id,
    title: "Dentist",
    startsAt: new Date(Date.now() + 58 * 60 * 1000),
    reminderTimes: ["1 hour before"],
  });
  await seeding.close();
  ({ handler } = await import("./reminder-digest"));
});

afterAll(() => environment.restore());

const scheduledEvent: ScheduledEvent = {
  version: "0",
  id: "53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa",
  "detail-type": "Scheduled Event",
  source: "aws.events",
  account: "123456789012",
  time: new Date().toISOString(),
  region: "us-east-1",
  resources: ["arn:aws:events:us-east-1:123456789012:rule/circleplan-ReminderDigest"],
  detail: {},
};

const context = { getRemainingTimeInMillis: () => 4 * 60 * 1000 };

describe("ReminderDigest Lambda handler", () => {
  it("runs the job on a scheduled event: the due reminder is claimed and its mail queued, once", async () => {
    const first = await handler(scheduledEvent, context);
    expect(first.failed).toEqual([]);
    expect(first.reminders).toMatchObject({ claimed: 1, emails: 1, pushes: 0 });
    // The first run of an installation also does the hourly upkeep.
    expect(first.sweep).not.toBeNull();

    // EventBridge Scheduler's payload for a CronV2 is its `event`: {} by default.
    const second = await handler({}, context);
    expect(second.failed).toEqual([]);
    expect(second.reminders).toMatchObject({ claimed: 0, emails: 0 });
    expect(second.sweep).toBeNull();
  });
});

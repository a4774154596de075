/**
 * The MailEvents Lambda as SNS invokes it: each record's Message is an SES event as JSON text.
 * What is recorded and what the outbox then skips: core/mail/suppressions.integration.test.ts.
 */
import { sesBounce, sesComplaint } from "@circleplan/core/mail/testing/ses-events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LambdaEnvironment, useLambdaEnvironment } from "./testing/lambda-environment";
import { snsEvent } from "./testing/lambda-events";

let environment: LambdaEnvironment;
let handler: typeof import("./mail-events").handler;

beforeAll(async () => {
  environment = await useLambdaEnvironment("circleplan-mail-events-lambda-");
  ({ handler } = await import("./mail-events"));
});

afterAll(() => environment.restore());

describe("MailEvents Lambda handler", () => {
  it("records the bounced and complaining addresses of an SNS delivery, and passes over the rest", async () => {
    const result = await handler(
      snsEvent([
        sesBounce("gone@example.com"),
        sesComplaint("angry@example.com"),
        sesBounce("full@example.com", "Transient"),
        { eventType: "Delivery", delivery: {} },
        "not json",
      ]),
    );
    expect(result).toEqual({ suppressed: 2, ignored: 3 });
  });
});

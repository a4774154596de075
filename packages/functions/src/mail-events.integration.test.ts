/**
 * The MailEvents Lambda as SNS invokes it: each record's Message is an SES event as JSON text.
 * What is recorded and what the outbox then skips: core/mail/suppressions.integration.test.ts.
 */
import { sesBounce, sesComplaint } from "@circleplan/core/mail/testing/ses-events";
import type { SNSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useLambdaEnvironment } from "./testing/lambda-environment";

let environment: ReturnType<typeof useLambdaEnvironment>;
let handler: typeof import("./mail-events").handler;

beforeAll(async () => {
  environment = useLambdaEnvironment("circleplan-mail-events-lambda-");
  ({ handler } = await import("./mail-events"));
});

afterAll(() => environment.restore());

function snsEvent(messages: string[]): SNSEvent {
  return {
    Records: messages.map((Message, i) => ({
      EventSource: "aws:sns",
      EventVersion: "1.0",
      EventSubscriptionArn: "arn:aws:sns:us-east-1:123456789012:circleplan-MailEvents:sub",
      Sns: {
        Type: "Notification",
        MessageId: `m-${i}`,
        TopicArn: "arn:aws:sns:us-east-1:123456789012:circleplan-MailEvents",
        Subject: "",
        Message,
        Timestamp: "2026-11-20T08:00:03.000Z",
        SignatureVersion: "1",
        Signature: "",
        SigningCertUrl: "",
        UnsubscribeUrl: "",
        MessageAttributes: {},
      },
    })),
  };
}

describe("MailEvents Lambda handler", () => {
  it("records the bounced and complaining addresses of an SNS delivery, and passes over the rest", async () => {
    const result = await handler(
      snsEvent([
        JSON.stringify(sesBounce("gone@example.com")),
        JSON.stringify(sesComplaint("angry@example.com")),
        JSON.stringify(sesBounce("full@example.com", "Transient")),
        JSON.stringify({ eventType: "Delivery", delivery: {} }),
        "not json",
      ]),
    );
    expect(result).toEqual({ suppressed: 2, ignored: 3 });
  });
});

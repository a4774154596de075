/**
 * Production mail: the outbox delivers through the SES v2 transport over real HTTP (a local
 * SES-compatible endpoint stands in for AWS), and a failed delivery stays queued for a retry.
 * The procedures that cause mail are called in-process; only SES is reached over HTTP.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSesTransport } from "@circleplan/core/mail/ses-transport";
import { mailOutbox } from "@circleplan/db/schema";
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, refusal } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

interface Received {
  path: string;
  body: {
    FromEmailAddress: string;
    Destination: { ToAddresses: string[] };
    Content: {
      Simple: {
        Subject: { Data: string };
        Body: { Text: { Data: string }; Html: { Data: string } };
      };
    };
  };
}

const received: Received[] = [];
let failNext = 0;
let ses: Server;
let sesUrl = "";

beforeAll(async () => {
  ses = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => {
      if (failNext > 0) {
        failNext--;
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "boom" }));
        return;
      }
      received.push({ path: req.url ?? "", body: JSON.parse(data) });
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ MessageId: `m-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => ses.listen(0, "127.0.0.1", resolve));
  sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => ses.close(resolve));
});

const harness = useTestHarness({
  env: { MAIL_TRANSPORT: "ses", MAIL_FROM: "Circleplan <no-reply@circleplan.test>" },
  transport: createSesTransport({
    region: "us-east-1",
    // Read when the first mail is sent, after beforeAll has started the endpoint.
    get endpoint() {
      return sesUrl;
    },
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    maxAttempts: 1,
  }),
});

describe("mail through SES", () => {
  it("sends the verification mail and never returns the token in production mode", async () => {
    received.length = 0;
    const data = buildRegistration();
    const res = await callerFor(harness()).trpc.auth.register(data);
    expect(res.message).toBe(messages.registered);
    expect(res.dev_verification_token).toBeUndefined();
    // Mail leaves after the answer.
    await harness().deps.mail.idle();
    expect(received).toHaveLength(1);
    const sent = received[0] as Received;
    expect(sent.path).toBe("/v2/email/outbound-emails");
    expect(sent.body.FromEmailAddress).toBe("Circleplan <no-reply@circleplan.test>");
    expect(sent.body.Destination.ToAddresses).toEqual([data.email]);
    expect(sent.body.Content.Simple.Subject.Data).toBe("Verify your email for Circleplan");
    expect(sent.body.Content.Simple.Body.Text.Data).toContain(
      `${harness().deps.config.appUrl}/verify-email?token=`,
    );
    const [row] = await harness().db.db.select().from(mailOutbox);
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Delivered: the outbox keeps who, what and when, but no live link.
    expect(row?.text).not.toContain("token=");
    expect(row?.html).not.toContain("token=");

    const forgot = await callerFor(harness()).trpc.auth.forgotPassword({ email: data.email });
    expect(forgot.message).toBe(messages.resetCodeSent);
    expect(forgot.dev_otp).toBeUndefined();
    await harness().deps.mail.idle();
    expect(received.at(-1)?.body.Content.Simple.Subject.Data).toBe(
      "Your Circleplan password reset code",
    );
    expect((await refusal(callerFor(harness()).trpc.dev.mailbox())).status).toBe(404);
  });

  it("keeps a message pending when SES fails and delivers it on the next flush", async () => {
    received.length = 0;
    failNext = 1;
    const data = buildRegistration();
    const res = await callerFor(harness()).trpc.auth.register(data);
    // The account is made even though the mail could not leave yet.
    expect(res.message).toBe(messages.registered);
    await harness().deps.mail.idle();
    const [pending] = await harness().db.db.select().from(mailOutbox);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending?.lastError).toBeTruthy();

    await harness().deps.mail.flush();
    const [sent] = await harness().db.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(received).toHaveLength(1);
  });
});

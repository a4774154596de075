/**
 * Bounces and complaints stop further mail: what the MailEvents function records, the outbox
 * skips, on both database passes.
 */
import { mailOutbox, mailSuppressions } from "@circleplan/db/schema";
import { createTestDb, type TestDb } from "@circleplan/db/testing/test-db";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailService, type MailMessage, type MailTransport } from "./mail-service";
import { recordMailFeedback } from "./suppressions";
import { sesBounce, sesComplaint } from "./testing/ses-events";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());
beforeEach(() => db.truncate());

function outbox() {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    async send(message) {
      sent.push(message);
    },
  };
  return { sent, mail: createMailService(db.db, { transport, from: "Circleplan <x@test>" }) };
}

async function queue(mail: ReturnType<typeof outbox>["mail"], to: string[]) {
  await db.db.transaction((tx) =>
    mail.enqueueMany(
      tx,
      to.map((address) => ({
        to: address,
        subject: `to ${address}`,
        text: "Reset code 123456",
        html: "<p>Reset code 123456</p>",
      })),
    ),
  );
}

describe("mail suppression", () => {
  it("stops mail to an address that bounced for good (a dead mailbox is not mailed again)", async () => {
    const { sent, mail } = outbox();
    expect(await recordMailFeedback(db.db, sesBounce("Gone@Example.com"))).toBe(1);
    await queue(mail, ["gone@example.com", "GONE@example.com", "here@example.com"]);

    const report = await mail.flush();
    expect(report).toEqual({ sent: 1, failed: 0, suppressed: 2 });
    expect(sent.map((message) => message.to)).toEqual(["here@example.com"]);
    const rows = await db.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(rows.map((row) => row.status)).toEqual(["suppressed", "suppressed", "sent"]);
    // A suppressed row keeps no live code, as a delivered one.
    expect(rows[0]?.text).not.toContain("123456");
    expect(rows[0]?.html).not.toContain("123456");
  });

  it("stops mail to a complainer, and records each address once whatever else it did", async () => {
    const { sent, mail } = outbox();
    await recordMailFeedback(db.db, sesComplaint("angry@example.com"));
    await recordMailFeedback(db.db, sesBounce("angry@example.com"));
    expect(await db.db.select().from(mailSuppressions)).toMatchObject([
      { email: "angry@example.com", reason: "complaint", detail: "abuse" },
    ]);
    await queue(mail, ["angry@example.com"]);
    await mail.flush();
    expect(sent).toEqual([]);
  });

  it("keeps mailing after a transient bounce or an unreadable event", async () => {
    const { sent, mail } = outbox();
    expect(await recordMailFeedback(db.db, sesBounce("full@example.com", "Transient"))).toBe(0);
    expect(await recordMailFeedback(db.db, { eventType: "Bounce", bounce: "?" })).toBe(0);
    await queue(mail, ["full@example.com"]);
    await mail.flush();
    expect(sent.map((message) => message.to)).toEqual(["full@example.com"]);
  });

  it("goes on past a batch that was all suppressed to the mail after it", async () => {
    const { sent, mail } = outbox();
    await recordMailFeedback(db.db, sesBounce("gone@example.com"));
    // More than one claim's worth to the suppressed address, then one that may leave.
    await queue(mail, [
      ...Array.from({ length: 25 }, () => "gone@example.com"),
      "here@example.com",
    ]);
    const report = await mail.flush();
    expect(report).toMatchObject({ sent: 1, suppressed: 25 });
    expect(sent.map((message) => message.to)).toEqual(["here@example.com"]);
  });
});

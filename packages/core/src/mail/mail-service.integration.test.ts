/**
 * Outbox delivery with two deliverers racing over one database (two Lambda instances, or one
 * and the scheduled job): every message leaves exactly once. On the PostgreSQL pass the two run
 * on separate pooled connections, so SKIP LOCKED is what keeps them apart.
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mailOutbox } from "@circleplan/db/schema";
import { createTestDb, type TestDb } from "@circleplan/db/testing/test-db";
import { waitUntil } from "@circleplan/db/testing/wait-until";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailService, type MailMessage, type MailTransport } from "./mail-service";
import { createSesTransport } from "./ses-transport";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());
beforeEach(() => db.truncate());

function recordingTransport(delayMs: number): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent.push(message);
    },
  };
}

async function queue(count: number) {
  const mail = createMailService(db.db, { transport: recordingTransport(0), from: "x@test" });
  for (let i = 0; i < count; i++) {
    await db.db.transaction((tx) =>
      mail.enqueue(tx, { to: `u${i}@example.com`, subject: `m${i}`, text: "t", html: "h" }),
    );
  }
}

async function claimedCount(): Promise<number> {
  const rows = await db.db.select().from(mailOutbox);
  return rows.filter((row) => row.claimedUntil !== null && row.status === "pending").length;
}

describe("outbox delivery", () => {
  it("sends each message once when two deliverers flush at the same time", async () => {
    await queue(30);
    const first = recordingTransport(2);
    const second = recordingTransport(2);
    const a = createMailService(db.db, { transport: first, from: "a@test" });
    const b = createMailService(db.db, { transport: second, from: "b@test" });
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);

    const subjects = [...first.sent, ...second.sent].map((m) => m.subject).sort();
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const rows = await db.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.claimedUntil === null)).toBe(true);
  });

  it("never sends what another deliverer claimed, even while that one is still sending", async () => {
    await queue(30);
    // A claims the first batch, then stalls on its first send (a slow SES call).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stalled = recordingTransport(0);
    const slow: MailTransport = {
      async send(message) {
        await gate;
        await stalled.send(message);
      },
    };
    const fast = recordingTransport(0);
    const a = createMailService(db.db, { transport: slow, from: "a@test" });
    const b = createMailService(db.db, { transport: fast, from: "b@test" });
    const first = a.flush();
    await waitUntil(async () => (await claimedCount()) === 20);
    await b.flush();
    expect(fast.sent).toHaveLength(10);
    release();
    await first;
    const subjects = [...stalled.sent, ...fast.sent].map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it.runIf(process.env.CIRCLEPLAN_TEST_PG_URL)(
    "skips rows another transaction has locked instead of waiting for them",
    async () => {
      await queue(3);
      const transport = recordingTransport(0);
      const mail = createMailService(db.db, { transport, from: "a@test" });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another deliverer, mid-claim, holds the first row on its own connection.
      const holder = db.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM mail_outbox ORDER BY id LIMIT 1 FOR UPDATE`);
        locked();
        await held;
      });
      await isLocked;
      await mail.flush();
      expect(transport.sent.map((m) => m.subject)).toEqual(["m1", "m2"]);
      release();
      await holder;
    },
  );

  it("leaves a row another deliverer holds until its lease runs out", async () => {
    await queue(1);
    await db.db.update(mailOutbox).set({ claimedUntil: sql`now() + interval '1 minute'` });
    const transport = recordingTransport(0);
    const mail = createMailService(db.db, { transport, from: "a@test" });
    await mail.flush();
    expect(transport.sent).toHaveLength(0);

    // The holder died: once its lease has passed, the row is anyone's.
    await db.db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` });
    await mail.flush();
    expect(transport.sent).toHaveLength(1);
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.status, "sent"));
    expect(row?.text).not.toBe("t");
  });
});

describe("headers and many messages", () => {
  const unsubscribe = {
    "List-Unsubscribe": "<https://plan.example.test/api/notifications/unsubscribe?token=t>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  it("queues many messages at once, carries their headers, and forgets them once sent", async () => {
    const transport = recordingTransport(0);
    const mail = createMailService(db.db, { transport, from: "a@test" });
    const messages = Array.from({ length: 1201 }, (_, i) => ({
      to: `u${i}@example.com`,
      subject: `m${i}`,
      text: "t",
      html: "h",
      ...(i === 0 ? { headers: unsubscribe } : {}),
    }));
    await db.db.transaction((tx) => mail.enqueueMany(tx, messages));
    expect(await db.db.select().from(mailOutbox)).toHaveLength(1201);

    const report = await mail.flush({ until: Date.now() + 60_000, concurrency: 8 });
    expect(report).toEqual({ sent: 1201, failed: 0, suppressed: 0 });
    expect(new Set(transport.sent.map((m) => m.subject)).size).toBe(1201);
    expect(transport.sent.find((m) => m.subject === "m0")?.headers).toEqual(unsubscribe);
    expect(transport.sent.find((m) => m.subject === "m1")?.headers).toBeUndefined();
    const rows = await db.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === "sent" && row.headers === null)).toBe(true);
  });

  it("rolls the queued messages back with the transaction", async () => {
    const mail = createMailService(db.db, { transport: recordingTransport(0), from: "a@test" });
    await expect(
      db.db.transaction(async (tx) => {
        await mail.enqueueMany(tx, [{ to: "u@example.com", subject: "s", text: "t", html: "h" }]);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("hands the headers to SES (a local SES-compatible endpoint stands in for AWS)", async () => {
    const bodies: { Content: { Simple: { Headers?: { Name: string; Value: string }[] } } }[] = [];
    const ses = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => {
        data += chunk;
      });
      req.on("end", () => {
        bodies.push(JSON.parse(data));
        res.writeHead(200, { "content-type": "application/json" }).end('{"MessageId":"m-1"}');
      });
    });
    await new Promise<void>((resolve) => ses.listen(0, "127.0.0.1", resolve));
    try {
      const transport = createSesTransport({
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${(ses.address() as AddressInfo).port}`,
        credentials: { accessKeyId: "test", secretAccessKey: "test" },
        maxAttempts: 1,
      });
      const message = { from: "a@test", to: "u@example.com", subject: "s", text: "t", html: "h" };
      await transport.send({ ...message, headers: unsubscribe });
      await transport.send(message);
      expect(bodies[0]?.Content.Simple.Headers).toEqual([
        { Name: "List-Unsubscribe", Value: unsubscribe["List-Unsubscribe"] },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ]);
      expect(bodies[1]?.Content.Simple.Headers).toBeUndefined();
    } finally {
      await new Promise((resolve) => ses.close(resolve));
    }
  });
});

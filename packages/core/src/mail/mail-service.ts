/**
 * Mail goes through an outbox: a message is written in the same transaction as the change that
 * causes it (nothing is mailed for a change that rolled back), then delivered after commit.
 * Without a transport (sandbox mode) the outbox is the dev mailbox and nothing leaves the machine.
 */
import type { Db, Executor } from "@circleplan/db/client";
import { mailOutbox } from "@circleplan/db/schema";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { suppressedAmong } from "./suppressions";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on reminder and digest mail). */
  headers?: Record<string, string> | undefined;
}

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

export interface MailService {
  /** Queue a message as part of the caller's transaction. */
  enqueue(tx: Executor, message: MailMessage): Promise<void>;
  /** Queue many messages as part of the caller's transaction, a few statements for all. */
  enqueueMany(tx: Executor, messages: readonly MailMessage[]): Promise<void>;
  /**
   * Deliver what is pending; failures stay queued for a later try. By default a few batches,
   * one message at a time; the scheduled job drains the outbox until a deadline, several
   * messages at a time.
   */
  flush(options?: FlushOptions): Promise<FlushReport>;
  /**
   * Have pending mail delivered after this request's answer. Callers that answer alike for
   * known and unknown emails call it in both cases: the same work, the same time, whatever
   * the outbox holds (docs/decisions/006-account-security.md).
   */
  deliverSoon(): Promise<void>;
  /** Resolves once every delivery started here has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
  /** The sandbox outbox, newest first. */
  mailbox(limit?: number): Promise<(MailMessage & { id: number; createdAt: Date })[]>;
}

export interface FlushOptions {
  /** Keep claiming batches until this time (epoch ms, the process's own clock). */
  until?: number | undefined;
  /** Messages of a batch sent at once (default 1). */
  concurrency?: number | undefined;
}

export interface FlushReport {
  sent: number;
  failed: number;
  /** Not sent: the address bounced or complained before (suppressions.ts). */
  suppressed: number;
}

const MAX_ATTEMPTS = 5;
/** Rows per insert statement of enqueueMany (7 parameters each, far below Postgres' 65,535). */
const ENQUEUE_BATCH = 500;
/** Rows claimed at once per message in flight: each lane sends as many as one plain flush. */
const BATCH_SIZE = 20;
/** A flush without a deadline ends after this many batches; what is left waits for the next. */
const MAX_BATCHES_PER_FLUSH = 5;
/** Longer than a send can take (SES answers in well under a second; its SDK retries thrice). */
const LEASE_SECONDS = 120;
const DELIVERED_BODY = "[delivered; body removed]";
const SUPPRESSED_BODY = "[not sent: the address bounced or complained; body removed]";

/**
 * How `deliverSoon` gets mail out after the answer. In a long-lived server: a flush in the
 * background of this process. On Lambda, where a process freezes once it answers, the entry
 * point injects one that hands the flush to another invocation.
 */
export type DeliveryTrigger = (flush: () => Promise<void>) => Promise<void>;

export function createMailService(
  db: Db,
  options: {
    transport?: MailTransport | undefined;
    from: string;
    trigger?: DeliveryTrigger | undefined;
    onError?: ((error: unknown) => void) | undefined;
  },
): MailService {
  const { transport, from } = options;
  const running = new Set<Promise<void>>();
  const inBackground: DeliveryTrigger = async (flush) => {
    const task = flush()
      .catch((error) => options.onError?.(error))
      .finally(() => running.delete(task));
    running.add(task);
  };
  const trigger = options.trigger ?? inBackground;
  /**
   * Claims up to a batch of pending rows in one short transaction (FOR UPDATE SKIP LOCKED: rows
   * another deliverer holds are passed over, not waited for), leases them, then sends outside
   * the transaction. Times come from the database so instances with skewed clocks agree. Rows
   * to a suppressed address are settled here as `suppressed` and never reach the transport.
   */
  async function claimBatch(afterId: number, size: number) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, "pending"),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
            gt(mailOutbox.id, afterId),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(size)
        .for("update", { skipLocked: true });
      const lastId = Math.max(afterId, ...rows.map((row) => row.id));
      const suppressed = await suppressedAmong(
        tx,
        rows.map((row) => row.to),
      );
      const held = rows.filter((row) => suppressed.has(row.to.toLowerCase()));
      const sendable = rows.filter((row) => !suppressed.has(row.to.toLowerCase()));
      if (held.length) {
        // Like delivered rows, they keep no live link or code.
        await tx
          .update(mailOutbox)
          .set({
            status: "suppressed",
            claimedUntil: null,
            text: SUPPRESSED_BODY,
            html: SUPPRESSED_BODY,
            headers: null,
          })
          .where(
            inArray(
              mailOutbox.id,
              held.map((row) => row.id),
            ),
          );
      }
      if (sendable.length) {
        await tx
          .update(mailOutbox)
          .set({ claimedUntil: sql`now() + ${`${LEASE_SECONDS} seconds`}::interval` })
          .where(
            inArray(
              mailOutbox.id,
              sendable.map((row) => row.id),
            ),
          );
      }
      return { rows: sendable, suppressed: held.length, lastId, claimed: rows.length };
    });
  }

  async function deliverPending(options: FlushOptions = {}): Promise<FlushReport> {
    const report: FlushReport = { sent: 0, failed: 0, suppressed: 0 };
    if (!transport) return report;
    const more = (batch: number) =>
      options.until === undefined ? batch < MAX_BATCHES_PER_FLUSH : Date.now() < options.until;
    const lanes = Math.max(1, options.concurrency ?? 1);
    // Forward through the ids: a row that failed waits for the next flush, not the next batch.
    let afterId = 0;
    for (let batch = 0; more(batch); batch++) {
      const claim = await claimBatch(afterId, BATCH_SIZE * lanes);
      if (!claim.claimed) break;
      afterId = claim.lastId;
      report.suppressed += claim.suppressed;
      const { rows } = claim;
      let next = 0;
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (next < rows.length) {
            const row = rows[next++] as (typeof rows)[number];
            if (await sendOne(transport, row)) report.sent++;
            else report.failed++;
          }
        }),
      );
    }
    return report;
  }

  /** Sends one claimed row and records the outcome; true when it left. */
  async function sendOne(
    transport: MailTransport,
    row: typeof mailOutbox.$inferSelect,
  ): Promise<boolean> {
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.headers ? { headers: row.headers } : {}),
      });
      // Once delivered, the outbox keeps no live link or code: only who, what and when.
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          attempts: row.attempts + 1,
          claimedUntil: null,
          text: DELIVERED_BODY,
          html: DELIVERED_BODY,
          headers: null,
        })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          claimedUntil: null,
          lastError: String(error).slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
        })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
  }

  let queue: Promise<void> = Promise.resolve();
  const service: MailService = {
    async enqueue(tx, message) {
      await service.enqueueMany(tx, [message]);
    },
    async enqueueMany(tx, messages) {
      const status = transport ? ("pending" as const) : ("sandbox" as const);
      for (let i = 0; i < messages.length; i += ENQUEUE_BATCH) {
        await tx.insert(mailOutbox).values(
          messages.slice(i, i + ENQUEUE_BATCH).map((message) => ({
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: message.headers ?? null,
            status,
          })),
        );
      }
    },
    // One delivery at a time in this process, so two background flushes never send a row twice.
    flush(options) {
      const deliver = () => deliverPending(options);
      const next = queue.then(deliver, deliver);
      queue = next.then(
        () => undefined,
        () => undefined,
      );
      return next;
    },
    deliverSoon: () =>
      trigger(async () => {
        await service.flush();
      }),
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    async mailbox(limit = 50) {
      return db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, "sandbox"))
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },
  };
  return service;
}

/**
 * Mail goes through an outbox: a message is written in the same transaction as the change that
 * causes it (nothing is mailed for a change that rolled back), then delivered after commit.
 * Without a transport (sandbox mode) the outbox is the dev mailbox and nothing leaves the machine.
 */
import type { Db, Executor } from "@circleplan/db/client";
import { mailOutbox } from "@circleplan/db/schema";
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(message: MailMessage & { from: string }): Promise<void>;
}

export interface MailService {
  /** Queue a message as part of the caller's transaction. */
  enqueue(tx: Executor, message: MailMessage): Promise<void>;
  /** Deliver what is pending; failures stay queued for a later try. */
  flush(): Promise<void>;
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

const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
/** A flush ends after this many batches; what is left waits for the next one. */
const MAX_BATCHES_PER_FLUSH = 5;
/** Longer than a send can take (SES answers in well under a second; its SDK retries thrice). */
const LEASE_SECONDS = 120;
const DELIVERED_BODY = "[delivered; body removed]";

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
   * the transaction. Times come from the database so instances with skewed clocks agree.
   */
  async function claimBatch(skip: number[]) {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, "pending"),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
            skip.length ? notInArray(mailOutbox.id, skip) : undefined,
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      if (rows.length) {
        await tx
          .update(mailOutbox)
          .set({ claimedUntil: sql`now() + ${`${LEASE_SECONDS} seconds`}::interval` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows;
    });
  }

  async function deliverPending(): Promise<void> {
    if (!transport) return;
    // A row that failed waits for the next flush, not the next batch of this one.
    const tried: number[] = [];
    for (let batch = 0; batch < MAX_BATCHES_PER_FLUSH; batch++) {
      const rows = await claimBatch(tried);
      if (!rows.length) return;
      tried.push(...rows.map((row) => row.id));
      await sendAll(transport, rows);
    }
  }

  async function sendAll(transport: MailTransport, rows: (typeof mailOutbox.$inferSelect)[]) {
    for (const row of rows) {
      try {
        await transport.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
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
          })
          .where(eq(mailOutbox.id, row.id));
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
      }
    }
  }
  let queue: Promise<void> = Promise.resolve();
  const service: MailService = {
    async enqueue(tx, message) {
      await tx.insert(mailOutbox).values({ ...message, status: transport ? "pending" : "sandbox" });
    },
    // One delivery at a time in this process, so two background flushes never send a row twice.
    flush() {
      const next = queue.then(deliverPending, deliverPending);
      queue = next.catch(() => undefined);
      return next;
    },
    deliverSoon: () => trigger(() => service.flush()),
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

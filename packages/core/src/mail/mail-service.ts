/**
 * Mail goes through an outbox: a message is written in the same transaction as the change that
 * causes it (nothing is mailed for a change that rolled back), then delivered after commit.
 * Without a transport (sandbox mode) the outbox is the dev mailbox and nothing leaves the machine.
 */
import type { Db, Executor } from "@circleplan/db/client";
import { mailOutbox } from "@circleplan/db/schema";
import { and, asc, desc, eq, lt } from "drizzle-orm";

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
  readonly sandbox: boolean;
  /** Queue a message as part of the caller's transaction. */
  enqueue(tx: Executor, message: MailMessage): Promise<void>;
  /** Deliver what is pending; failures stay queued for a later try. */
  flush(): Promise<void>;
  /** The sandbox outbox, newest first. */
  mailbox(limit?: number): Promise<(MailMessage & { id: number; createdAt: Date })[]>;
}

const MAX_ATTEMPTS = 5;

export function createMailService(
  db: Db,
  options: { transport?: MailTransport | undefined; from: string },
): MailService {
  const { transport, from } = options;
  return {
    sandbox: !transport,
    async enqueue(tx, message) {
      await tx.insert(mailOutbox).values({ ...message, status: transport ? "pending" : "sandbox" });
    },
    async flush() {
      if (!transport) return;
      const pending = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.id))
        .limit(20);
      for (const row of pending) {
        try {
          await transport.send({
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          await db
            .update(mailOutbox)
            .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const attempts = row.attempts + 1;
          await db
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String(error).slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
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
}

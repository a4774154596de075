/**
 * Bounces and complaints stop further mail to an address (docs/decisions/015-first-deploy.md).
 * SES publishes them from the sender identity's configuration set to an SNS topic; the
 * MailEvents function hands each message here; the outbox skips suppressed addresses.
 *
 * Only what says the address itself is unusable suppresses it: a permanent bounce (no such
 * mailbox, a refusal) or a complaint (the recipient marked our mail as spam). A transient or
 * undetermined bounce (a full mailbox, a server down) does not: the outbox retries those.
 */
import type { Executor } from "@circleplan/db/client";
import { mailSuppressions } from "@circleplan/db/schema";
import { inArray } from "drizzle-orm";
import * as z from "zod";

const recipient = z.object({ emailAddress: z.string().max(1000) });

/**
 * SES's event publishing (`eventType`) and its older identity notifications
 * (`notificationType`) carry the same bounce and complaint objects.
 */
const feedbackSchema = z.union([
  z.object({
    kind: z.literal("Bounce"),
    bounce: z.object({
      bounceType: z.string().max(100),
      bounceSubType: z.string().max(100).optional(),
      bouncedRecipients: z.array(recipient).max(100),
    }),
  }),
  z.object({
    kind: z.literal("Complaint"),
    complaint: z.object({
      complaintFeedbackType: z.string().max(100).optional(),
      complainedRecipients: z.array(recipient).max(100),
    }),
  }),
]);

export interface MailFeedback {
  reason: "bounce" | "complaint";
  detail: string;
  /** Lower-cased bare addresses. */
  addresses: string[];
}

/** What an SES event says to suppress, or null for anything that suppresses nothing. */
export function readMailFeedback(event: unknown): MailFeedback | null {
  if (typeof event !== "object" || event === null) return null;
  const kind =
    (event as { eventType?: unknown }).eventType ??
    (event as { notificationType?: unknown }).notificationType;
  const parsed = feedbackSchema.safeParse({ ...event, kind });
  if (!parsed.success) return null;
  const feedback = parsed.data;
  if (feedback.kind === "Bounce") {
    if (feedback.bounce.bounceType !== "Permanent") return null;
    return {
      reason: "bounce",
      detail: [feedback.bounce.bounceType, feedback.bounce.bounceSubType].filter(Boolean).join("/"),
      addresses: bareAddresses(feedback.bounce.bouncedRecipients),
    };
  }
  return {
    reason: "complaint",
    detail: feedback.complaint.complaintFeedbackType ?? "complaint",
    addresses: bareAddresses(feedback.complaint.complainedRecipients),
  };
}

/** "Name <a@b.c>" or "a@b.c", lower-cased; anything without an @ is dropped. */
function bareAddresses(recipients: { emailAddress: string }[]): string[] {
  const addresses = recipients
    .map(({ emailAddress }) => (/<([^>]+)>/.exec(emailAddress)?.[1] ?? emailAddress).trim())
    .map((address) => address.toLowerCase())
    .filter((address) => address.includes("@") && address.length <= 320);
  return [...new Set(addresses)];
}

/** Records what an SES event says to suppress; answers how many addresses it named. */
export async function recordMailFeedback(db: Executor, event: unknown): Promise<number> {
  const feedback = readMailFeedback(event);
  if (!feedback?.addresses.length) return 0;
  await db
    .insert(mailSuppressions)
    .values(
      feedback.addresses.map((email) => ({
        email,
        reason: feedback.reason,
        detail: feedback.detail.slice(0, 200),
      })),
    )
    // The first reason stays: an address that bounced and later complained is suppressed once.
    .onConflictDoNothing();
  return feedback.addresses.length;
}

/** Which of these addresses mail must not go to (compared lower-cased). */
export async function suppressedAmong(db: Executor, addresses: string[]): Promise<Set<string>> {
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ email: mailSuppressions.email })
    .from(mailSuppressions)
    .where(inArray(mailSuppressions.email, wanted));
  return new Set(rows.map((row) => row.email));
}

import type { Tx } from "@circleplan/db/client";
import type { CoreDeps } from "../deps";

/**
 * The one place a change and its mail meet: `work` runs in a transaction (mail it queues is
 * written or rolled back with the change), and after commit the outbox is handed over for
 * delivery after the answer. The hand-over happens whether or not `work` queued anything, so
 * a request that mails only for known emails takes the same time for unknown ones.
 */
export async function withOutbox<T>(
  deps: Pick<CoreDeps, "db" | "mail">,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(work);
  await deps.mail.deliverSoon();
  return result;
}

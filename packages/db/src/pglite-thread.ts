/**
 * The embedded database on a thread of its own: a client for drizzle's PGlite driver whose
 * PGlite runs in a worker (pglite-worker.mjs). On the main thread PGlite's work and the
 * server's (HTTP, sessions, answers) take turns; on two threads they overlap, which roughly
 * doubled the local server's throughput (docs/decisions/009, "Performance"). Queries, results and
 * errors cross as messages; a transaction is PGlite's own in the worker, held open until the
 * callback here settles.
 */
import { Worker } from "node:worker_threads";
import { PLAN_ONCE_MARKER } from "./plan-once";

interface QueryOptions {
  rowMode?: "array" | "object";
}
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/** What drizzle-orm/pglite calls on its client. */
export interface PgliteThread {
  query: Query;
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
  waitReady: Promise<unknown>;
  close(): Promise<void>;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: { message: string; name: string } & Record<string, unknown>;
}

/** An Error carrying the fields Postgres gave (`code` "23505" for a unique violation, ...). */
function toError(fields: NonNullable<Answer["error"]>): Error {
  return Object.assign(new Error(fields.message), fields);
}

export function openPgliteThread(dataDir: string): PgliteThread {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir, planOnceMarker: PLAN_ONCE_MARKER },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 1;
  let broken: Error | null = null;
  // The worker keeps the process alive only while an answer is awaited: a script that forgets
  // to close the database still exits, and none exits mid-query.
  const holdWhileBusy = () => (pending.size > 0 ? worker.ref() : worker.unref());
  holdWhileBusy();

  worker.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    holdWhileBusy();
    if (!waiting) return;
    if (answer.error) waiting.reject(toError(answer.error));
    else waiting.resolve(answer.result);
  });
  const fail = (error: Error) => {
    broken = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    holdWhileBusy();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => {
    if (!broken) fail(new Error(`the database thread stopped (exit code ${code})`));
  });

  const call = (message: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = next++;
      pending.set(id, { resolve, reject });
      holdWhileBusy();
      worker.postMessage({ ...message, id });
    });
  const queryIn =
    (tx: number | undefined): Query =>
    (text, params, options) =>
      call({ kind: "query", tx, text, params: params ?? [], rowMode: options?.rowMode });

  return {
    query: queryIn(undefined),
    async transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T> {
      const tx = (await call({ kind: "begin" })) as number;
      let result: T;
      try {
        result = await fn({ query: queryIn(tx) });
      } catch (error) {
        await call({ kind: "rollback", tx });
        throw error;
      }
      await call({ kind: "commit", tx });
      return result;
    },
    waitReady: call({ kind: "ready" }),
    async close() {
      if (!broken) await call({ kind: "close" });
      broken ??= new Error("the database is closed");
      await worker.terminate();
    },
  };
}

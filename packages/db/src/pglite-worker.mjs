/**
 * The embedded database's own thread (client.ts, pglite-thread.ts): PGlite opened on the data
 * folder it is given, answering the main thread's messages. Plain JavaScript, so it starts the
 * same under tsx, vitest and a bundle, which each load TypeScript their own way.
 *
 * Messages: { id, kind: "ready" | "query" | "begin" | "commit" | "rollback" | "close", ... };
 * answers: { id, result } or { id, error } with the error's plain fields (code, constraint...).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

const pg = new PGlite(workerData.dataDir);

// drizzle's PGlite driver reads these types as the text Postgres sends (drizzle-orm/pglite
// session.js gives every query these parsers); functions cannot cross threads, so they live here.
const asSent = (value) => value;
const parsers = {
  [types.TIMESTAMP]: asSent,
  [types.TIMESTAMPTZ]: asSent,
  [types.INTERVAL]: asSent,
  [types.DATE]: asSent,
  1231: asSent, // numeric[]
  1115: asSent, // timestamp[]
  1185: asSent, // timestamptz[]
  1187: asSent, // interval[]
  1182: asSent, // date[]
};

/** Open transactions by id: PGlite's own, held open until the main thread commits or rolls back. */
const transactions = new Map();
let nextTransaction = 1;

function begin() {
  return new Promise((begun, failed) => {
    const id = nextTransaction++;
    // PGlite runs one transaction at a time and queues every other query behind it, as it does
    // on one thread; the transaction's own queries come with its id.
    const finished = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, finished });
          begun(id);
        }),
    );
    finished.catch(failed).finally(() => transactions.delete(id));
  });
}

async function handle(message) {
  switch (message.kind) {
    case "ready":
      await pg.waitReady;
      return true;
    case "query": {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`transaction ${message.tx} is not open`);
      const result = await target.query(message.text, message.params, {
        rowMode: message.rowMode,
        parsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "begin":
      return begin();
    case "commit": {
      const open = transactions.get(message.tx);
      open.commit();
      await open.finished;
      return true;
    }
    case "rollback": {
      const open = transactions.get(message.tx);
      open.rollback(new Error("rolled back"));
      await open.finished.catch(() => {});
      return true;
    }
    case "close":
      await pg.close();
      return true;
    default:
      throw new Error(`unknown message ${message.kind}`);
  }
}

/** What crosses back of an error: its message, name and plain fields (code, constraint...). */
function plainError(error) {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, message: error?.message ?? String(error), name: error?.name ?? "Error" };
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
  );
});

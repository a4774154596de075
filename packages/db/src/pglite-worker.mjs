/**
 * The embedded database's own thread (client.ts, pglite-thread.ts): PGlite opened on the data
 * folder it is given, answering the main thread's messages. Plain JavaScript, so it starts the
 * same under tsx, vitest and a bundle, which each load TypeScript their own way.
 *
 * Messages: { id, kind: "ready" | "query" | "begin" | "commit" | "rollback" | "close", ... };
 * answers: { id, result } or { id, error } with the error's plain fields (code, constraint...).
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol, types } from "@electric-sql/pglite";

const pg = new PGlite(workerData.dataDir);
const { serialize } = protocol;

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

/**
 * Statements outside a transaction run prepared, one named statement per distinct text, as
 * postgres.js does by default: PGlite's own query() parses every statement again. Postgres then
 * decides per statement whether to plan it per call or once (plan_cache_mode "auto"); a statement
 * that opens with the plan-once marker (client.ts `planOnce`) is always planned once
 * ("force_generic_plan", which only named statements consult). Planning was half the day read's
 * time; forcing it on every statement made the reminder job's idle run 5 times slower, hence
 * the opt-in (docs/decisions/009). Queries inside a transaction take PGlite's own path.
 */
const PREPARED_MAX = 256;
/** Whether the session now plans named statements once (it starts in "auto"). */
let plansOnce = false;
/** Prepared statements by text, least recently used first: { name, paramTypes }. */
const prepared = new Map();
let nextStatement = 1;

/** Postgres' "cached plan must not change result type": a table a statement reads changed. */
const PLAN_CHANGED = "0A000";

function frames(...messages) {
  const buffer = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
  let at = 0;
  for (const message of messages) {
    buffer.set(message, at);
    at += message.length;
  }
  return buffer;
}

/** Each message list ends with Sync, so an error leaves the session ready for the next. */
const run = (buffer) => pg.execProtocolStream(buffer, { syncToFs: false });

async function statementFor(text) {
  const known = prepared.get(text);
  if (known) {
    prepared.delete(text);
    prepared.set(text, known);
    return known;
  }
  if (prepared.size >= PREPARED_MAX) {
    const [oldestText, oldest] = prepared.entries().next().value;
    prepared.delete(oldestText);
    await run(frames(serialize.close({ type: "S", name: oldest.name }), serialize.sync()));
  }
  const name = `circleplan_${nextStatement++}`;
  const messages = await run(
    frames(
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ),
  );
  const described = messages.find((m) => m.name === "parameterDescription");
  const statement = { name, paramTypes: described?.dataTypeIDs ?? [] };
  prepared.set(text, statement);
  return statement;
}

async function executePrepared(text, params, rowMode) {
  const statement = await statementFor(text);
  const once = text.startsWith(workerData.planOnceMarker);
  if (once !== plansOnce) {
    await run(serialize.query(`set plan_cache_mode = ${once ? "force_generic_plan" : "auto"}`));
    plansOnce = once;
  }
  // Values are sent as text, serialized by their parameter's type as PGlite's query() does.
  const values = (params ?? []).map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[statement.paramTypes[i]];
    return serializer ? serializer(value) : value.toString();
  });
  const messages = await run(
    frames(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ),
  );
  return parse.parseResults(messages, pg.parsers, { rowMode, parsers })[0];
}

/**
 * A query outside any transaction: after any open one, as PGlite's own query() waits. Both locks
 * are the ones query() takes; `_runExclusiveTransaction` is not public API, so PGlite's version is
 * pinned and this file's tests cover the queueing.
 */
async function preparedQuery(text, params, rowMode) {
  await pg.waitReady;
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      try {
        return await executePrepared(text, params, rowMode);
      } catch (error) {
        if (error?.code !== PLAN_CHANGED || !prepared.has(text)) throw error;
        // Prepare it again against the table as it is now.
        const stale = prepared.get(text);
        prepared.delete(text);
        await run(frames(serialize.close({ type: "S", name: stale.name }), serialize.sync()));
        return await executePrepared(text, params, rowMode);
      } finally {
        await pg.syncToFs();
      }
    }),
  );
}

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
      let result;
      if (message.tx === undefined) {
        result = await preparedQuery(message.text, message.params, message.rowMode);
      } else {
        const tx = transactions.get(message.tx)?.tx;
        if (!tx) throw new Error(`transaction ${message.tx} is not open`);
        result = await tx.query(message.text, message.params, {
          rowMode: message.rowMode,
          parsers,
        });
      }
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

/**
 * Neon's pool, made to survive connections that died while nobody was looking: a Lambda
 * container frozen between requests keeps its idle connections, and by the time it thaws the
 * server (or Neon's proxy) may have closed them. The first statement on such a connection fails
 * with a connection-level error though the database is fine.
 *
 * The rule (docs/decisions/015-first-deploy.md): a statement is tried once more, on another
 * connection, only where nothing can have been half-applied:
 * - a statement outside a transaction (it commits whole or not at all);
 * - the first statement on a connection taken for a transaction (drizzle's `begin`).
 * A transaction that loses its connection after `begin` is never retried: its work is rolled
 * back by the server and the caller gets the error.
 */
import { Pool, type PoolClient, type PoolConfig } from "@neondatabase/serverless";

/** PostgreSQL error codes that say the connection, not the statement, failed. */
const CONNECTION_CODES = new Set([
  "57P01", // admin_shutdown: the backend was terminated (pg_terminate_backend, a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up (Neon waking a suspended compute)
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
]);

/** What the driver throws when the socket under a client is gone. */
const CONNECTION_MESSAGES =
  /connection terminated|not queryable|websocket|socket hang up|connection ended/i;

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || CONNECTION_CODES.has(code))) {
    return true;
  }
  return CONNECTION_MESSAGES.test(error.message);
}

export interface ResilientPoolHooks {
  /** A statement is being tried again after a connection-level error (for the log). */
  onRetry?: ((error: Error) => void) | undefined;
  /** An idle connection failed (the pool drops it); the default is to ignore it. */
  onIdleError?: ((error: Error) => void) | undefined;
}

type QueryArgs = Parameters<Pool["query"]>;

export function createResilientPool(config: PoolConfig, hooks: ResilientPoolHooks = {}): Pool {
  const pool = new Pool(config);
  // An idle connection the server ends is an 'error' event on the pool: the pool discards that
  // client and the next statement opens a new one. Unlistened, the event would be thrown and
  // take the whole process down.
  pool.on("error", (error: Error) => hooks.onIdleError?.(error));

  const query = pool.query.bind(pool) as (...args: QueryArgs) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as Pool["connect"];

  // Instance properties rather than a subclass: drizzle recognises the pool by `instanceof Pool`,
  // and the pool's own query() calls connect() with a callback, which passes straight through.
  pool.query = ((...args: QueryArgs) => {
    if (typeof args.at(-1) === "function") return query(...args);
    return query(...args).catch((error: unknown) => {
      if (!isConnectionError(error)) throw error;
      hooks.onRetry?.(error as Error);
      return query(...args);
    });
  }) as Pool["query"];

  pool.connect = ((callback?: Parameters<Pool["connect"]>[0]) => {
    if (callback) return connect(callback);
    return connect().then((client) => retryingFirstStatement(client, () => connect(), hooks));
  }) as Pool["connect"];

  return pool;
}

/**
 * A checked-out client whose first statement moves to a fresh connection when this one proves
 * dead. After the first statement has run (or failed for another reason) it is the plain client.
 */
function retryingFirstStatement(
  first: PoolClient,
  reconnect: () => Promise<PoolClient>,
  hooks: ResilientPoolHooks,
): PoolClient {
  let client = first;
  let proven = false;
  // The pool listens for errors only on idle connections. One that dies while checked out (a
  // transaction awaiting something else) would throw its 'error' event and end the process;
  // its next statement fails instead, and that failure reaches the caller.
  const heard = (error: Error) => hooks.onIdleError?.(error);
  client.on("error", heard);
  const query = async (...args: unknown[]) => {
    const run = () => (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    if (proven || typeof args.at(-1) === "function") return run();
    try {
      return await run();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      hooks.onRetry?.(error as Error);
      // Released with its error, the dead connection is closed rather than pooled again.
      client.off("error", heard);
      client.release(error as Error);
      client = await reconnect();
      client.on("error", heard);
      return await run();
    } finally {
      proven = true;
    }
  };
  return new Proxy(first, {
    get(_target, property) {
      if (property === "query") return query;
      if (property === "release") {
        return (error?: Error | boolean) => {
          client.off("error", heard);
          client.release(error);
        };
      }
      const value = Reflect.get(client, property, client);
      return typeof value === "function" ? value.bind(client) : value;
    },
  });
}

/**
 * The one place that knows which Postgres driver is in use. Everything above this package sees
 * `Db`, drizzle's driver-neutral Postgres database type.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ExtractTablesWithRelations, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { PLAN_ONCE_MARKER } from "./plan-once";
import * as schema from "./schema";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: "pglite" | "neon";
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A Postgres URL: connect through @neondatabase/serverless. Absent: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; "memory://" keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Apply pending migrations before answering (default true for PGlite, false for Neon). */
  migrate?: boolean | undefined;
  /**
   * For a local PostgreSQL server behind a plain WebSocket-to-TCP proxy ("127.0.0.1:5433"):
   * Neon's driver then speaks unencrypted WebSocket to it. Tests and CI only.
   */
  neonWsProxy?: string | undefined;
  /** Connections the pool may hold open (default 10); a Lambda container wants few. */
  poolSize?: number | undefined;
  /**
   * A statement timeout sent when connecting (0: none). Only Neon's direct endpoint takes it;
   * the pooled one refuses startup parameters. The migration step uses it to lift the
   * database's own timeout for its session.
   */
  statementTimeoutMs?: number | undefined;
  /** Hears what the pool survives: a statement tried again, an idle connection lost. */
  onConnectionEvent?: ((event: ConnectionEvent, error: Error) => void) | undefined;
  /** Where migrations are read from (a Lambda bundle carries its own copy). */
  migrationsFolder?: string | undefined;
}

export type ConnectionEvent = "db.statement_retried" | "db.idle_connection_lost";

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../migrations",
);

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openNeon(options.databaseUrl, options)
    : await openPglite(options.dataDir ?? ".data");
  const shouldMigrate = options.migrate ?? handle.driver === "pglite";
  if (shouldMigrate) await migrateDb(handle, options.migrationsFolder);
  return handle;
}

/**
 * The embedded store. A data folder on disk (the local server, scripts, benchmarks) is opened on
 * a thread of its own (pglite-thread.ts), so the database's work overlaps the server's; an
 * in-memory one ("memory://", the tests' templates, which dump it) stays on this thread.
 */
async function openPglite(dataDir: string): Promise<DbHandle & { migrateWith: MigrateFn }> {
  const [{ PGlite }, { drizzle }, { migrate }, { openPgliteThread }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("./pglite-thread"),
  ]);
  const client = dataDir.startsWith("memory://")
    ? new PGlite(dataDir)
    : openPgliteThread(path.resolve(dataDir));
  await client.waitReady;
  // drizzle calls only query and transaction, which the thread's client answers alike.
  const db = drizzle({ client: client as PGliteClient, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    driver: "pglite",
    close: () => client.close(),
    migrateWith: (folder) => migrate(db, { migrationsFolder: folder }),
  };
}

type PGliteClient = import("@electric-sql/pglite").PGlite;

async function openNeon(
  url: string,
  options: Pick<
    CreateDbOptions,
    "neonWsProxy" | "poolSize" | "statementTimeoutMs" | "onConnectionEvent"
  >,
): Promise<DbHandle & { migrateWith: MigrateFn }> {
  const [{ neonConfig }, { createResilientPool }, { drizzle }, { migrate }] = await Promise.all([
    import("@neondatabase/serverless"),
    import("./resilient-pool"),
    import("drizzle-orm/neon-serverless"),
    import("drizzle-orm/neon-serverless/migrator"),
  ]);
  // Node 22+ (Lambda's runtime) has a global WebSocket; Node 20 needs the ws package.
  if (typeof globalThis.WebSocket === "undefined") {
    neonConfig.webSocketConstructor = (await import("ws")).default;
  }
  const wsProxy = options.neonWsProxy;
  if (wsProxy) {
    neonConfig.wsProxy = (host, port) => `${wsProxy}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
  }
  // The app's statement and idle-transaction timeouts are the database's own settings
  // (deploy-migrations.ts), not startup parameters: Neon's pooled endpoint refuses those.
  const pool = createResilientPool(
    {
      connectionString: url,
      ...(options.statementTimeoutMs === undefined
        ? {}
        : { statement_timeout: options.statementTimeoutMs }),
      max: options.poolSize ?? 10,
      // Well inside the few minutes after which Neon's proxy and a suspended compute drop an
      // idle connection, so a warm process rarely holds a dead one.
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
    },
    {
      onRetry: (error) => options.onConnectionEvent?.("db.statement_retried", error),
      onIdleError: (error) => options.onConnectionEvent?.("db.idle_connection_lost", error),
    },
  );
  const db = drizzle({ client: pool, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    driver: "neon",
    close: () => pool.end(),
    migrateWith: (folder) => migrate(db, { migrationsFolder: folder }),
  };
}

type MigrateFn = (folder: string) => Promise<void>;

export async function migrateDb(handle: DbHandle, folder = migrationsFolder): Promise<void> {
  const withMigrate = handle as DbHandle & { migrateWith?: MigrateFn };
  if (!withMigrate.migrateWith) throw new Error("This database handle cannot run migrations");
  await withMigrate.migrateWith(folder);
}

/**
 * Put first in a hot statement whose plan does not depend on its values (a range read by
 * index): the embedded store then plans it once instead of on every call. Elsewhere, and on
 * PostgreSQL, it is a comment. Measure before adding it: a plan made without the values can be
 * much worse where they change what an index finds (docs/decisions/009).
 */
export const planOnce: SQL = sql.raw(`${PLAN_ONCE_MARKER} `);

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

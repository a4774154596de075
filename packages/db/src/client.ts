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
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../migrations",
);

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openNeon(options.databaseUrl, options.neonWsProxy)
    : await openPglite(options.dataDir ?? ".data");
  const shouldMigrate = options.migrate ?? handle.driver === "pglite";
  if (shouldMigrate) await migrateDb(handle);
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
  wsProxy: string | undefined,
): Promise<DbHandle & { migrateWith: MigrateFn }> {
  const [{ Pool, neonConfig }, { drizzle }, { migrate }] = await Promise.all([
    import("@neondatabase/serverless"),
    import("drizzle-orm/neon-serverless"),
    import("drizzle-orm/neon-serverless/migrator"),
  ]);
  // Node 22+ (Lambda's runtime) has a global WebSocket; Node 20 needs the ws package.
  if (typeof globalThis.WebSocket === "undefined") {
    neonConfig.webSocketConstructor = (await import("ws")).default;
  }
  if (wsProxy) {
    neonConfig.wsProxy = (host, port) => `${wsProxy}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
  }
  const pool = new Pool({ connectionString: url });
  // An idle connection the server ends (Neon closes idle ones; a test run drops its database)
  // is an 'error' event on the pool: the pool discards that client and the next query opens a
  // new one. Unlistened, the event would be thrown and take the whole process down. Queries in
  // flight still fail with their own error.
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    driver: "neon",
    close: () => pool.end(),
    migrateWith: (folder) => migrate(db, { migrationsFolder: folder }),
  };
}

type MigrateFn = (folder: string) => Promise<void>;

export async function migrateDb(handle: DbHandle): Promise<void> {
  const withMigrate = handle as DbHandle & { migrateWith?: MigrateFn };
  if (!withMigrate.migrateWith) throw new Error("This database handle cannot run migrations");
  await withMigrate.migrateWith(migrationsFolder);
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

/**
 * One migrated database per test file. By default an in-memory PGlite; when
 * CIRCLEPLAN_TEST_PG_URL names a real PostgreSQL server (CI's second pass), a fresh database on
 * it, reached through the production driver (@neondatabase/serverless) and a local proxy.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createDb, type Db, type DbHandle, queryRows } from "../client";
import { startWsProxy, type WsProxy } from "./ws-proxy";

export interface TestDb extends DbHandle {
  /** Empty every table, keeping the schema: call between tests. */
  truncate(): Promise<void>;
  /** Connection details, for tests that start a server process of their own. */
  databaseUrl?: string;
  neonWsProxy?: string;
}

export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.CIRCLEPLAN_TEST_PG_URL;
  const handle = adminUrl ? await createServerDb(adminUrl) : await createPgliteDb();
  return { ...handle, truncate: () => truncateAll(handle.db) };
}

async function createPgliteDb(): Promise<DbHandle> {
  return createDb({ dataDir: "memory://", migrate: true });
}

async function createServerDb(
  adminUrl: string,
): Promise<DbHandle & { databaseUrl: string; neonWsProxy: string }> {
  const admin = new URL(adminUrl);
  const proxy: WsProxy = await startWsProxy(`${admin.hostname}:${admin.port || "5432"}`);
  const name = `circleplan_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const adminHandle = await createDb({ databaseUrl: adminUrl, neonWsProxy: proxy.address });
  await adminHandle.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await adminHandle.close();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({
    databaseUrl: url.toString(),
    neonWsProxy: proxy.address,
    migrate: true,
  });
  return {
    ...handle,
    databaseUrl: url.toString(),
    neonWsProxy: proxy.address,
    async close() {
      await handle.close();
      const cleanup = await createDb({ databaseUrl: adminUrl, neonWsProxy: proxy.address });
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await cleanup.close();
      await proxy.close();
    },
  };
}

async function truncateAll(db: Db): Promise<void> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const tables = rows.map((r) => `"${r.tablename}"`).join(", ");
  if (tables) await db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
}

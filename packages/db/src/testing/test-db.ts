/**
 * One database per test file, cloned from the run's migrated template (template-db.ts). By
 * default an in-memory PGlite; when CIRCLEPLAN_TEST_PG_URL names a real PostgreSQL server (CI's
 * second pass), a fresh database on it, reached through the production driver
 * (@neondatabase/serverless) and a local proxy. Without a template (a test run outside the
 * integration project's globalSetup) each file migrates its own.
 */
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { createDb, type Db, type DbHandle, queryRows } from "../client";
import * as schema from "../schema";
import { createServerDatabase } from "./server-db";
import type { TemplateDb } from "./template-db";
import { startWsProxy, type WsProxy } from "./ws-proxy";

export interface TestDb extends DbHandle {
  /** Empty every table and restart its ids, keeping the schema: call between tests. */
  truncate(): Promise<void>;
  /** Connection details, for tests that start a server process of their own. */
  databaseUrl?: string;
  neonWsProxy?: string;
}

export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.CIRCLEPLAN_TEST_PG_URL;
  const template = inject("circleplanTemplateDb") as TemplateDb | undefined;
  const handle = adminUrl
    ? await createServerDb(adminUrl, template?.kind === "server" ? template.name : undefined)
    : await createPgliteDb(template?.kind === "pglite" ? template.file : undefined);
  return { ...handle, truncate: truncater(handle.db) };
}

// Read once per test file, however many databases it opens (app.integration opens four).
const templates = new Map<string, Promise<Blob>>();
function readTemplate(file: string): Promise<Blob> {
  let tarball = templates.get(file);
  if (!tarball) {
    tarball = readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)]));
    templates.set(file, tarball);
  }
  return tarball;
}

async function createPgliteDb(templateFile: string | undefined): Promise<DbHandle> {
  if (!templateFile) return createDb({ dataDir: "memory://", migrate: true });
  const [{ PGlite }, { drizzle }, tarball] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    readTemplate(templateFile),
  ]);
  const client = new PGlite({ loadDataDir: tarball });
  await client.waitReady;
  // As client.ts opens PGlite, from a data folder that is already migrated.
  const db = drizzle({ client, schema, casing: "snake_case" });
  return { db: db as unknown as Db, driver: "pglite", close: () => client.close() };
}

/**
 * One proxy per server for the whole process, shared by every database open on it: the driver
 * keeps its proxy address in a global (neonConfig), so a pool opened earlier connects through
 * whichever proxy was named last, and closing one file's proxy would cut another's connections.
 */
const proxies = new Map<string, { proxy: Promise<WsProxy>; users: number }>();

async function acquireProxy(target: string): Promise<WsProxy> {
  let entry = proxies.get(target);
  if (!entry) {
    entry = { proxy: startWsProxy(target), users: 0 };
    proxies.set(target, entry);
  }
  entry.users += 1;
  return entry.proxy;
}

async function releaseProxy(target: string): Promise<void> {
  const entry = proxies.get(target);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  proxies.delete(target);
  await (await entry.proxy).close();
}

async function createServerDb(
  adminUrl: string,
  template: string | undefined,
): Promise<DbHandle & { databaseUrl: string; neonWsProxy: string }> {
  const admin = new URL(adminUrl);
  const target = `${admin.hostname}:${admin.port || "5432"}`;
  const proxy = await acquireProxy(target);
  const database = await createServerDatabase({
    adminUrl,
    neonWsProxy: proxy.address,
    prefix: "circleplan_test",
    template,
  });
  const handle = await createDb({
    databaseUrl: database.url,
    neonWsProxy: proxy.address,
    migrate: !template,
  });
  return {
    ...handle,
    databaseUrl: database.url,
    neonWsProxy: proxy.address,
    async close() {
      await handle.close();
      await database.drop();
      await releaseProxy(target);
    },
  };
}

/**
 * Empties the database in one statement: a DELETE of every table, referencing tables first,
 * and every sequence back to 1 (what TRUNCATE ... RESTART IDENTITY leaves). A tenth of
 * TRUNCATE's cost on both stores (~1-2 ms against 7-30 ms), which creates new files for every
 * table. The statement is built once, as tests never change the schema.
 */
function truncater(db: Db): () => Promise<void> {
  let statement: Promise<string> | undefined;
  return async () => {
    statement ??= resetStatement(db);
    await db.execute(sql.raw(await statement));
  };
}

async function resetStatement(db: Db): Promise<string> {
  // One after another: parallel queries would open pool connections only this needs.
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint c
        JOIN pg_class child ON child.oid = c.conrelid
        JOIN pg_class parent ON parent.oid = c.confrelid
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const names = tables.map((t) => t.name);
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const order = deletionOrder(names, references);
  // Tables that reference each other in a circle have no safe order: TRUNCATE takes them all.
  if (!order) {
    return `TRUNCATE ${names.map((name) => `public.${quote(name)}`).join(", ")} RESTART IDENTITY CASCADE`;
  }
  return [
    "DO $$ BEGIN",
    ...order.map((table) => `DELETE FROM public.${quote(table)};`),
    ...sequences.map((s) => `PERFORM setval('public.${quote(s.name)}', 1, false);`),
    "END $$",
  ].join("\n");
}

/** Tables that reference others before the ones they reference, so no DELETE breaks a key. */
function deletionOrder(
  tables: string[],
  references: { child: string; parent: string }[],
): string[] | null {
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    // A table goes once nothing left references it (a self-reference does not count).
    const free = [...left].filter(
      (table) =>
        !references.some((r) => r.parent === table && r.child !== table && left.has(r.child)),
    );
    if (!free.length) return null;
    for (const table of free) {
      order.push(table);
      left.delete(table);
    }
  }
  return order;
}

/**
 * A migrated template database, built once and cloned by every test file: opening a clone costs
 * a third of creating and migrating one (PGlite ~0.5 s against ~1.5 s, PostgreSQL ~0.2 s
 * against ~0.5 s, connections included).
 * - PGlite: the migrated data folder dumped as a tarball in the temp folder, which each file
 *   loads (`loadDataDir`) instead of running initdb and the migrations;
 * - PostgreSQL: a database that each file names in `CREATE DATABASE ... TEMPLATE`.
 * Both are keyed by a hash of the migrations (and PGlite's version), so a new migration builds a
 * new template and an unchanged one is reused by the next run.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDb, migrationsFolder, queryRows } from "../client";
import { startWsProxy } from "./ws-proxy";

export type TemplateDb = { kind: "pglite"; file: string } | { kind: "server"; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by global-setup.ts for the integration project; absent, each file migrates its own. */
    circleplanTemplateDb: TemplateDb;
  }
}

const TEMPLATE_FOLDER = path.join(tmpdir(), "circleplan-test-templates");

/** Changes with any migration file (the journal included) and with PGlite's data format. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  hash.update(`pglite ${pgliteVersion()}\n`);
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(`${file}\n`).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Read from its package.json, which the package does not export. */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
      if (name === "@electric-sql/pglite") return version;
    }
    dir = path.dirname(dir);
  }
  throw new Error("@electric-sql/pglite: package.json not found");
}

/** The tarball of a migrated PGlite data folder, built when this hash has none yet. */
export async function ensurePgliteTemplate(): Promise<TemplateDb> {
  const key = migrationsHash();
  const file = path.join(TEMPLATE_FOLDER, `pglite-${key}.tar`);
  if (existsSync(file)) return { kind: "pglite", file };
  mkdirSync(TEMPLATE_FOLDER, { recursive: true });
  const handle = await createDb({ dataDir: "memory://", migrate: true });
  try {
    const client = (handle.db as unknown as { $client: PgliteDump }).$client;
    const tarball = await client.dumpDataDir("none");
    // Written aside and renamed: a run reading it never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  // Older templates belong to migrations that no longer exist.
  for (const name of readdirSync(TEMPLATE_FOLDER)) {
    if (name.startsWith("pglite-") && name !== path.basename(file) && name.endsWith(".tar")) {
      rmSync(path.join(TEMPLATE_FOLDER, name), { force: true });
    }
  }
  return { kind: "pglite", file };
}

interface PgliteDump {
  dumpDataDir(compression: "none"): Promise<Blob>;
}

/**
 * A migrated template database on the server at `adminUrl`, built when this hash has none yet.
 * Connections to it are refused afterwards: CREATE DATABASE ... TEMPLATE fails while anyone
 * is connected to the template.
 */
export async function ensureServerTemplate(adminUrl: string): Promise<TemplateDb> {
  const name = `circleplan_template_${migrationsHash()}`;
  const admin = new URL(adminUrl);
  const proxy = await startWsProxy(`${admin.hostname}:${admin.port || "5432"}`);
  try {
    const adminHandle = await createDb({ databaseUrl: adminUrl, neonWsProxy: proxy.address });
    try {
      const existing = await queryRows<{ datname: string }>(
        adminHandle.db,
        sql`SELECT datname FROM pg_database WHERE datname = ${name}`,
      );
      if (existing.length) return { kind: "server", name };
      // Built under a name of its own and renamed, so a crashed build is never cloned.
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await adminHandle.db.execute(sql.raw(`CREATE DATABASE "${building}"`));
      const migrating = await createDb({
        databaseUrl: withDatabase(adminUrl, building),
        neonWsProxy: proxy.address,
        migrate: true,
      });
      await migrating.close();
      await adminHandle.db.execute(
        sql.raw(`ALTER DATABASE "${building}" WITH ALLOW_CONNECTIONS false`),
      );
      // The pool's end resolves before its sockets close; a renamed or cloned database must
      // have nobody connected.
      await adminHandle.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${building}`,
      );
      try {
        await adminHandle.db.execute(sql.raw(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
      } catch (error) {
        // A run racing this one renamed its copy first: use that one.
        await adminHandle.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`));
        const raced = await queryRows<{ datname: string }>(
          adminHandle.db,
          sql`SELECT datname FROM pg_database WHERE datname = ${name}`,
        );
        if (!raced.length) throw error;
      }
      return { kind: "server", name };
    } finally {
      await adminHandle.close();
    }
  } finally {
    await proxy.close();
  }
}

function withDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

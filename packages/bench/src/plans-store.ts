/**
 * The database the plans section runs on: the embedded store (PGlite in a temporary folder) by
 * default, or PostgreSQL through the production driver (@neondatabase/serverless). For
 * PostgreSQL the run makes a database of its own on the server and drops it afterwards, so a URL
 * naming a real database never gets the bench's 20,000 plans. `--postgres` starts a throwaway
 * local cluster the way the test suite's second pass does (scripts/ensure-postgres.mjs).
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type DbHandle } from "@circleplan/db/client";
import { sql } from "drizzle-orm";

export interface PlansStore {
  handle: DbHandle;
  /** "embedded (PGlite)" or "PostgreSQL 17.x" */
  label: string;
  close(): Promise<void>;
}

export interface PlansStoreOptions {
  /** A PostgreSQL server to make the run's database on. */
  databaseUrl?: string | undefined;
  /** Start a throwaway local PostgreSQL cluster (ignored when databaseUrl is given). */
  postgres?: boolean;
}

interface ThrowawayCluster {
  url: string;
  stop(): void;
}

async function embedded(): Promise<PlansStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "circleplan-bench-plans-"));
  const handle = await createDb({ dataDir, migrate: true });
  return {
    handle,
    label: "embedded (PGlite)",
    async close() {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Neon's driver speaks WebSocket: a plain local server needs the tests' proxy in front. */
function isLocal(url: URL): boolean {
  return ["127.0.0.1", "localhost", "::1", "[::1]"].includes(url.hostname);
}

interface ProxyProcess {
  /** "127.0.0.1:port", the form `neonWsProxy` takes */
  address: string;
  close(): void;
}

/** The tests' WebSocket proxy (db/testing/ws-proxy.ts), started in a child process. */
function startProxyProcess(target: string): Promise<ProxyProcess> {
  return new Promise((resolve, reject) => {
    // fork() reuses this process's execArgv, which carries tsx's loader.
    const child = fork(new URL("./ws-proxy-process.ts", import.meta.url));
    child.once("message", (message: { address?: string; error?: string }) => {
      if (!message.address) {
        reject(new Error(`WebSocket proxy: ${message.error}`));
        return;
      }
      resolve({ address: message.address, close: () => child.disconnect() });
    });
    child.once("error", reject);
    child.send(target);
  });
}

async function onServer(serverUrl: string, cluster?: ThrowawayCluster): Promise<PlansStore> {
  const admin = new URL(serverUrl);
  const proxy = isLocal(admin)
    ? await startProxyProcess(`${admin.hostname}:${admin.port || "5432"}`)
    : undefined;
  const open = (url: string, migrate: boolean) =>
    createDb({ databaseUrl: url, neonWsProxy: proxy?.address, migrate });
  const name = `circleplan_bench_${randomBytes(4).toString("hex")}`;
  const adminHandle = await open(serverUrl, false);
  await adminHandle.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  const [version] = (
    (await adminHandle.db.execute(sql`SHOW server_version`)) as unknown as {
      rows: { server_version: string }[];
    }
  ).rows;
  await adminHandle.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await open(url.toString(), true);
  return {
    handle,
    label: `PostgreSQL ${version?.server_version ?? "?"}${cluster ? " (throwaway local cluster)" : ""}`,
    async close() {
      await handle.close();
      const cleanup = await open(serverUrl, false);
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await cleanup.close();
      proxy?.close();
      cluster?.stop();
    },
  };
}

export async function openPlansStore(options: PlansStoreOptions): Promise<PlansStore> {
  if (options.databaseUrl) return onServer(options.databaseUrl);
  if (!options.postgres) return embedded();
  // The repository's own script: installs Debian's server if missing, starts it on a free port.
  const script = new URL("../../../scripts/ensure-postgres.mjs", import.meta.url).href;
  const { startPostgres } = (await import(script)) as {
    startPostgres(): Promise<ThrowawayCluster>;
  };
  const cluster = await startPostgres();
  try {
    return await onServer(cluster.url, cluster);
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

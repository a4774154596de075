/**
 * A throwaway database on a PostgreSQL server, reached through the production driver and a
 * WebSocket proxy, and dropped again: what the PostgreSQL test pass and `pnpm smoke:lambda`
 * run on.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createDb } from "../client";

export interface ServerDatabase {
  /** The new database's URL on the same server. */
  url: string;
  drop(): Promise<void>;
}

export async function createServerDatabase(options: {
  adminUrl: string;
  neonWsProxy: string;
  prefix: string;
  /** A migrated database to copy. */
  template?: string | undefined;
}): Promise<ServerDatabase> {
  const name = `${options.prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = () => createDb({ databaseUrl: options.adminUrl, neonWsProxy: options.neonWsProxy });
  const creating = await admin();
  await creating.db.execute(
    sql.raw(
      `CREATE DATABASE "${name}"${options.template ? ` TEMPLATE "${options.template}"` : ""}`,
    ),
  );
  await creating.close();
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropping = await admin();
      await dropping.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await dropping.close();
    },
  };
}

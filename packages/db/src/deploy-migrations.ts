/**
 * The deploy's migration step (docs/decisions/015-first-deploy.md): migrations through Neon's
 * direct endpoint, never the pooled one (PgBouncer in transaction mode shares server sessions
 * between clients, which a migration's session must not), and then the settings every later
 * session of the database starts with. The pooled endpoint refuses startup parameters, so a
 * statement timeout has to be the database's own.
 */
import { sql } from "drizzle-orm";
import { createDb, type Executor, migrateDb } from "./client";

/**
 * A statement that runs longer than a request may take is a bug to find, not a wait: it ends
 * with an error (and its transaction) instead of holding a connection and its locks. A
 * transaction left open by a process that died or froze mid-way ends too.
 */
export const DATABASE_SETTINGS = {
  statement_timeout: "15s",
  idle_in_transaction_session_timeout: "30s",
} as const;

export interface DeployMigrationOptions {
  /** Neon's direct URL (the host without `-pooler`). */
  databaseUrl: string;
  migrationsFolder?: string | undefined;
  neonWsProxy?: string | undefined;
}

export async function migrateForDeploy(options: DeployMigrationOptions): Promise<void> {
  if (isPooledNeonUrl(options.databaseUrl)) {
    throw new Error(
      "Migrations need Neon's direct URL: remove -pooler from the host (the app keeps the pooled one).",
    );
  }
  const handle = await createDb({
    databaseUrl: options.databaseUrl,
    neonWsProxy: options.neonWsProxy,
    migrate: false,
    poolSize: 1,
    // A migration may rewrite a large table: the app's timeout does not bound it.
    statementTimeoutMs: 0,
  });
  try {
    await migrateDb(handle, options.migrationsFolder);
    await applyDatabaseSettings(handle.db);
  } finally {
    await handle.close();
  }
}

/** Neon's pooled endpoint is the compute's host with `-pooler` after its id. */
export function isPooledNeonUrl(url: string): boolean {
  try {
    return new URL(url).hostname.split(".")[0]?.endsWith("-pooler") ?? false;
  } catch {
    return false;
  }
}

/** Sessions opened from now on start with these; open ones keep what they had. */
export async function applyDatabaseSettings(db: Executor): Promise<void> {
  const statements = Object.entries(DATABASE_SETTINGS).map(
    ([name, value]) =>
      `EXECUTE format('ALTER DATABASE %I SET ${name} = %L', current_database(), '${value}');`,
  );
  await db.execute(sql.raw(`DO $$ BEGIN ${statements.join(" ")} END $$`));
}

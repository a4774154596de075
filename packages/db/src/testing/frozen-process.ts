/**
 * What a Lambda container sees after a freeze: the server ended its idle connections while the
 * process could not notice, and it learns so only when it next uses one. Here psql ends them
 * from outside while this thread is blocked in spawnSync, so none of the closing reaches the
 * driver before the next statement is written.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** Ends every backend of `database` (waiting until each is gone); answers how many. */
export function endConnectionsWhileFrozen(adminUrl: string, database: string): number {
  const result = spawnSync(
    psqlPath(),
    [
      adminUrl,
      "-Atc",
      // In the select list, so it runs only for the rows the filter keeps.
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity
       where datname = '${database.replaceAll("'", "''")}' and pid <> pg_backend_pid()`,
    ],
    { encoding: "utf8", timeout: 30_000 },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
  return result.stdout.split("\n").filter((line) => line === "t").length;
}

/** psql on PATH, or Debian's beside the server scripts/ensure-postgres.mjs starts. */
function psqlPath(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "psql"))) return path.join(dir, "psql");
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(root, version, "bin", "psql");
    if (existsSync(candidate)) return candidate;
  }
  throw new Error("psql is missing: install Debian's postgresql-client");
}

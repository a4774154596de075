/**
 * A data folder on disk holding the migrated template (template-db.ts), for a test whose
 * subject opens the embedded store from a folder itself (a Lambda entry point, the local
 * server): unpacked instead of running initdb and every migration on the test's own thread,
 * 3-5 core-seconds a file. Migrations added since the template still run when it opens.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensurePgliteTemplate } from "./template-db";

export async function migratedDataFolder(prefix: string): Promise<string> {
  const template = await ensurePgliteTemplate();
  if (template.kind !== "pglite") throw new Error("expected the embedded store's template");
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  // The tarball is PGlite's dump of its data folder (paths from its root); tar ships with
  // Linux, macOS and Windows 10+.
  execFileSync("tar", ["-xf", template.file, "-C", folder], { stdio: "ignore" });
  return folder;
}

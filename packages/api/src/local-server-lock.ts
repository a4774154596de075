/**
 * The embedded database (PGlite) is one process's: a second process opening the same data
 * folder would not be refused, and two writers would corrupt it. The local server leaves its
 * process id in the folder while it runs, so `pnpm digest` can refuse instead of opening it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const LOCK_FILE = "server.pid";

/** Marks the folder as the running server's; the answer removes the mark. */
export function holdDataDir(dataDir: string): () => void {
  const file = path.resolve(dataDir, LOCK_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}

/** The id of a live process holding the folder, or null (none, or one that died). */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.resolve(dataDir, LOCK_FILE), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** `pnpm --filter <name> build` at the root; false (with the output's tail shown) when it fails. */
export function buildPackage(name: string): boolean {
  console.log(`Building: pnpm --filter ${name} build…`);
  const started = performance.now();
  const result = spawnSync("pnpm", ["--filter", name, "build"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const tail = `${result.stdout}${result.stderr}`.trim().split("\n").slice(-15).join("\n");
    console.log(`Build failed (exit ${result.status}):\n${tail}`);
    return false;
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

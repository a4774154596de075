/**
 * Builds one Lambda package the way SST's Node runtime does at `sst deploy`
 * (pkg/runtime/node/build.go of SST 3/4): esbuild with its options and banner, `install`
 * packages put beside the bundle by `npm install` for Lambda's platform, and `copyFiles`.
 * The options come from src/bundles.ts, as sst.config.ts's do.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import type { LambdaBundle } from "../../src/bundles";

/** esbuild's target for each runtime, as SST maps it. */
const TARGETS: Record<string, string> = { "nodejs22.x": "es2023", "nodejs20.x": "es2023" };

/** Always external in SST (native, or optional native), and installed when imported. */
const FORCE_EXTERNAL = ["sharp", "pg-native"];

const SST_BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
  "",
].join("\n");

export interface BuiltPackage {
  /** The unpacked package, as Lambda's LAMBDA_TASK_ROOT. */
  dir: string;
  /** The handler's module (SST names it bundle.mjs) and export. */
  module: string;
  exportName: string;
}

export async function buildAsSst(options: {
  bundle: LambdaBundle;
  runtime: string;
  repoRoot: string;
  outDir: string;
}): Promise<BuiltPackage> {
  const { bundle, runtime, repoRoot, outDir } = options;
  const [file, exportName] = bundle.handler.split(/\.(?=[^./]+$)/) as [string, string];
  const entry = path.join(repoRoot, `${file}.ts`);
  const install = bundle.nodejs.install ?? {};
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const result = await build({
    entryPoints: [entry],
    platform: "node",
    external: [...FORCE_EXTERNAL, ...Object.keys(install), ...bundle.nodejs.esbuild.external],
    keepNames: true,
    bundle: true,
    splitting: bundle.nodejs.splitting,
    metafile: true,
    ...(bundle.nodejs.splitting
      ? { outdir: outDir, entryNames: "bundle", outExtension: { ".js": ".mjs" } }
      : { outfile: path.join(outDir, "bundle.mjs") }),
    sourcemap: "linked",
    write: true,
    format: "esm",
    target: TARGETS[runtime] ?? "esnext",
    mainFields: ["module", "main"],
    banner: { js: SST_BANNER },
    minify: true,
    logLevel: "error",
  });

  // A force-external package the code imports is installed too, unless named external on purpose.
  const imported = new Set(
    Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external).map((i) => i.path),
    ),
  );
  const toInstall = { ...install };
  for (const name of FORCE_EXTERNAL) {
    if (imported.has(name) && !bundle.nodejs.esbuild.external.includes(name)) {
      toInstall[name] ??= "*";
    }
  }
  if (Object.keys(toInstall).length) {
    writeFileSync(
      path.join(outDir, "package.json"),
      `${JSON.stringify({ dependencies: toInstall })}\n`,
    );
    const args = [
      "install",
      "--force",
      "--platform=linux",
      "--os=linux",
      "--arch=x64",
      "--cpu=x64",
      ...("sharp" in toInstall ? ["--libc=glibc"] : []),
      // Quieter and quicker; what is installed is the same.
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
    ];
    const npm = spawnSync("npm", args, { cwd: outDir, encoding: "utf8" });
    if (npm.status !== 0) {
      throw new Error(`npm install in ${outDir} failed: ${npm.stderr || npm.error}`);
    }
  }

  for (const copy of bundle.copyFiles ?? []) {
    cpSync(path.join(repoRoot, copy.from), path.join(outDir, copy.to), { recursive: true });
  }
  return { dir: outDir, module: path.join(outDir, "bundle.mjs"), exportName };
}

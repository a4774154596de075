/**
 * Bundles each Lambda entry point into dist/<name>/index.mjs (one self-contained ESM file
 * per function) and writes dist/meta.json for size analysis (e.g. esbuild's analyzer).
 * `sst deploy` bundles the handlers itself; this build checks that they bundle and how
 * big they are, and gives a plain artifact for other deploy paths.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { lambdaBundles } from "../src/bundles";

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(packageDir, "dist");
const entries = Object.values(lambdaBundles).map(
  (bundle) => path.basename(bundle.handler).split(".")[0] as string,
);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const metafile: Metafile = { inputs: {}, outputs: {} };
for (const name of entries) {
  const outfile = path.join(outDir, name, "index.mjs");
  const result = await build({
    entryPoints: { index: path.join(packageDir, "src", `${name}.ts`) },
    outdir: path.join(outDir, name),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Dynamic imports (the database driver) become chunks parsed only when first needed,
    // which trims the cold start's import phase.
    splitting: true,
    platform: "node",
    target: "node20",
    format: "esm",
    minify: true,
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    // Some dependencies are CommonJS and call require(); ESM output has no require.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // The Lambda runtime ships the AWS SDK v3; PGlite (the embedded store) is never
    // used in Lambda, which always has DATABASE_URL.
    external: [
      "@aws-sdk/*",
      "@electric-sql/pglite",
      "@electric-sql/pglite/*",
      // drizzle's PGlite driver imports PGlite statically; db loads it only by dynamic
      // import, which stays a (never taken) runtime import when the driver is external.
      "drizzle-orm/pglite",
      "drizzle-orm/pglite/*",
      // A native library: installed beside the bundle for Lambda's platform, never bundled.
      "sharp",
    ],
  });
  Object.assign(metafile.inputs, result.metafile.inputs);
  Object.assign(metafile.outputs, result.metafile.outputs);
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith(".mjs"))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  const kib = (bytes / 1024).toFixed(1);
  console.log(`${name}: ${path.relative(process.cwd(), outfile)} and its chunks, ${kib} KiB`);
}

writeFileSync(path.join(outDir, "meta.json"), JSON.stringify(metafile));

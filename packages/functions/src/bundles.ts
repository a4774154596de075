/**
 * How each Lambda function is packaged, in one place: sst.config.ts deploys with these, and
 * `pnpm smoke:lambda` (scripts/smoke-lambda.ts) builds the same bundles the way SST's Node
 * runtime does and runs them under Node 22. Plain data: sst.config.ts imports it at deploy time.
 */

export const LAMBDA_RUNTIME = "nodejs22.x";

/**
 * Graviton (Arm): a fifth cheaper a GB-second than x86 for the same memory, and the code is
 * JavaScript but for sharp, which SST installs for the function's architecture (npm's `--cpu`).
 * docs/decisions/018, "Fewer requests a day".
 */
export const LAMBDA_ARCHITECTURE = "arm64";

/**
 * sharp's version for Lambda's platform, pinned: SST installs the `install` packages with npm
 * at deploy time, and an unpinned one is whatever npm calls latest that day. The same version
 * as packages/core's, which the tests run (a unit test holds the two together).
 */
export const SHARP_VERSION = "0.35.5";

/** The embedded store: local runs only, never in a Lambda package. */
const LOCAL_ONLY = ["@electric-sql/pglite", "drizzle-orm/pglite"];

export interface LambdaBundle {
  /** As sst.config.ts names it: the file (from the repository root) and the export. */
  handler: string;
  nodejs: {
    splitting: boolean;
    esbuild: { external: string[] };
    install?: Record<string, string>;
  };
  /** Files the function reads at run time, copied beside the bundle. */
  copyFiles?: { from: string; to: string }[];
}

const bundle = (
  file: string,
  options: { sharp?: boolean; copyFiles?: LambdaBundle["copyFiles"] } = {},
): LambdaBundle => ({
  handler: `packages/functions/src/${file}.handler`,
  nodejs: {
    // Dynamic imports (the database driver, the SDK clients) become chunks parsed on first use.
    splitting: true,
    // A function that never decodes photos leaves sharp out rather than installing it.
    esbuild: { external: options.sharp ? LOCAL_ONLY : [...LOCAL_ONLY, "sharp"] },
    // Photos are decoded and re-encoded with sharp, a native library: installed for Lambda's
    // platform beside the bundle instead of bundled.
    ...(options.sharp ? { install: { sharp: SHARP_VERSION } } : {}),
  },
  ...(options.copyFiles ? { copyFiles: options.copyFiles } : {}),
});

/**
 * The API's reference page (/api/docs) serves Scalar's browser bundle, a file the function
 * reads on the first request for it (3.5 MB in the package, not parsed at a cold start).
 */
export const SCALAR_BUNDLE_FILE = "scalar-standalone.js";

export const lambdaBundles = {
  api: bundle("api", {
    sharp: true,
    copyFiles: [
      {
        from: "packages/api/node_modules/@scalar/api-reference/dist/browser/standalone.js",
        to: SCALAR_BUNDLE_FILE,
      },
    ],
  }),
  mailDelivery: bundle("mail-delivery"),
  mailEvents: bundle("mail-events"),
  reminderDigest: bundle("reminder-digest"),
  maintenance: bundle("maintenance"),
  liveAuthorizer: bundle("live-authorizer"),
  migrate: bundle("migrate", {
    copyFiles: [{ from: "packages/db/migrations", to: "migrations" }],
  }),
} satisfies Record<string, LambdaBundle>;

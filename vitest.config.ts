import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const webSrc = fileURLToPath(new URL("./packages/web/src", import.meta.url));

/** Component test files that replace a module with `vi.mock`: they run isolated (below). */
const mockingComponentFiles = readdirSync(webSrc, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.tsx"))
  .filter((file) => readFileSync(`${webSrc}/${file}`, "utf8").includes("vi.mock("))
  .map((file) => `packages/web/src/${file}`);

/**
 * The integration files the full suite also runs on the embedded store (decision 012, "Which
 * store runs what"): the store's own driver, and the races its single connection serializes.
 * Every integration file runs on PostgreSQL there; `pnpm test --quick` runs them all embedded.
 */
const EMBEDDED_STORE_FILES = [
  "packages/db/src/**/*.integration.test.ts",
  "packages/api/src/assignee-races.integration.test.ts",
  "packages/core/src/mail/mail-service.integration.test.ts",
];

function integrationFiles(): string[] {
  if (process.env.CIRCLEPLAN_TEST_INTEGRATION === "store") return EMBEDDED_STORE_FILES;
  return ["packages/*/src/**/*.integration.test.ts"];
}

// Test projects by file suffix (STYLE.md habit 7). Sized for 2-core machines: unit,
// component and integration share one group of 2 workers (PGlite is WASM and heavy, so no
// more than that); the browser tests run two files at a time against the run's one server
// and one Chromium (`pnpm test` runs them in a vitest of their own, beside the others).
//
// Timeouts are hang detectors, not speed limits: a test waits for the event it needs, and a
// machine busy with other work must not turn a slow test red. So they are far above what any
// test takes on a quiet machine (a production-cost password hash, a property run).
const HANG = { unit: 60_000, integration: 180_000, browser: 180_000 };

/** A project of component tests: the web app's `@/` imports, happy-dom, the shared setup. */
function componentProject(files: {
  name: string;
  include: string[];
  exclude?: string[];
  isolate: boolean;
}) {
  return {
    resolve: { alias: [{ find: /^@\//, replacement: `${webSrc}/` }] },
    test: {
      ...files,
      environment: "happy-dom" as const,
      setupFiles: ["packages/web/src/testing/component-setup.ts"],
      testTimeout: HANG.unit,
      hookTimeout: HANG.unit,
      maxWorkers: 2,
      sequence: { groupOrder: 0 },
    },
  };
}
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.integration.test.ts", "**/*.e2e.test.ts"],
          environment: "node",
          // Pure functions in Node: files share a worker's loaded modules, so a module's own
          // state carries from one file to the next (a test that needs it fresh loads it with
          // vi.resetModules()). Half the project's CPU; checked with --sequence.shuffle.
          isolate: false,
          testTimeout: HANG.unit,
          hookTimeout: HANG.unit,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      // React components in a simulated DOM. Files share a worker's loaded modules (React,
      // Radix, react-query, happy-dom's setup), each rendering into an emptied document; a file
      // that replaces a module (`vi.mock`) runs isolated, since its fake would otherwise stay
      // for the files after it.
      componentProject({
        name: "component",
        include: ["packages/web/src/**/*.test.tsx"],
        exclude: ["**/node_modules/**", ...mockingComponentFiles],
        isolate: false,
      }),
      componentProject({
        name: "component-isolated",
        include: mockingComponentFiles,
        isolate: true,
      }),
      {
        test: {
          name: "integration",
          include: integrationFiles(),
          exclude: ["**/node_modules/**"],
          environment: "node",
          // Builds the migrated template every file's database is cloned from.
          globalSetup: ["packages/db/src/testing/global-setup.ts"],
          // Files share a worker's loaded modules (PGlite, drizzle, the app) instead of each
          // importing them again: half the project's time. Each file still opens its own
          // database; module state that must not leak between files is keyed per harness.
          isolate: false,
          testTimeout: HANG.integration,
          hookTimeout: HANG.integration,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["packages/e2e/src/**/*.e2e.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          // One server and one Chromium for the whole browser run.
          globalSetup: ["packages/e2e/src/global-setup.ts"],
          // Files share a worker's playwright-core and axe-core instead of loading them again;
          // what a file opens is its own (harness.ts).
          isolate: false,
          testTimeout: HANG.browser,
          hookTimeout: HANG.browser,
          // Two files at a time: a browser test mostly waits (on Chromium, the server, an
          // animation), so two share the cores well, beside the other projects' run.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

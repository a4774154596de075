import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const webSrc = fileURLToPath(new URL("./packages/web/src", import.meta.url));

// Test projects by file suffix (STYLE.md habit 7). Sized for 2-core machines: unit,
// component and integration share one group of 2 workers (PGlite is WASM and heavy, so no
// more than that); the browser tests run afterwards, one file at a time, against one real
// server and one Chromium each.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.integration.test.ts", "**/*.e2e.test.ts"],
          environment: "node",
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // React components in a simulated DOM, with the web app's `@/` imports.
        resolve: { alias: [{ find: /^@\//, replacement: `${webSrc}/` }] },
        test: {
          name: "component",
          include: ["packages/*/src/**/*.test.tsx"],
          exclude: ["**/node_modules/**"],
          environment: "happy-dom",
          setupFiles: ["packages/web/src/testing/component-setup.ts"],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/src/**/*.integration.test.ts"],
          exclude: ["**/node_modules/**"],
          environment: "node",
          // Builds the migrated template every file's database is cloned from.
          globalSetup: ["packages/db/src/testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

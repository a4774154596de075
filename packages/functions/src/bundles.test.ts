import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lambdaBundles, SHARP_VERSION } from "./bundles";

describe("Lambda bundles", () => {
  it("pin sharp for Lambda to the version the tests run (an unpinned install is npm's latest of the day)", () => {
    const core = JSON.parse(
      readFileSync(new URL("../../core/package.json", import.meta.url), "utf8"),
    ) as { dependencies: Record<string, string> };
    expect(SHARP_VERSION).toBe(core.dependencies.sharp);
    expect(SHARP_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    for (const bundle of Object.values(lambdaBundles)) {
      for (const version of Object.values(bundle.nodejs.install ?? {})) {
        expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      }
    }
  });
});

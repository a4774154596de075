import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LAMBDA_ARCHITECTURE, lambdaBundles, SCALAR_BUNDLE_FILE, SHARP_VERSION } from "./bundles";

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

describe("every bundled function", () => {
  it("has its entry file with a handler, sst.config.ts's and the smoke's only way to find it", () => {
    for (const bundle of Object.values(lambdaBundles)) {
      const [file, exported] = bundle.handler.split(/\.(?=[^.]+$)/) as [string, string];
      const source = readFileSync(new URL(`../../../${file}.ts`, import.meta.url), "utf8");
      expect(source).toMatch(new RegExp(`export (async function|const) ${exported}\\b`));
    }
  });

  it("copies only files that exist in an installed checkout (the API's Scalar bundle for /api/docs)", () => {
    const copies = Object.values(lambdaBundles).flatMap((bundle) => bundle.copyFiles ?? []);
    expect(copies.map((copy) => copy.to)).toContain(SCALAR_BUNDLE_FILE);
    for (const copy of copies) {
      expect(existsSync(new URL(`../../../${copy.from}`, import.meta.url)), copy.from).toBe(true);
    }
  });

  it("the live authorizer is its own bundle, without sharp (it never decodes photos)", () => {
    expect(lambdaBundles.liveAuthorizer.handler).toBe(
      "packages/functions/src/live-authorizer.handler",
    );
    expect(lambdaBundles.liveAuthorizer.nodejs.esbuild.external).toContain("sharp");
    expect(lambdaBundles.liveAuthorizer.nodejs.install).toBeUndefined();
  });
});

describe("sst.config.ts", () => {
  it("runs every function on the one architecture bundles.ts names (Arm: the bench prices it)", () => {
    const config = readFileSync(new URL("../../../sst.config.ts", import.meta.url), "utf8");
    const functions = config.match(/runtime: LAMBDA_RUNTIME,/g) ?? [];
    const onArm = config.match(/runtime: LAMBDA_RUNTIME,\s+architecture: LAMBDA_ARCHITECTURE,/g);
    expect(functions.length).toBeGreaterThanOrEqual(7);
    expect(onArm?.length).toBe(functions.length);
    expect(LAMBDA_ARCHITECTURE).toBe("arm64");
  });
});

/**
 * What every Lambda entry point starts from (the configuration: lambda-config.ts), and the app's
 * dependencies built from it once per container.
 */
import { type AppDeps, type AppDepsOptions, createAppDeps } from "@circleplan/api/deps";
import { lambdaConfig } from "./lambda-config";

/**
 * A container serves one request at a time; the app runs a few statements of a request at
 * once. Idle connections beyond that only wait to go stale while the container is frozen.
 */
export const LAMBDA_POOL_SIZE = 3;

/**
 * Something built on a container's first invocation and reused while it stays warm; a failed
 * build is tried again on the next invocation rather than kept.
 */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let ready: Promise<T> | undefined;
  return () => {
    ready ??= build().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
}

/** The app's dependencies as a function that is not the API builds them. */
export function lambdaAppDeps(options: AppDepsOptions = {}): () => Promise<AppDeps> {
  return once(() => createAppDeps(lambdaConfig(), { poolSize: LAMBDA_POOL_SIZE, ...options }));
}

/**
 * What every Lambda entry point starts from. Plain settings come from the function's
 * environment (sst.config.ts); secrets come from SST's linked resources, which SST encrypts
 * into the function package instead of leaving them readable in the function's configuration.
 * Without links (the functions' tests, another deploy path) the environment's values stand.
 */
import { type AppDeps, type AppDepsOptions, createAppDeps } from "@circleplan/api/deps";
import { type Config, loadConfig } from "@circleplan/core/env";
import { Resource } from "sst/resource";

/** Each secret's linked resource (an `sst.Secret` in sst.config.ts) by the variable it sets. */
export const LINKED_SECRETS = {
  DATABASE_URL: "DatabaseUrl",
  DATABASE_DIRECT_URL: "DatabaseDirectUrl",
  APP_SECRET: "AppSecret",
  VAPID_PUBLIC_KEY: "VapidPublicKey",
  VAPID_PRIVATE_KEY: "VapidPrivateKey",
  ORIGIN_SECRET: "OriginSecret",
} as const;

/**
 * A container serves one request at a time; the app runs a few statements of a request at
 * once. Idle connections beyond that only wait to go stale while the container is frozen.
 */
export const LAMBDA_POOL_SIZE = 3;

/** The value of a linked secret, or undefined when it is not linked to this function. */
export function linkedSecret(name: string): string | undefined {
  if (!(name in Resource)) return undefined;
  const value = (Reflect.get(Resource, name) as { value?: unknown } | undefined)?.value;
  return typeof value === "string" ? value : undefined;
}

export function lambdaConfig(env: Record<string, string | undefined> = process.env): Config {
  const secrets = Object.fromEntries(
    Object.entries(LINKED_SECRETS).map(([variable, name]) => [
      variable,
      linkedSecret(name) ?? env[variable],
    ]),
  );
  return loadConfig({ ...env, ...secrets });
}

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

/**
 * A Lambda function's configuration. Plain settings come from the function's environment
 * (sst.config.ts); secrets come from SST's linked resources, which SST encrypts into the function
 * package instead of leaving them readable in the function's configuration. Without links (the
 * functions' tests, another deploy path) the environment's values stand. Apart from
 * lambda-deps.ts so that a function needing no database (the live authorizer) bundles none.
 */
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

import type { Config } from "../env";

/**
 * The secret a mail carried, added to an answer in sandbox mode only (api-conventions.md,
 * "Sandbox mode"): `{ dev_otp: "123456" }`, or nothing in production or when no mail was sent.
 */
export function devSecret<K extends "dev_otp" | "dev_verification_token">(
  config: Pick<Config, "sandbox">,
  key: K,
  value: string | null | undefined,
): Partial<Record<K, string>> {
  return config.sandbox && value ? ({ [key]: value } as Record<K, string>) : {};
}

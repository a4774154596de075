/**
 * The secret CloudFront adds to every request it forwards to the API function (sst.config.ts
 * writes it into the Router's viewer-request code); the app refuses requests without it
 * (perimeter.ts). No dependencies: sst.config.ts imports the header's name from here.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export const ORIGIN_SECRET_HEADER = "x-circleplan-origin-secret";

/** Compared by digest, so neither the time taken nor a length mismatch tells anything. */
export function isOriginSecret(expected: string, given: string | undefined): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return given !== undefined && timingSafeEqual(digest(expected), digest(given));
}

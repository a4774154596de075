/** Random secrets that travel by mail, and the hashes we keep instead of them. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 256 bits, URL-safe: for links (email verification, later invitations). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Six digits, uniformly drawn, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** HMAC-SHA256 under the app's secret key: for short secrets (6-digit codes) a plain hash would not hide. */
export function keyedHash(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("hex");
}

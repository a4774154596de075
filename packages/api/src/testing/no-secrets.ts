import { expect } from "vitest";

/** No answer may carry a password hash, a stored token or code hash, or a stack trace. */
export function expectNoSecrets(body: unknown): void {
  const text = JSON.stringify(body);
  for (const word of [
    "passwordHash",
    "password_hash",
    "scrypt$",
    "tokenHash",
    "codeHash",
    "stack",
  ]) {
    expect(text).not.toContain(word);
  }
}

/**
 * Refuses the 10,000 most common passwords (zxcvbn-ts's frequency-ranked list). None of them
 * meets the composition rules as it stands, so the check also looks past the digits and
 * symbols people tack on to meet them: "Password123!" is "password" dressed up.
 */

const COMMON_COUNT = 10_000;
let common: Promise<Set<string>> | undefined;

// Loaded on first use: decompressing the list costs a few milliseconds we need not pay at start.
// The list's own module, not the package index, so the Lambda bundle leaves out the keyboard
// graphs and word lists the package also holds.
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common/dist/passwords.json.mjs").then(
    ({ default: passwords }) => new Set(passwords.slice(0, COMMON_COUNT)),
  );
  return common;
}

const EDGE_JUNK = /^[\d\W_]+|[\d\W_]+$/gu;

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.normalize("NFKC").toLowerCase();
  const core = lower.replace(EDGE_JUNK, "");
  return list.has(lower) || (core.length > 0 && list.has(core));
}

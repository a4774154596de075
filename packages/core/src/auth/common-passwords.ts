/**
 * Refuses the 10,000 most common passwords (zxcvbn-ts's frequency-ranked list). None of them
 * meets the composition rules as it stands, so the check also looks past the digits and
 * symbols people tack on to meet them: "Password123!" is "password" dressed up.
 */

let common: Promise<Set<string>> | undefined;

// Loaded on first use: splitting the list costs a few milliseconds we need not pay at start,
// and the module is a chunk of its own in the Lambda bundle.
function commonPasswords(): Promise<Set<string>> {
  common ??= import("./common-passwords-list").then(
    ({ COMMON_PASSWORDS }) => new Set(COMMON_PASSWORDS.split("\n")),
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

/**
 * Password hashing with scrypt, memory-hard and built into Node (no native addon to ship to
 * Lambda). Production parameters follow OWASP's scrypt row N=2^15, r=8, p=3; every hash stores
 * its own, so they can be raised later without invalidating existing passwords, and tests can
 * inject a cheap cost without a second code path.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const PRODUCTION_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
/** For tests: the same algorithm at a thousandth of the work. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /**
   * Checks against a hash of nothing in particular (always false), so a failed login takes the
   * same time whether or not the account exists.
   */
  verifyDecoy(password: string): Promise<false>;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const { N, r, p } = cost;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes read "scrypt$N$r$p$salt$hash", salt and hash in base64. */
export function createPasswordHasher(cost: ScryptCost = PRODUCTION_COST): PasswordHasher {
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, cost);
    return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join(
      "$",
    );
  };
  const verify = async (stored: string, password: string) => {
    const [scheme, n, r, p, salt, expectedHash] = stored.split("$");
    const storedCost = { N: Number(n), r: Number(r), p: Number(p) };
    const sane = [storedCost.N, storedCost.r, storedCost.p].every(
      (value) => Number.isInteger(value) && value > 0,
    );
    if (scheme !== "scrypt" || !salt || !expectedHash || !sane) return false;
    const expected = Buffer.from(expectedHash, "base64");
    const actual = await derive(password, Buffer.from(salt, "base64"), storedCost);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  let decoy: Promise<string> | undefined;
  return {
    hash,
    verify,
    async verifyDecoy(password) {
      decoy ??= hash(randomBytes(16).toString("hex"));
      await verify(await decoy, password);
      return false;
    },
  };
}

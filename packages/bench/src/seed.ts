/**
 * Seeded data through the public HTTP door, the way real accounts come to exist: register (which
 * hashes the password), open the verification link (the sandbox answer carries its token), and
 * log some accounts in to get session cookies.
 */
import { sessionCookieName } from "@circleplan/core/auth/sessions";
import { buildRegistration, type RegistrationData } from "@circleplan/db/testing/factories";
import { faker } from "@faker-js/faker";
import type { BenchServer } from "./bench-server";
import { mapPool } from "./map-pool";

export interface SignedInUser {
  email: string;
  sessionId: string;
  /** Ready for a Cookie header. */
  cookie: string;
}

export interface Seed {
  users: RegistrationData[];
  sessions: SignedInUser[];
}

// Registration and login run scrypt on libuv's 4-thread pool: more in flight only queues.
const SEED_CONCURRENCY = 8;

async function post(server: BenchServer, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.appUrl },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`seed: POST ${path} answered ${response.status} ${JSON.stringify(json)}`);
  return { json, response };
}

export async function seed(
  server: BenchServer,
  options: { users: number; sessions: number },
): Promise<Seed> {
  // The same accounts on every run, so runs compare.
  faker.seed(20240601);
  const started = performance.now();
  const users = Array.from({ length: options.users }, () => buildRegistration());
  await mapPool(users, SEED_CONCURRENCY, async (user) => {
    const { json } = await post(server, "/api/auth/register", user);
    const token = json.dev_verification_token;
    if (typeof token !== "string")
      throw new Error("seed: register gave no dev_verification_token (sandbox mail off?)");
    await post(server, "/api/auth/verify-email", { token });
  });
  const sessions = await mapPool(
    users.slice(0, options.sessions),
    SEED_CONCURRENCY,
    async (user) => {
      const { response } = await post(server, "/api/auth/login", {
        email: user.email,
        password: user.password,
      });
      const prefix = `${sessionCookieName(false)}=`;
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith(prefix));
      if (!cookie) throw new Error("seed: login set no session cookie");
      const pair = cookie.split(";")[0] ?? "";
      return {
        email: user.email,
        sessionId: decodeURIComponent(pair.slice(prefix.length)),
        cookie: pair,
      };
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${users.length} verified users and ${sessions.length} sessions in ${seconds} s`,
  );
  return { users, sessions };
}

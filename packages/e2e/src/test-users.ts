/**
 * People for the browser tests: the shared faker factory, accounts inserted directly through the
 * run's seeding door for tests whose subject is not registration itself, and registration
 * through the REST door for those whose subject it is.
 */
import { randomBytes } from "node:crypto";
import { buildRegistration, type RegistrationData } from "@circleplan/db/testing/factories";
import { inject } from "vitest";

export type TestUser = RegistrationData;

/** A registration's fields, and the zone the account reads its days in (UTC when left out). */
export interface NewUser extends Partial<TestUser> {
  timeZone?: string;
}

let sequence = 0;
const workerTag = randomBytes(4).toString("hex");

/** "Ada Lovelace": how screens name a person. */
export function fullName(user: Pick<TestUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`;
}

/**
 * The shared registration factory, with an email unique across runs and across the test files
 * that run at once against the run's one server (each worker counts from 1, so the worker's
 * own random tag keeps two files' users apart).
 */
export function buildUser(overrides: Partial<TestUser> = {}): TestUser {
  sequence += 1;
  return buildRegistration({
    email: `user-${Date.now()}-${workerTag}-${sequence}@example.com`,
    ...overrides,
  });
}

async function post(appUrl: string, path: string, body: unknown): Promise<Response> {
  // State-changing calls must carry the app's own Origin (api-conventions: cross-site refusal).
  return fetch(`${appUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify(body),
  });
}

/**
 * Registers an account through the API and returns it with its email verification token
 * (sandbox mode answers with it), not yet verified.
 */
export async function registerUser(
  appUrl: string,
  { timeZone, ...overrides }: NewUser = {},
): Promise<{ user: TestUser; token: string }> {
  const user = buildUser(overrides);
  // The app sends the browser's zone with the form; the REST door takes one too.
  const registered = await post(appUrl, "/api/auth/register", { ...user, timeZone });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
  const { dev_verification_token: token } = (await registered.json()) as {
    dev_verification_token?: string;
  };
  if (!token) throw new Error("register gave no dev_verification_token: is the server in sandbox?");
  return { user, token };
}

/** POSTs to the run's seeding door (server/seed-door.ts). */
async function seed<T>(path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${inject("seedUrl")}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!answer.ok)
    throw new Error(`seeding ${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * A verified account ready to sign in, inserted directly (the factory's user and personal
 * circle): for tests whose subject is not signing up. Its email is unique across the run.
 */
export async function createVerifiedUser(overrides: NewUser = {}): Promise<TestUser> {
  const { password, ...fields } = buildUser(overrides);
  // The factory's password unless the test names one: one scrypt hash serves every such user.
  return seed<TestUser>("/users", { ...fields, ...(overrides.password ? { password } : {}) });
}

/** A session cookie, as the session service mints it, for the account with `user`'s email. */
export interface SessionCookie {
  name: string;
  value: string;
}

export function sessionCookieFor(user: Pick<TestUser, "email">): Promise<SessionCookie> {
  return seed<SessionCookie>("/sessions", { email: user.email });
}
/** Asks for a fresh verification link; its token then wants a new password (decision 006). */
export async function resendVerification(appUrl: string, email: string): Promise<string> {
  const resent = await post(appUrl, "/api/auth/resend-verification", { email });
  const { dev_verification_token: token } = (await resent.json()) as {
    dev_verification_token?: string;
  };
  if (resent.status !== 200 || !token) {
    throw new Error(
      `resend-verification answered ${resent.status}${token ? "" : " without a token"}`,
    );
  }
  return token;
}

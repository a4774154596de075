/**
 * People for the browser tests: the shared faker factory and a quick way to make an account ready to log
 * in through the REST door, for tests whose subject is not registration itself.
 */
import { buildRegistration, type RegistrationData } from "@circleplan/db/testing/factories";

export type TestUser = RegistrationData;

/** A registration's fields, and the zone the account reads its days in (UTC when left out). */
export interface NewUser extends Partial<TestUser> {
  timeZone?: string;
}

let sequence = 0;

/** "Ada Lovelace": how screens name a person. */
export function fullName(user: Pick<TestUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`;
}

/** The shared registration factory, with an email unique across runs and tests of one run. */
export function buildUser(overrides: Partial<TestUser> = {}): TestUser {
  sequence += 1;
  return buildRegistration({ email: `user-${Date.now()}-${sequence}@example.com`, ...overrides });
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

/** Registers and verifies an account through the API (sandbox mode returns the token). */
export async function createVerifiedUser(
  appUrl: string,
  overrides: NewUser = {},
): Promise<TestUser> {
  const { user, token } = await registerUser(appUrl, overrides);
  const verified = await post(appUrl, "/api/auth/verify-email", { token });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
  return user;
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

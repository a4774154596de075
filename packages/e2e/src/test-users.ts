/**
 * People for the browser tests: a faker factory and a quick way to make an account ready to log
 * in through the REST door, for tests whose subject is not registration itself.
 */
import { faker } from "@faker-js/faker";

let sequence = 0;

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gender: "male" | "female";
  country: string;
  city: string;
  phoneNumber: string;
}

/** Names are letters only (the register form rejects digits and most punctuation). */
function lettersOnly(name: string, fallback: string): string {
  const cleaned = name.replace(/[^A-Za-z]/g, "");
  return cleaned || fallback;
}

export function buildUser(overrides: Partial<TestUser> = {}): TestUser {
  sequence += 1;
  return {
    // Unique across runs and across tests of one run, which share one database per file.
    email: `user-${Date.now()}-${sequence}@example.com`,
    password: `Plan-${faker.string.alphanumeric(8)}1!`,
    firstName: lettersOnly(faker.person.firstName(), "Alex"),
    lastName: lettersOnly(faker.person.lastName(), "Morgan"),
    gender: faker.helpers.arrayElement(["male", "female"] as const),
    country: "US",
    city: "Boston",
    phoneNumber: `+1 617${faker.string.numeric(7)}`,
    ...overrides,
  };
}

async function post(appUrl: string, path: string, body: unknown): Promise<Response> {
  // State-changing calls must carry the app's own Origin (api-conventions: cross-site refusal).
  return fetch(`${appUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify(body),
  });
}

/** Registers and verifies an account through the API (sandbox mode returns the token). */
export async function createVerifiedUser(
  appUrl: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = buildUser(overrides);
  const registered = await post(appUrl, "/api/auth/register", user);
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
  const { dev_verification_token: token } = (await registered.json()) as {
    dev_verification_token?: string;
  };
  if (!token) throw new Error("register gave no dev_verification_token: is the server in sandbox?");
  const verified = await post(appUrl, "/api/auth/verify-email", { token });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
  return user;
}

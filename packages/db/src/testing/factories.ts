/**
 * Faker factories for accounts: valid by default, overridable field by field. `build*` makes
 * input for a request; `create*` inserts rows directly, for tests whose subject is not sign-up.
 */
import { CIRCLE_TYPE_COLORS } from "@circleplan/shared/limits";
import { faker } from "@faker-js/faker";
import type { Executor } from "../client";
import { circleMembers, circles, users } from "../schema";

const NAME_SAFE = /^[\p{L}' -]+$/u;
const safeName = (make: () => string, fallback: string) => {
  const value = make();
  return NAME_SAFE.test(value) && value.length <= 50 ? value : fallback;
};

export interface RegistrationData {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gender: "male" | "female";
  country: string;
  city: string;
  phoneNumber: string;
}

export function buildRegistration(overrides: Partial<RegistrationData> = {}): RegistrationData {
  const firstName = safeName(() => faker.person.firstName(), "Alex");
  const lastName = safeName(() => faker.person.lastName(), "Morgan");
  return {
    email: faker.internet
      .email({ firstName, lastName, provider: "example.com" })
      .toLowerCase()
      .replace(/[^a-z0-9@._-]/g, "")
      .replace("@", `.${faker.string.alphanumeric(6).toLowerCase()}@`),
    password: `${faker.internet.password({ length: 12, memorable: false, pattern: /[a-zA-Z]/ })}7!`,
    firstName,
    lastName,
    gender: faker.helpers.arrayElement(["male", "female"] as const),
    country: "US",
    city: "New York",
    phoneNumber: `+1 ${faker.string.numeric({ length: 10, allowLeadingZeros: false })}`,
    ...overrides,
  };
}

/**
 * The password every factory user has unless a test names another. Hashed once per test file
 * (see hashOnce), so a hundred users cost one scrypt run, not a hundred.
 */
export const FACTORY_PASSWORD = "Factory#garden2024";

/** What the factories need; CoreDeps (packages/core/src/deps.ts) has all of it. */
export interface FactoryDeps {
  db: Executor;
  passwords: { hash(password: string): Promise<string> };
}

/** The session service's `create` (packages/core/src/auth/sessions.ts): the only way to mint one. */
export interface SessionStarter {
  create(
    userId: number,
    meta?: { userAgent?: string | undefined },
  ): Promise<{ sessionId: string; cookie: string }>;
}

export type UserRow = typeof users.$inferSelect;

export interface UserOverrides extends Partial<RegistrationData> {
  /** false: an account that never opened its verification link. */
  verified?: boolean;
  timeZone?: string;
}

export interface FactoryUser {
  user: UserRow;
  password: string;
}

export interface SignedInFactoryUser extends FactoryUser {
  /** The stored session id: the SHA-256 of the cookie's token. */
  sessionId: string;
  /** `name=token`, as a browser sends it in a Cookie header. */
  cookie: string;
}

// A hash stores its own cost, so one made by any test hasher verifies under every other.
const hashes = new Map<string, Promise<string>>();
function hashOnce(deps: FactoryDeps, password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = deps.passwords.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * An account as registration leaves it, inserted directly: the user row (verified unless told
 * otherwise) and its personal circle, without the register/verify round trip.
 */
export async function createUser(
  deps: FactoryDeps,
  overrides: UserOverrides = {},
): Promise<FactoryUser> {
  const { verified = true, timeZone = "UTC", ...fields } = overrides;
  const data = buildRegistration({ password: FACTORY_PASSWORD, ...fields });
  const email = data.email.trim().toLowerCase();
  const [user] = await deps.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(deps, data.password),
      firstName: data.firstName,
      lastName: data.lastName,
      username: `${email.split("@")[0]?.slice(0, 30)}-${faker.string.alphanumeric(6).toLowerCase()}`,
      gender: data.gender,
      country: data.country,
      city: data.city,
      phoneNumber: data.phoneNumber,
      timeZone,
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  const [circle] = await deps.db
    .insert(circles)
    .values({
      name: "Personal",
      type: "personal",
      color: CIRCLE_TYPE_COLORS.personal,
      creatorId: user.id,
    })
    .returning();
  if (!circle) throw new Error("circle insert returned nothing");
  await deps.db
    .insert(circleMembers)
    .values({ circleId: circle.id, userId: user.id, role: "admin" });
  return { user, password: data.password };
}

/** Another session for an existing user, through the session service (a second device). */
export async function startSession(
  sessions: SessionStarter,
  userId: number,
  meta: { userAgent?: string } = {},
): Promise<{ sessionId: string; cookie: string }> {
  const { sessionId, cookie } = await sessions.create(userId, meta);
  // The service answers a Set-Cookie value; a request carries only its first pair.
  return { sessionId, cookie: cookie.split(";")[0] as string };
}

/** A verified account with a live session: a signed-in browser without any HTTP. */
export async function createSignedInUser(
  deps: FactoryDeps & { sessions: SessionStarter },
  overrides: UserOverrides = {},
): Promise<SignedInFactoryUser> {
  const created = await createUser(deps, overrides);
  return { ...created, ...(await startSession(deps.sessions, created.user.id)) };
}

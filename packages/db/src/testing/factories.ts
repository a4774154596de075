/**
 * Faker factories for accounts: valid by default, overridable field by field. `build*` makes
 * input for a request; `create*` inserts rows directly, for tests whose subject is not sign-up.
 */

import { createHash, randomBytes } from "node:crypto";
import { CIRCLE_TYPE_COLORS, MEMBER_COLORS } from "@circleplan/shared/limits";
import { faker } from "@faker-js/faker";
import { eq } from "drizzle-orm";
import type { Executor } from "../client";
import { circleMembers, circles, invitations, planOccurrences, plans, users } from "../schema";

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

// Kept per hasher: test files share this module when the integration project runs them in
// one worker without isolation, and one file's hasher (a fake) must not answer for another's.
const hashesBy = new WeakMap<FactoryDeps["passwords"], Map<string, Promise<string>>>();
function hashOnce(deps: FactoryDeps, password: string): Promise<string> {
  let hashes = hashesBy.get(deps.passwords);
  if (!hashes) {
    hashes = new Map();
    hashesBy.set(deps.passwords, hashes);
  }
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

export type CircleRow = typeof circles.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;

/**
 * A circle created by `creatorId` (its creator and admin), with `members` added as plain
 * members and `admins` as admins. Family unless told.
 */
export async function createCircle(
  deps: Pick<FactoryDeps, "db">,
  options: {
    creatorId: number;
    members?: number[];
    admins?: number[];
    type?: "family" | "work" | "custom";
    name?: string;
    description?: string | null;
    /** When everyone joined (and the circle was made); the database's now unless told. */
    joinedAt?: Date;
  },
): Promise<CircleRow> {
  const type = options.type ?? "family";
  const [circle] = await deps.db
    .insert(circles)
    .values({
      name: options.name ?? `${faker.word.adjective()} ${type}`.slice(0, 50),
      description: options.description ?? null,
      type,
      color: CIRCLE_TYPE_COLORS[type],
      creatorId: options.creatorId,
      ...(options.joinedAt ? { createdAt: options.joinedAt, updatedAt: options.joinedAt } : {}),
    })
    .returning();
  if (!circle) throw new Error("circle insert returned nothing");
  const joining = [
    { userId: options.creatorId, role: "admin" as const },
    ...(options.admins ?? []).map((userId) => ({ userId, role: "admin" as const })),
    ...(options.members ?? []).map((userId) => ({ userId, role: "member" as const })),
  ];
  // Colours as joining one by one gives them: the palette in order.
  await deps.db.insert(circleMembers).values(
    joining.map((member, index) => ({
      ...member,
      circleId: circle.id,
      color: MEMBER_COLORS[index % MEMBER_COLORS.length]?.value,
      ...(options.joinedAt ? { createdAt: options.joinedAt } : {}),
    })),
  );
  return circle;
}

/** The personal circle every factory user has. */
export async function personalCircleOf(
  deps: Pick<FactoryDeps, "db">,
  userId: number,
): Promise<CircleRow> {
  const rows = await deps.db.select().from(circles).where(eq(circles.creatorId, userId));
  const circle = rows.find((row) => row.type === "personal");
  if (!circle) throw new Error(`user ${userId} has no personal circle`);
  return circle;
}

/**
 * An invitation inserted directly, with the token its link would carry (stored, as the product
 * stores it, only as its SHA-256). Pending and valid for 10 days unless told.
 */
export async function createInvitation(
  deps: Pick<FactoryDeps, "db">,
  options: {
    circleId: number;
    email: string;
    inviterId: number | null;
    status?: "pending" | "accepted" | "declined";
    relationship?: string | null;
    message?: string | null;
    createdAt?: Date;
    expiresAt?: Date;
  },
): Promise<{ invitation: InvitationRow; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = options.createdAt ?? new Date();
  const [invitation] = await deps.db
    .insert(invitations)
    .values({
      circleId: options.circleId,
      email: options.email.trim().toLowerCase(),
      inviterId: options.inviterId,
      status: options.status ?? "pending",
      relationship: options.relationship ?? null,
      message: options.message ?? null,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      createdAt,
      expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + 10 * 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!invitation) throw new Error("invitation insert returned nothing");
  return { invitation, token };
}

export type PlanRow = typeof plans.$inferSelect;

/**
 * A series' stored rule (`plans.recurrence`, core/plans/recurrence.ts RecurrenceRule) for the
 * factory's series: weekly on Monday, never ending, unless told.
 */
export function seriesRule(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "weekly",
    interval: 1,
    weekdaysOnly: false,
    daysOfWeek: ["monday"],
    monthlyBy: null,
    weekOfMonth: null,
    count: null,
    until: null,
    ...overrides,
  };
}

/**
 * A plan inserted directly into `circleId` by `creatorId` (who should be a member): an event
 * tomorrow at 10:00 UTC unless told, a task when `assignedTo` is set. A one-off plan gets its
 * occurrence row here. A series (`recurrence`, the stored rule of core/plans/recurrence.ts) is
 * left with no occurrence written (`expanded_until` at its start): reads answer it by expanding
 * its rule in memory, as they do for any series outside its written window, and the scheduled
 * job writes its window.
 */
export async function createPlan(
  deps: Pick<FactoryDeps, "db">,
  options: { circleId: number; creatorId: number } & Partial<Omit<typeof plans.$inferInsert, "id">>,
): Promise<PlanRow> {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  tomorrow.setUTCHours(10, 0, 0, 0);
  const allDay = options.allDay ?? false;
  const startDate = allDay ? (options.startDate ?? tomorrow.toISOString().slice(0, 10)) : null;
  const startsAt = allDay ? null : (options.startsAt ?? tomorrow);
  const [plan] = await deps.db
    .insert(plans)
    .values({
      title: `${faker.word.verb()} ${faker.word.noun()}`.slice(0, 100),
      type: options.assignedTo ? "task" : "event",
      reminderTimes: ["2 hours before", "24 hours before"],
      timeZone: "UTC",
      ...options,
      allDay,
      startsAt,
      startDate,
      expandedUntil: options.recurrence ? (startsAt ?? new Date(`${startDate}T00:00:00Z`)) : null,
    })
    .returning();
  if (!plan) throw new Error("plan insert returned nothing");
  if (!plan.recurrence) {
    await deps.db.insert(planOccurrences).values({
      planId: plan.id,
      circleId: plan.circleId,
      startsAt: plan.startsAt,
      endsAt: plan.endsAt,
      startDate: plan.startDate,
      endDate: plan.endDate,
    });
  }
  return plan;
}

/**
 * `count` plans of one circle in a statement per 500 and one for their occurrences (none for a
 * series, given a `recurrence`), titled "Plan 0", "Plan 1", ...: for a test that needs a circle
 * or a user at a bound (thousands of plans), where a statement per plan was most of its time.
 */
export async function createPlans(
  deps: Pick<FactoryDeps, "db">,
  count: number,
  fields: { circleId: number; creatorId: number; startsAt: Date } & Partial<
    Omit<typeof plans.$inferInsert, "id">
  >,
): Promise<{ id: number }[]> {
  const made: { id: number }[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
      type: "event" as const,
      title: `Plan ${i + j}`,
      ...fields,
    }));
    made.push(...(await deps.db.insert(plans).values(batch).returning({ id: plans.id })));
  }
  if (!fields.recurrence && made.length > 0) {
    const { circleId, startsAt } = fields;
    await deps.db
      .insert(planOccurrences)
      .values(made.map(({ id }) => ({ planId: id, circleId, startsAt })));
  }
  return made;
}

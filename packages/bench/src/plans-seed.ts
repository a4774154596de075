/**
 * Faker-seeded plans for the plans section: 50 users (a session each), 10 shared circles,
 * 20,000 plans of which 500 are recurring series. Users, circles and sessions come from the test
 * factories (the rows and sessions the product writes, without 50 scrypt runs). The 500 series
 * are created through the REST door (POST /api/events), so their rules, occurrences and horizons
 * are the product's; the 19,500 one-off plans are bulk inserts followed by the core's
 * writeOccurrences for each, in one transaction per batch, so their occurrence rows are the
 * product's too.
 *
 * Every user belongs to two or three circles; the first user (the "busy parent") belongs to all
 * ten, so their month holds all 500 series: the month figure is measured for them.
 */
import { writeOccurrences } from "@circleplan/core/plans/write-occurrences";
import { queryRows } from "@circleplan/db/client";
import { plans } from "@circleplan/db/schema";
import {
  createCircle,
  createSignedInUser,
  type SignedInFactoryUser,
} from "@circleplan/db/testing/factories";
import { dayIn } from "@circleplan/shared/days";
import { faker } from "@faker-js/faker";
import { sql } from "drizzle-orm";
import type { BenchServer } from "./bench-server";
import { mapPool } from "./map-pool";

export interface PlansSeedOptions {
  users: number;
  circles: number;
  plans: number;
  series: number;
}

export const PLANS_SEED_DEFAULTS: PlansSeedOptions = {
  users: 50,
  circles: 10,
  plans: 20_000,
  series: 500,
};

export interface SeededViewer {
  userId: number;
  timeZone: string;
  /** `name=token`, for a Cookie header. */
  cookie: string;
  circleIds: number[];
}

export interface PlansSeed {
  viewers: SeededViewer[];
  /** The viewer whose circles hold every series. */
  busy: SeededViewer;
  /** When the data was laid out around (the server's clock is the system's). */
  now: Date;
  counts: { plans: number; series: number; occurrences: number };
}

/** Where the users live: both sides of UTC, with and without DST. */
const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "UTC",
  "Asia/Tokyo",
  "America/Los_Angeles",
  "Australia/Sydney",
];
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
/** What a plan gets when the form sends no reminders (plans spec, section 9). */
const DEFAULT_REMINDERS = ["2 hours before", "24 hours before"];
/** One-off plans fall this many days either side of today. */
const SPREAD_DAYS = 180;
/** Rows per insert statement and per occurrence-writing transaction. */
const BATCH = 500;
/** One-off batches written at once. */
const BATCH_CONCURRENCY = 4;
/** Series created at once through the door. */
const SERIES_CONCURRENCY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const TITLES = [
  "Dentist",
  "Football practice",
  "Piano lesson",
  "Team meeting",
  "Grocery run",
  "Parents' evening",
  "Book club",
  "Swimming",
  "Vet appointment",
  "Dinner with friends",
  "Pay the bills",
  "Car service",
  "Birthday party",
  "School pickup",
  "Yoga",
];

function title(): string {
  return `${faker.helpers.arrayElement(TITLES)} ${faker.word.noun()}`.slice(0, 60);
}

/**
 * A start on a quarter hour of a day `daysFrom`…`daysTo` from today. The hour is spread over the
 * day as seen from anywhere; the zone matters to the views, not to the load.
 */
function startNear(now: Date, daysFrom: number, daysTo: number): Date {
  const day = faker.number.int({ min: daysFrom, max: daysTo });
  const quarter = faker.number.int({ min: 0, max: 95 });
  const midnightUtc = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return new Date(midnightUtc + day * DAY_MS + quarter * 15 * 60_000);
}

/**
 * The members of each circle (indices into the users): users i and i+1 (mod circles) hold
 * circle i, every third user one more, and user 0 every circle.
 */
function membership(users: number, circles: number): number[][] {
  const members = Array.from({ length: circles }, () => new Set<number>([0]));
  for (let user = 1; user < users; user++) {
    members[user % circles]?.add(user);
    members[(user + 1) % circles]?.add(user);
    if (user % 3 === 0) members[(user + 4) % circles]?.add(user);
  }
  return members.map((set) => [...set]);
}

/** The body of POST /api/events for a series: mostly weekly, as family calendars are. */
function seriesBody(circleId: number, now: Date): Record<string, unknown> {
  const kind = faker.number.float();
  const base = {
    circleId,
    title: title(),
    startTime: startNear(now, -120, 0).toISOString(),
    isRecurring: true,
  };
  if (kind < 0.75) {
    return {
      ...base,
      recurrenceType: "weekly",
      recurrenceFrequency: faker.helpers.weightedArrayElement([
        { value: 1, weight: 4 },
        { value: 2, weight: 1 },
      ]),
      recurrenceDaysOfWeek: faker.helpers.arrayElements(WEEKDAYS, { min: 1, max: 2 }),
    };
  }
  if (kind < 0.87) {
    return {
      ...base,
      recurrenceType: "monthly",
      recurrenceMonthlyBy: faker.helpers.arrayElement(["dayOfMonth", "weekdayOfMonth"]),
    };
  }
  if (kind < 0.95) {
    return {
      ...base,
      recurrenceType: "daily",
      recurrenceFrequency: faker.number.int({ min: 3, max: 7 }),
    };
  }
  return { ...base, recurrenceType: "yearly", allDay: kind < 0.98 };
}

type PlanInsert = typeof plans.$inferInsert;

function oneOffRow(
  circleId: number,
  members: number[],
  zoneOf: Map<number, string>,
  now: Date,
): PlanInsert {
  const creatorId = faker.helpers.arrayElement(members);
  const zone = zoneOf.get(creatorId) ?? "UTC";
  const others = members.filter((member) => member !== creatorId);
  const kind = faker.helpers.weightedArrayElement([
    { value: "event", weight: 7 },
    { value: "task", weight: 2 },
    { value: "todo", weight: 1 },
  ] as const);
  const type = kind === "task" && others.length === 0 ? "todo" : kind;
  const allDay = faker.number.float() < 0.1;
  const start = startNear(now, -SPREAD_DAYS, SPREAD_DAYS);
  const assignedTo = type === "task" ? faker.helpers.arrayElement(others) : null;
  const answered = assignedTo !== null && faker.number.float() < 0.6;
  const completed = type !== "event" && start < now && faker.number.float() < 0.5;
  const minutes = faker.number.int({ min: 1, max: 8 }) * 15;
  return {
    circleId,
    creatorId,
    type,
    title: title(),
    description: faker.number.float() < 0.3 ? faker.lorem.sentence() : null,
    location: faker.number.float() < 0.3 ? faker.location.streetAddress() : null,
    allDay,
    startsAt: allDay ? null : start,
    endsAt: allDay ? null : new Date(start.getTime() + minutes * 60_000),
    startDate: allDay ? dayIn(start, zone) : null,
    timeZone: zone,
    assignedTo,
    assignmentAccepted: answered ? faker.datatype.boolean({ probability: 0.8 }) : null,
    isCompleted: completed,
    completedAt: completed ? start : null,
    completedBy: completed ? creatorId : null,
    reminderTimes: [...DEFAULT_REMINDERS],
    createdAt: now,
    updatedAt: now,
  };
}

async function createSeries(server: BenchServer, cookie: string, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/events`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.appUrl, cookie },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) {
    throw new Error(`seed: POST /api/events answered ${response.status} ${await response.text()}`);
  }
}

export async function seedPlans(
  server: BenchServer,
  options: PlansSeedOptions = PLANS_SEED_DEFAULTS,
): Promise<PlansSeed> {
  const { deps } = server;
  // The same data on every run, so runs compare.
  faker.seed(20261123);
  const started = performance.now();
  const now = new Date();

  const accounts: SignedInFactoryUser[] = [];
  for (let i = 0; i < options.users; i++) {
    accounts.push(await createSignedInUser(deps, { timeZone: ZONES[i % ZONES.length] }));
  }
  const userIds = accounts.map((account) => account.user.id);
  const zoneOf = new Map(accounts.map((account) => [account.user.id, account.user.timeZone]));
  const members = membership(options.users, options.circles);
  const circleIds: number[] = [];
  for (const [index, indices] of members.entries()) {
    const creator = indices.includes(index) ? index : (indices[0] as number);
    const circle = await createCircle(deps, {
      creatorId: userIds[creator] as number,
      members: indices.filter((i) => i !== creator).map((i) => userIds[i] as number),
      type: index % 3 === 0 ? "work" : "family",
    });
    circleIds.push(circle.id);
  }

  // Bodies first, in order, so the faker stream (and so the data) does not depend on timing.
  const series = Array.from({ length: options.series }, (_, i) => {
    const circle = i % options.circles;
    const creator = faker.helpers.arrayElement(members[circle] as number[]);
    return {
      cookie: (accounts[creator] as SignedInFactoryUser).cookie,
      body: seriesBody(circleIds[circle] as number, now),
    };
  });
  await mapPool(series, SERIES_CONCURRENCY, ({ cookie, body }) =>
    createSeries(server, cookie, body),
  );
  const seriesSeconds = (performance.now() - started) / 1000;

  const oneOffs = options.plans - options.series;
  const batches: PlanInsert[][] = [];
  for (let done = 0; done < oneOffs; done += BATCH) {
    batches.push(
      Array.from({ length: Math.min(BATCH, oneOffs - done) }, () => {
        const circle = faker.number.int({ min: 0, max: options.circles - 1 });
        const ids = (members[circle] as number[]).map((i) => userIds[i] as number);
        return oneOffRow(circleIds[circle] as number, ids, zoneOf, now);
      }),
    );
  }
  // Several transactions at once: PostgreSQL runs them side by side (PGlite one after another).
  await mapPool(batches, BATCH_CONCURRENCY, (rows) =>
    deps.db.transaction(async (tx) => {
      const inserted = await tx.insert(plans).values(rows).returning();
      for (const plan of inserted) await writeOccurrences(tx, plan, now);
    }),
  );
  // Fresh statistics, as a live database has them: the planner must see 20,000 plans.
  await deps.db.execute(sql`ANALYZE`);

  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    deps.db,
    sql`SELECT count(*)::int AS count FROM plan_occurrences`,
  );
  const viewers: SeededViewer[] = accounts.map((account, index) => ({
    userId: account.user.id,
    timeZone: account.user.timeZone,
    cookie: account.cookie,
    circleIds: members.flatMap((indices, circle) =>
      indices.includes(index) ? [circleIds[circle] as number] : [],
    ),
  }));
  console.log(
    `Seeded ${options.users} users, ${options.circles} circles, ${options.plans.toLocaleString("en-US")} plans ` +
      `(${options.series} series; ${count.toLocaleString("en-US")} occurrence rows) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s (of which the series ${seriesSeconds.toFixed(1)} s)`,
  );
  return {
    viewers,
    busy: viewers[0] as SeededViewer,
    now,
    counts: { plans: options.plans, series: options.series, occurrences: count },
  };
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { createDb, migrationsFolder, queryRows } from "./client";
import { DATABASE_SETTINGS, migrateForDeploy } from "./deploy-migrations";
import { circles, sessions, users } from "./schema";
import { createUser, FACTORY_PASSWORD, startSession } from "./testing/factories";
import { endConnectionsWhileFrozen } from "./testing/frozen-process";
import { createTestDb, type TestDb } from "./testing/test-db";

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(() => handle.truncate());

// Factories need a hasher and a session service; these stand-ins are enough to test them here.
const fakeDeps = () => ({
  db: handle.db,
  passwords: { hash: async (password: string) => `fake$${password}` },
  sessions: {
    async create(userId: number) {
      const id = `s${userId}-${Math.random()}`;
      await handle.db
        .insert(sessions)
        .values({ id, userId, expiresAt: new Date(Date.now() + 1e6) });
      return { sessionId: id, cookie: `circleplan_session=token-${id}; Path=/; HttpOnly` };
    },
  },
});

describe("createDb", () => {
  it("applies every migration so the schema is queryable", async () => {
    const rows = await handle.db.select().from(users);
    expect(rows).toEqual([]);
  });

  it("starts each test file from a template that holds every migration", async () => {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: unknown[] };
    const applied = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
  });

  it("rolls a failed transaction back whole", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values({
          email: "a@example.com",
          passwordHash: "x",
          firstName: "A",
          lastName: "B",
          username: "a",
          gender: "male",
          country: "US",
          city: "New York",
          phoneNumber: "+1 2125550123",
        });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from users`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe("test database", () => {
  it("truncate empties every table and starts ids from 1 again", async () => {
    const first = await createUser(fakeDeps());
    await startSession(fakeDeps().sessions, first.user.id);
    await handle.truncate();
    for (const table of [users, circles, sessions]) {
      expect(await handle.db.select().from(table)).toEqual([]);
    }
    const again = await createUser(fakeDeps());
    expect(again.user.id).toBe(first.user.id);
  });
});

describe("factories", () => {
  it("insert a verified user with a personal circle, and a session whose cookie is a request's", async () => {
    const deps = fakeDeps();
    const { user, password } = await createUser(deps);
    expect(password).toBe(FACTORY_PASSWORD);
    expect(user.passwordHash).toBe(`fake$${FACTORY_PASSWORD}`);
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const owned = await handle.db.select().from(circles);
    expect(owned).toMatchObject([{ type: "personal", creatorId: user.id }]);
    const unverified = await createUser(deps, { verified: false, password: "Other#pass2024" });
    expect(unverified.user.emailVerifiedAt).toBeNull();
    expect(unverified.password).toBe("Other#pass2024");
    const session = await startSession(deps.sessions, user.id);
    expect(session.cookie).toMatch(/^circleplan_session=token-s\d+-[\d.]+$/);
  });
});

describe("the production driver's pool", () => {
  const adminUrl = process.env.CIRCLEPLAN_TEST_PG_URL;
  /** A pool of one connection on this file's database, so the test knows which one died. */
  async function onePool(events: string[] = []) {
    const { databaseUrl, neonWsProxy } = handle as TestDb & { databaseUrl: string };
    const pool = await createDb({
      databaseUrl,
      neonWsProxy,
      poolSize: 1,
      onConnectionEvent: (event) => events.push(event),
    });
    onTestFinished(() => pool.close());
    // Opens the connection and leaves it idle in the pool.
    await queryRows(pool.db, sql`select 1`);
    return { pool, database: new URL(databaseUrl).pathname.slice(1) };
  }

  it.runIf(adminUrl)(
    "survives the server ending an idle connection, and answers the next query",
    async () => {
      // Three connections at once, so the pool holds idle ones afterwards.
      await Promise.all([1, 2, 3].map(() => queryRows(handle.db, sql`select pg_sleep(0.05)`)));
      // Every other backend of this database: the pool's idle connections.
      await queryRows(
        handle.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const [row] = await queryRows<{ one: number }>(handle.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
    },
  );

  it.runIf(adminUrl)(
    "answers the first statement after a freeze killed its idle connection (stale connection: no 500)",
    async () => {
      const events: string[] = [];
      const { pool, database } = await onePool(events);
      expect(endConnectionsWhileFrozen(adminUrl as string, database)).toBeGreaterThan(0);
      const [row] = await queryRows<{ one: number }>(pool.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
      expect(events).toEqual(["db.statement_retried"]);
    },
  );

  it.runIf(adminUrl)(
    "runs a transaction whose connection proved dead at begin once, on a fresh connection",
    async () => {
      const { pool, database } = await onePool();
      endConnectionsWhileFrozen(adminUrl as string, database);
      let runs = 0;
      await pool.db.transaction(async (tx) => {
        runs++;
        await tx.insert(users).values(userRow("begin@example.com"));
      });
      expect(runs).toBe(1);
      expect(await handle.db.select({ email: users.email }).from(users)).toEqual([
        { email: "begin@example.com" },
      ]);
    },
  );

  it.runIf(adminUrl)(
    "never retries a transaction that lost its connection half-way: it fails, and nothing of it stays",
    async () => {
      const { pool, database } = await onePool();
      let runs = 0;
      await expect(
        pool.db.transaction(async (tx) => {
          runs++;
          await tx.insert(users).values(userRow("half@example.com"));
          endConnectionsWhileFrozen(adminUrl as string, database);
          await tx.insert(users).values(userRow("other-half@example.com"));
        }),
      ).rejects.toThrow();
      expect(runs).toBe(1);
      expect(await handle.db.select().from(users)).toEqual([]);
      // The pool goes on with a fresh connection.
      const [row] = await queryRows<{ one: number }>(pool.db, sql`select 1 as one`);
      expect(row?.one).toBe(1);
    },
  );
});

describe("the deploy's migration step", () => {
  const adminUrl = process.env.CIRCLEPLAN_TEST_PG_URL;
  it.runIf(adminUrl)(
    "migrates through the direct URL and gives every later session a statement timeout (no statement holds a connection for ever)",
    async () => {
      const { neonWsProxy } = handle as TestDb & { neonWsProxy: string };
      const name = `circleplan_deploy_${process.pid}_${Date.now()}`;
      const admin = await createDb({ databaseUrl: adminUrl, neonWsProxy });
      await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      try {
        await migrateForDeploy({ databaseUrl: url.toString(), neonWsProxy });
        const app = await createDb({ databaseUrl: url.toString(), neonWsProxy });
        try {
          const settings = await queryRows<{ statement: string; idle: string; users: number }>(
            app.db,
            sql`select current_setting('statement_timeout') as statement,
                       current_setting('idle_in_transaction_session_timeout') as idle,
                       (select count(*)::int from users) as users`,
          );
          expect(settings).toEqual([
            {
              statement: DATABASE_SETTINGS.statement_timeout,
              idle: DATABASE_SETTINGS.idle_in_transaction_session_timeout,
              users: 0,
            },
          ]);
        } finally {
          await app.close();
        }
      } finally {
        await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        await admin.close();
      }
    },
  );
});

function userRow(email: string) {
  return {
    email,
    passwordHash: "x",
    firstName: "A",
    lastName: "B",
    username: email.split("@")[0] as string,
    gender: "male" as const,
    country: "US",
    city: "New York",
    phoneNumber: "+1 2125550123",
  };
}

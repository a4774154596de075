/**
 * The embedded store on its own thread (pglite-thread.ts), as the local server opens it: a data
 * folder on disk through createDb. Only this file tests it directly; every browser test runs the
 * real server on it. (In-memory test databases stay on the test's thread.)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, planOnce, queryRows } from "./client";
import { users } from "./schema";

const onPostgres = Boolean(process.env.CIRCLEPLAN_TEST_PG_URL);

const person = (name: string) => ({
  email: `${name}@example.com`,
  passwordHash: "x",
  firstName: name,
  lastName: "Test",
  username: name,
  gender: "female" as const,
  country: "NZ",
  city: "Auckland",
  phoneNumber: "+64 21 000 000",
});

describe.skipIf(onPostgres)("the embedded store on its own thread", () => {
  let folder: string;
  let handle: DbHandle;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "circleplan-thread-"));
    handle = await createDb({ dataDir: folder });
  });
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("is migrated, and answers drizzle's reads with its own types (dates as Date)", async () => {
    const [made] = await handle.db.insert(users).values(person("ada")).returning();
    expect(made?.createdAt).toBeInstanceOf(Date);
    const [read] = await handle.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(read?.createdAt.getTime()).toBe(made?.createdAt.getTime());
    expect(read?.firstName).toBe("ada");
  });

  it("passes Postgres' error fields across (a unique violation is 23505)", async () => {
    const error = await handle.db
      .insert(users)
      .values(person("ada"))
      .then(() => null)
      .catch((caught: unknown) => caught as { cause?: { code?: string; constraint?: string } });
    expect(error?.cause?.code).toBe("23505");
    expect(error?.cause?.constraint).toMatch(/email|username/);
  });

  it("rolls a failed transaction back whole, and a failed savepoint alone", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values(person("bo"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values(person("cy"));
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values(person("di"));
          throw new Error("inner only");
        })
        .catch(() => {});
    });
    const names = await queryRows<{ first_name: string }>(
      handle.db,
      sql`select first_name from users order by first_name`,
    );
    expect(names.map((row) => row.first_name)).toEqual(["ada", "cy"]);
  });

  it("queues other queries behind an open transaction, which they then see committed", async () => {
    let outsideDone = false;
    const inside = handle.db.transaction(async (tx) => {
      await tx.insert(users).values(person("ed"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
    });
    const outside = queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from users where first_name = 'ed'`,
    ).then((rows) => {
      outsideDone = true;
      return rows[0]?.n;
    });
    await inside;
    expect(await outside).toBe(1);
  });

  it("runs a statement prepared once with new values each time, typed as PGlite types them", async () => {
    const read = (id: number, at: Date) =>
      queryRows<{ id: number; at: string; tags: string[] }>(
        handle.db,
        sql`select ${id}::int + 1 as id, ${at.toISOString()}::timestamptz as at, array['a', 'b'] as tags`,
      );
    const first = new Date("2026-03-29T00:30:00Z");
    expect(await read(1, first)).toEqual([
      { id: 2, at: "2026-03-29 00:30:00+00", tags: ["a", "b"] },
    ]);
    expect((await read(41, new Date("2026-10-25T01:00:00Z")))[0]?.id).toBe(42);
    const [held] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like ${"select $1::int + 1 as id%"}`,
    );
    expect(held?.n).toBe(1);
    const mode = async (marked: boolean) => {
      const [row] = await queryRows<{ plan_cache_mode: string }>(
        handle.db,
        sql`${marked ? planOnce : sql``}show plan_cache_mode`,
      );
      return row?.plan_cache_mode;
    };
    // A statement marked to be planned once runs with generic plans, every other in "auto".
    expect(await mode(true)).toBe("force_generic_plan");
    expect(await mode(false)).toBe("auto");
    expect(await mode(true)).toBe("force_generic_plan");
  });

  it("answers the next query after a failed one (bad value, bad statement)", async () => {
    const asNumber = (value: string) =>
      queryRows<{ n: number }>(handle.db, sql`select ${value}::int as n`);
    await expect(asNumber("seven")).rejects.toMatchObject({ cause: { code: "22P02" } });
    expect(await asNumber("7")).toEqual([{ n: 7 }]);
    await expect(queryRows(handle.db, sql`select from from`)).rejects.toMatchObject({
      cause: { code: "42601" },
    });
    expect(await asNumber("8")).toEqual([{ n: 8 }]);
  });

  it("prepares a statement again when a table it reads changes", async () => {
    await handle.db.execute(sql`create table changing (a int)`);
    await handle.db.execute(sql`insert into changing values (1)`);
    const all = () => queryRows<Record<string, number>>(handle.db, sql`select * from changing`);
    expect(await all()).toEqual([{ a: 1 }]);
    await handle.db.execute(sql`alter table changing add column b int default 2`);
    expect(await all()).toEqual([{ a: 1, b: 2 }]);
    await handle.db.execute(sql`drop table changing`);
  });

  it("keeps a bounded number of prepared statements, however many texts it sees", async () => {
    for (let i = 0; i < 300; i++) {
      const rows = await queryRows<{ n: number }>(handle.db, sql.raw(`select ${i} as n`));
      expect(rows[0]?.n).toBe(i);
    }
    const [held] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_prepared_statements`,
    );
    expect(held?.n).toBeGreaterThan(200);
    expect(held?.n).toBeLessThanOrEqual(256);
    expect(await queryRows(handle.db, sql.raw("select 0 as n"))).toEqual([{ n: 0 }]);
  });

  it("keeps what it wrote when the folder is opened again", async () => {
    await handle.close();
    handle = await createDb({ dataDir: folder });
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from users`,
    );
    expect(rows[0]?.n).toBe(3);
  });
});

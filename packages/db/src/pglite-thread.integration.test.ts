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
import { createDb, type DbHandle, queryRows } from "./client";
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

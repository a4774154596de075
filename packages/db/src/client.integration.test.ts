import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "./client";
import { users } from "./schema";
import { createTestDb, type TestDb } from "./testing/test-db";

let handle: TestDb;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe("createDb", () => {
  it("applies every migration so the schema is queryable", async () => {
    const rows = await handle.db.select().from(users);
    expect(rows).toEqual([]);
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

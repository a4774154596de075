import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with scrypt and a fresh salt, and verifies only the right password", async () => {
    const first = await hashPassword("Sunny#day2024");
    const second = await hashPassword("Sunny#day2024");
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "Sunny#day2024")).toBe(true);
    expect(await verifyPassword(first, "Sunny#day2025")).toBe(false);
    expect(await verifyPassword("garbage", "Sunny#day2024")).toBe(false);
  });
});

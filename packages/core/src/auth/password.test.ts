import { describe, expect, it } from "vitest";
import { createPasswordHasher, PRODUCTION_COST, TEST_COST } from "./password";

describe("password hashing", () => {
  it("hashes at the production cost with a fresh salt, and verifies only the right password", async () => {
    const hasher = createPasswordHasher();
    const first = await hasher.hash("Sunny#day2024");
    const second = await hasher.hash("Sunny#day2024");
    expect(first).toMatch(
      new RegExp(`^scrypt\\$${PRODUCTION_COST.N}\\$${PRODUCTION_COST.r}\\$${PRODUCTION_COST.p}\\$`),
    );
    expect(first).not.toBe(second);
    expect(await hasher.verify(first, "Sunny#day2024")).toBe(true);
    expect(await hasher.verify(first, "Sunny#day2025")).toBe(false);
    expect(await hasher.verifyDecoy("Sunny#day2024")).toBe(false);
  });

  it("verifies a hash made at another cost, so the cost can change later", async () => {
    const cheap = await createPasswordHasher(TEST_COST).hash("Sunny#day2024");
    expect(await createPasswordHasher().verify(cheap, "Sunny#day2024")).toBe(true);
  });

  it("refuses malformed hashes without throwing", async () => {
    const hasher = createPasswordHasher(TEST_COST);
    for (const stored of ["garbage", "scrypt$x$8$1$c2FsdA==$aGFzaA==", "scrypt$1024$8$1$$"]) {
      expect(await hasher.verify(stored, "Sunny#day2024"), stored).toBe(false);
    }
  });
});

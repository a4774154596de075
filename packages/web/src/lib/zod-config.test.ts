import { describe, expect, it, vi } from "vitest";

describe("zod configuration without downloading zod", () => {
  it("turns off zod's compiled parsers, whose `new Function` probe the CSP reports on every form", async () => {
    vi.resetModules();
    await import("./zod-config");
    const { config } = await import("zod/v4/core");
    expect(config().jitless).toBe(true);
  });
});

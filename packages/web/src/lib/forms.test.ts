import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver } from "./forms";

describe("lazyResolver", () => {
  it("tries the schema's download again after a failed one, rather than failing every check", async () => {
    const checked: Resolver<{ email: string }> = async (values) => ({ values, errors: {} });
    const load = vi
      .fn<() => Promise<Resolver<{ email: string }>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(checked);
    const resolver = lazyResolver(load);
    const values = { email: "ada@example.com" };
    const options = { fields: {}, shouldUseNativeValidation: false };
    await expect(resolver(values, undefined, options)).rejects.toThrow("offline");
    await expect(resolver(values, undefined, options)).resolves.toEqual({ values, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

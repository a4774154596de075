import { planListOutput } from "@circleplan/shared/plan-outputs";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { proceduresOf } from "./rest";
import { appRouter } from "./root";
import { SYNC_PARSED, syncParsed } from "./trpc";

describe("syncParsed", () => {
  it("is how every procedure's answer is checked", () => {
    const skipped = proceduresOf(appRouter)
      .filter(([, def]) => !(def.output as Record<symbol, unknown> | undefined)?.[SYNC_PARSED])
      .map(([path]) => path);
    expect(skipped).toEqual([]);
  });

  it("still refuses an answer of the wrong shape, and strips what the schema does not name", async () => {
    const schema = syncParsed(z.object({ id: z.number(), at: z.date() }));
    await expect(schema.parseAsync({ id: "1", at: new Date() })).rejects.toBeInstanceOf(z.ZodError);
    const at = new Date();
    await expect(schema.parseAsync({ id: 1, at, passwordHash: "x" })).resolves.toStrictEqual({
      id: 1,
      at,
    });
  });

  it("answers as the schema it copies", async () => {
    const plans = syncParsed(planListOutput);
    await expect(plans.parseAsync([])).resolves.toEqual([]);
    expect(z.toJSONSchema(plans, { unrepresentable: "any" })).toEqual(
      z.toJSONSchema(planListOutput, { unrepresentable: "any" }),
    );
  });
});

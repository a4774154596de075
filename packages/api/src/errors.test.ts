/**
 * The one error formatter of both doors: what a thrown error becomes (api-conventions.md,
 * Errors). Database failures the client can do something about are not the server's fault.
 */
import { AppError } from "@circleplan/core/errors";
import { messages } from "@circleplan/shared/messages";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { describeError } from "./errors";

/** A database error as drizzle hands it on: its own error, the driver's as the cause. */
function queryFailed(code: string) {
  const driverError = Object.assign(new Error("driver"), { code });
  return new Error('Failed query: update "plans" set ...', { cause: driverError });
}

describe("describeError", () => {
  it.each([
    ["a deadlock the database broke (40P01)", "40P01"],
    ["a serialization failure (40001)", "40001"],
  ])("answers %s as a 409 to try again, not a 500, and never with its SQL", (_, code) => {
    for (const thrown of [
      queryFailed(code),
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: queryFailed(code) }),
    ]) {
      expect(describeError(thrown)).toEqual({
        status: 409,
        body: { message: messages.concurrentChange, code: "CONFLICT" },
      });
    }
  });

  it("answers any other database failure as the product's 500", () => {
    expect(describeError(queryFailed("57014"))).toEqual({
      status: 500,
      body: { message: messages.internal, code: "INTERNAL" },
    });
  });

  it("answers the product's own refusals with their status and words", () => {
    const refusal = new AppError("FORBIDDEN", messages.planDeleteNotAllowed);
    expect(describeError(refusal)).toMatchObject({
      status: 403,
      body: { message: messages.planDeleteNotAllowed, code: "FORBIDDEN" },
    });
  });
});

import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { NO_ANSWER_MESSAGE, serverMessage } from "./errors";

/** A tRPC error as the client builds it from a server answer carrying the formatter's data. */
function answered(message: string) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } } },
  });
}

describe("serverMessage", () => {
  it("passes on what the server said", () => {
    expect(serverMessage(answered("Invalid email or password"), "fallback")).toBe(
      "Invalid email or password",
    );
  });

  it("uses the caller's fallback when the server said nothing", () => {
    expect(serverMessage(answered("  "), "Invalid email or password")).toBe(
      "Invalid email or password",
    );
  });

  it("says the server was not reached when no answer came back", () => {
    const offline = new TRPCClientError("Failed to fetch", { cause: new TypeError("fetch") });
    expect(serverMessage(offline, "Invalid email or password")).toBe(NO_ANSWER_MESSAGE);
  });

  it("keeps the fallback for a failure that is not a call at all", () => {
    expect(serverMessage(new Error("boom"), "Failed to update profile")).toBe(
      "Failed to update profile",
    );
  });
});

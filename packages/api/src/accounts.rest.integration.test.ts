/**
 * The account paths of spec section 7 over real HTTP, for what the new-family tour found
 * (issue 21, docs/decisions/021): a typed city registers, and `PATCH /api/user` takes any part
 * of the profile. The rules themselves are tested in-process (auth, user .integration tests).
 */
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

describe("POST /api/auth/register", () => {
  it("registers a city the US list does not hold (Portland), and refuses a city past the bounds", async () => {
    const client = server().client();
    const portland = await client.post(
      "/api/auth/register",
      buildRegistration({ country: "US", city: "Portland" }),
    );
    expect(portland.status).toBe(201);
    expect(portland.body.user).toMatchObject({ country: "US", city: "Portland" });

    const tooLong = await client.post(
      "/api/auth/register",
      buildRegistration({ city: "P".repeat(101) }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toContainEqual({ path: "city", message: messages.cityTooLong });
    const control = await client.post(
      "/api/auth/register",
      buildRegistration({ city: "Port\u0000land" }),
    );
    expect(control.status).toBe(400);
    expect(control.body.issues).toContainEqual({ path: "city", message: messages.invalidText });
  });
});

describe("POST /api/auth/verify-email", () => {
  it("answers a link opened again with 200 and says the email is already verified (was 400 invalid)", async () => {
    const client = server().client();
    const registered = await client.post("/api/auth/register", buildRegistration());
    const token = registered.body.dev_verification_token as string;
    const first = await client.post("/api/auth/verify-email", { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: messages.emailVerified, alreadyVerified: false });

    const again = await server().client().post("/api/auth/verify-email", { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: messages.emailAlreadyVerified, alreadyVerified: true });
    const unknown = await client.post("/api/auth/verify-email", { token: "not-a-token" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(messages.verificationInvalid);
  });
});

describe("PATCH /api/user", () => {
  it("changes only the time zone when that is all it is sent (was 400 for missing names)", async () => {
    const { client, user } = await signedInClient(server());
    const res = await client.patch("/api/user", { timeZone: "America/Los_Angeles" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      timeZone: "America/Los_Angeles",
    });
  });

  it("refuses an empty body, or none, with the product's message", async () => {
    const { client } = await signedInClient(server());
    for (const body of [{}, undefined]) {
      const res = await client.patch("/api/user", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "VALIDATION_FAILED",
        message: messages.nothingToUpdate,
      });
    }
  });
});

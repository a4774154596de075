/**
 * The user's time zone: taken at registration (the browser's), editable on the profile,
 * validated as an IANA name, UTC for a client that sends the spec's payload without one.
 */
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { signIn } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

async function registered(timeZone?: string) {
  const client = server().client();
  const data = buildRegistration();
  const res = await client.post("/api/auth/register", timeZone ? { ...data, timeZone } : data);
  return { client, data, res };
}

describe("time zone", () => {
  it("keeps the zone sent at registration, and UTC when none is sent", async () => {
    const berlin = await registered("Europe/Berlin");
    expect(berlin.res.status).toBe(201);
    expect((berlin.res.body.user as { timeZone: string }).timeZone).toBe("Europe/Berlin");
    const plain = await registered();
    expect((plain.res.body.user as { timeZone: string }).timeZone).toBe("UTC");
  });

  it("refuses a name that is not a time zone", async () => {
    for (const zone of ["Mars/Olympus", "x".repeat(65), " "]) {
      const { res } = await registered(zone);
      expect(res.status, zone).toBe(400);
      expect(res.body.issues).toContainEqual({
        path: "timeZone",
        message: messages.timeZoneInvalid,
      });
    }
    const { res } = await registered("Europe/Berlin\u0000");
    expect(res.body.issues).toContainEqual({ path: "timeZone", message: messages.invalidText });
  });

  it("changes on the profile and leaves it as it was when not sent", async () => {
    const { client, data, res } = await registered("America/New_York");
    await client.post("/api/auth/verify-email", { token: res.body.dev_verification_token });
    await signIn(client, data);
    const names = { firstName: data.firstName, lastName: data.lastName, email: data.email };
    const moved = await client.patch("/api/user", { ...names, timeZone: "Asia/Tokyo" });
    expect(moved.body.timeZone).toBe("Asia/Tokyo");
    const untouched = await client.patch("/api/user", names);
    expect(untouched.body.timeZone).toBe("Asia/Tokyo");
    const bad = await client.patch("/api/user", { ...names, timeZone: "Nowhere/Special" });
    expect(bad.status).toBe(400);
  });
});

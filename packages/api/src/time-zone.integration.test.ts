/**
 * The user's time zone: taken at registration (the browser's), editable on the profile,
 * validated as an IANA name, UTC for a client that sends the spec's payload without one.
 * Called in-process through createCaller: the rule is the procedures', not the doors'.
 */
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const register = (timeZone?: string) => {
  const data = buildRegistration();
  return callerFor(harness()).trpc.auth.register(timeZone ? { ...data, timeZone } : data);
};

describe("time zone", () => {
  it("keeps the zone sent at registration, and UTC when none is sent", async () => {
    const berlin = await register("Europe/Berlin");
    expect(berlin.message).toBe(messages.registered);
    expect(berlin.user.timeZone).toBe("Europe/Berlin");
    const plain = await register();
    expect(plain.user.timeZone).toBe("UTC");
  });

  it("refuses a name that is not a time zone", async () => {
    for (const zone of ["Mars/Olympus", "x".repeat(65), " "]) {
      const res = await refusal(register(zone));
      expect(res.status, zone).toBe(400);
      expect(res.body.issues).toContainEqual({
        path: "timeZone",
        message: messages.timeZoneInvalid,
      });
    }
    const res = await refusal(register("Europe/Berlin\u0000"));
    expect(res.body.issues).toContainEqual({ path: "timeZone", message: messages.invalidText });
  });

  it("changes on the profile and leaves it as it was when not sent", async () => {
    const alice = await signedInCaller(harness(), { user: { timeZone: "America/New_York" } });
    const { firstName, lastName, email } = alice.user;
    const names = { firstName, lastName, email };
    const moved = await alice.trpc.user.update({ ...names, timeZone: "Asia/Tokyo" });
    expect(moved.timeZone).toBe("Asia/Tokyo");
    const untouched = await alice.trpc.user.update(names);
    expect(untouched.timeZone).toBe("Asia/Tokyo");
    const bad = await refusal(alice.trpc.user.update({ ...names, timeZone: "Nowhere/Special" }));
    expect(bad.status).toBe(400);
  });
});

/**
 * Registering from a link (an invitation opened signed out): the verification mail's link
 * carries the page to return to after signing in, and only ever a path of this site.
 */
import { mailOutbox, users } from "@circleplan/db/schema";
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { callerFor, refusal } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** The verification link of the only mail sent, as the recipient would open it. */
async function mailedLink(): Promise<URL> {
  const [mail] = await harness().db.db.select().from(mailOutbox);
  const link = mail?.text.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
  if (!link) throw new Error("no verification link in the mail");
  return new URL(link);
}

describe("auth.register with returnTo", () => {
  it("puts the page to return to in the verification link, which still verifies", async () => {
    const anon = callerFor(harness());
    const registered = await anon.trpc.auth.register({
      ...buildRegistration(),
      returnTo: "/invitations/abc_DEF-123",
    });

    const link = await mailedLink();
    expect(link.pathname).toBe("/verify-email");
    expect(link.searchParams.get("returnTo")).toBe("/invitations/abc_DEF-123");
    expect(link.searchParams.get("token")).toBe(registered.dev_verification_token);
    const verified = await anon.trpc.auth.verifyEmail({
      token: link.searchParams.get("token") ?? "",
    });
    expect(verified.message).toBe(messages.emailVerified);
  });

  it("leaves the link as it was without one", async () => {
    await callerFor(harness()).trpc.auth.register(buildRegistration());
    const link = await mailedLink();
    expect([...link.searchParams.keys()]).toEqual(["token"]);
  });

  it.each([
    "https://evil.example/invitations/x",
    "//evil.example/invitations/x",
    "/\\evil.example",
    "invitations/x",
    `/${"a".repeat(500)}`,
  ])("refuses %j with 400 and stores nothing", async (returnTo) => {
    const res = await refusal(
      callerFor(harness()).trpc.auth.register({ ...buildRegistration(), returnTo }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.issues).toContainEqual({
      path: "returnTo",
      message: messages.malformedRequest,
    });
    expect(await harness().db.db.select().from(users)).toHaveLength(0);
    expect(await harness().db.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

/**
 * The account-security rules of docs/decisions/006-account-security.md, called in-process
 * through createCaller: each test names the attack it stops. Those that live in the HTTP doors
 * (client addresses, malformed cookies, body limits, headers) are in app.integration.test.ts.
 */
import { createHash } from "node:crypto";
import { mailOutbox, passwordResetCodes, sessions } from "@circleplan/db/schema";
import { buildRegistration, createUser } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("sessions", () => {
  it("stores only a hash of the cookie's token", async () => {
    const { user, password } = await createUser(harness().deps);
    const browser = callerFor(harness());
    await browser.trpc.auth.login({ email: user.email, password });
    const token = (browser.cookie as string).split("=")[1] as string;
    const rows = await harness().db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("ends a session 90 days after sign-in, however active", async () => {
    const alice = await signedInCaller(harness());
    await harness()
      .db.db.update(sessions)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(sessions.userId, alice.user.id));
    const me = await refusal(alice.trpc.auth.user());
    expect(me.status).toBe(401);
    expect(alice.cookie).toBeNull();
  });
});

describe("password policy", () => {
  it("refuses the most common passwords at registration too", async () => {
    const res = await refusal(
      callerFor(harness()).trpc.auth.register(buildRegistration({ password: "Qwerty12345!" })),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: "password",
      message: messages.passwordTooCommon,
    });
  });
});

describe("sign-in backoff", () => {
  const wrong = (ip: string, email: string) =>
    refusal(callerFor(harness(), { ip }).trpc.auth.login({ email, password: "Wrong#pass123" }));
  const signIn = (ip: string, account: { user: { email: string }; password: string }) =>
    callerFor(harness(), { ip }).trpc.auth.login({
      email: account.user.email,
      password: account.password,
    });

  it("slows one account from one address after five failures, doubling, and a success clears it", async () => {
    const account = await createUser(harness().deps);
    const { email } = account.user;
    for (let i = 0; i < 5; i++) expect((await wrong("10.9.0.1", email)).status).toBe(401);
    const blocked = await wrong("10.9.0.1", email);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe(1);
    harness().clock.advance(1000);
    expect((await wrong("10.9.0.1", email)).status).toBe(401);
    expect((await wrong("10.9.0.1", email)).retryAfter).toBe(2);
    harness().clock.advance(2000);
    expect((await signIn("10.9.0.1", account)).id).toBe(account.user.id);
    expect((await wrong("10.9.0.1", email)).status).toBe(401);
  });

  it("never locks the owner out from elsewhere", async () => {
    const account = await createUser(harness().deps);
    for (let i = 0; i < 12; i++) await wrong("10.66.6.6", account.user.email);
    expect((await wrong("10.66.6.6", account.user.email)).status).toBe(429);
    expect((await signIn("10.1.2.3", account)).id).toBe(account.user.id);
  });
});

describe("reset codes", () => {
  it("stores codes under a keyed hash, and caps wrong guesses per account across codes", async () => {
    const { user } = await createUser(harness().deps);
    const ask = () => callerFor(harness()).trpc.auth.forgotPassword({ email: user.email });
    const guess = (otp: string) =>
      callerFor(harness()).trpc.auth.resetPassword({
        email: user.email,
        otp,
        newPassword: "Reset#later2025",
      });

    const code = (await ask()).dev_otp as string;
    const [row] = await harness().db.db.select().from(passwordResetCodes);
    expect(row?.codeHash).not.toBe(sha256(code));
    expect(row?.codeHash).not.toContain(code);

    const wrongCode = (c: string) => String((Number(c) + 1) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 2; round++) {
      const current = round === 0 ? code : ((await ask()).dev_otp as string);
      for (let i = 0; i < 5; i++) {
        expect((await refusal(guess(wrongCode(current)))).status).toBe(400);
      }
    }
    // Ten wrong guesses today: even the right code of a new request is refused.
    const late = (await ask()).dev_otp;
    expect(late).toBeUndefined();
    expect((await refusal(guess(code))).status).toBe(400);
    harness().clock.advance(24 * 60 * 60 * 1000 + 1000);
    const next = (await ask()).dev_otp as string;
    expect((await guess(next)).message).toBe(messages.passwordReset);
  });
});

describe("hostile input", () => {
  it("answers the product's message to control characters and overlong strings, storing nothing", async () => {
    const anon = callerFor(harness());
    const procedures = {
      login: anon.trpc.auth.login,
      forgotPassword: anon.trpc.auth.forgotPassword,
      register: anon.trpc.auth.register,
    };
    for (const email of ["a\u0000@example.com", `${"a".repeat(3000)}@example.com`]) {
      for (const [name, call] of Object.entries(procedures)) {
        const res = await refusal(call({ ...buildRegistration(), email }));
        expect(res.status, `${name} ${email.slice(0, 10)}`).toBe(400);
        expect(res.body.code).toBe("VALIDATION_FAILED");
      }
    }
    expect(await harness().db.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe("security events", () => {
  it("logs sign-ins and resets as JSON lines with request id and address, never a secret", async () => {
    const browser = callerFor(harness(), { ip: "192.0.2.44" });
    const data = buildRegistration();
    const { dev_verification_token } = await browser.trpc.auth.register(data);
    await browser.trpc.auth.verifyEmail({ token: dev_verification_token as string });
    await refusal(browser.trpc.auth.login({ email: data.email, password: "Wrong#pass123" }));
    await browser.trpc.auth.login({ email: data.email, password: data.password });
    const otp = (await browser.trpc.auth.forgotPassword({ email: data.email })).dev_otp as string;
    await browser.trpc.auth.resetPassword({
      email: data.email,
      otp,
      newPassword: "Reset#secret2025",
    });
    const events = harness().logs.filter((line) => line.kind === "security");
    expect(events.map((line) => line.event)).toEqual([
      "email.verified",
      "login.failed",
      "login.succeeded",
      "password.reset_requested",
      "password.reset_used",
    ]);
    for (const line of events) {
      expect(line).toMatchObject({ ip: "192.0.2.44" });
      expect(typeof line.requestId).toBe("string");
    }
    expect(events.at(-1)?.requestId).toBe(browser.lastRequestId);
    const text = JSON.stringify(harness().logs);
    for (const secret of [data.password, "Reset#secret2025", otp, "scrypt$", "Wrong#pass123"]) {
      expect(text).not.toContain(secret);
    }
  });
});

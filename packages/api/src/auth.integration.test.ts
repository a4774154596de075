/**
 * Every auth path of the REST door over real HTTP, with the status codes, messages and rules of
 * api-conventions.md.
 */
import {
  circleMembers,
  circles,
  mailOutbox,
  passwordResetCodes,
  sessions,
  users,
} from "@circleplan/db/schema";
import { buildRegistration } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type TestClient, useTestServer } from "./testing/test-server";

const testServer = useTestServer();

async function registerAndVerify(client: TestClient, overrides = {}) {
  const data = buildRegistration(overrides);
  const registered = await client.post("/api/auth/register", data);
  expect(registered.status).toBe(201);
  const verified = await client.post("/api/auth/verify-email", {
    token: registered.body.dev_verification_token,
  });
  expect(verified.status).toBe(200);
  return data;
}

async function signedIn(overrides = {}) {
  const client = testServer().client();
  const data = await registerAndVerify(client, overrides);
  const login = await client.post("/api/auth/login", {
    email: data.email,
    password: data.password,
  });
  expect(login.status).toBe(200);
  return { client, data, user: login.body as { id: number; email: string } };
}

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const word of [
    "passwordHash",
    "password_hash",
    "scrypt$",
    "tokenHash",
    "codeHash",
    "stack",
  ]) {
    expect(text).not.toContain(word);
  }
}

describe("POST /api/auth/register", () => {
  it("creates an unverified user, a personal circle and a verification mail", async () => {
    const client = testServer().client();
    const data = buildRegistration();
    const res = await client.post("/api/auth/register", data);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.registered);
    expect(res.body.user).toMatchObject({
      email: data.email,
      firstName: data.firstName,
      emailVerified: false,
    });
    expect(typeof res.body.dev_verification_token).toBe("string");
    expect((res.body.dev_verification_token as string).length).toBeGreaterThanOrEqual(22);
    expectNoSecrets(res.body);

    const [user] = await testServer().db.db.select().from(users).where(eq(users.email, data.email));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash.startsWith("scrypt$")).toBe(true);
    const personal = await testServer()
      .db.db.select()
      .from(circles)
      .where(eq(circles.creatorId, user?.id ?? 0));
    expect(personal.map((c) => c.type)).toEqual(["personal"]);
    const members = await testServer()
      .db.db.select()
      .from(circleMembers)
      .where(eq(circleMembers.circleId, personal[0]?.id ?? 0));
    expect(members).toHaveLength(1);
    expect(members[0]?.role).toBe("admin");

    const mail = await testServer().db.db.select().from(mailOutbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(data.email);
    expect(mail[0]?.subject).toBe("Verify your email for Circleplan");
    expect(mail[0]?.text).toContain(`${testServer().url}/verify-email?token=`);
    expect(mail[0]?.html).toContain(`${testServer().url}/verify-email?token=`);
    expect(mail[0]?.text).toContain(res.body.dev_verification_token as string);
  });

  it("answers 409 for an email that exists, whatever its case, and stores nothing", async () => {
    const client = testServer().client();
    const data = buildRegistration();
    expect((await client.post("/api/auth/register", data)).status).toBe(201);
    const again = await client.post("/api/auth/register", {
      ...buildRegistration(),
      email: data.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.emailAlreadyRegistered, code: "CONFLICT" });
    expect(await testServer().db.db.select().from(users)).toHaveLength(1);
    expect(await testServer().db.db.select().from(circles)).toHaveLength(1);
  });

  it.each([
    [{ email: "a@b" }, "email", messages.emailTooShort],
    [{ email: "abc@example" }, "email", messages.emailInvalid],
    [{ email: "a@@example.com" }, "email", messages.emailInvalid],
    [{ email: `${"a".repeat(95)}@example.com` }, "email", messages.emailTooLong],
    [{ password: "short1!" }, "password", messages.passwordTooShort],
    [{ password: "longenough!!" }, "password", messages.passwordNeedsNumber],
    [{ password: "longenough12" }, "password", messages.passwordNeedsSpecial],
    [{ firstName: "" }, "firstName", messages.firstNameRequired],
    [{ lastName: "   " }, "lastName", messages.lastNameRequired],
    [{ firstName: "R2-D2" }, "firstName", messages.firstNameChars],
    [{ lastName: "x".repeat(51) }, "lastName", messages.lastNameTooLong],
    [{ gender: "other" }, "gender", messages.genderRequired],
    [{ country: "" }, "country", messages.countryRequired],
    [{ city: "Paris" }, "city", messages.cityUnknown],
    [{ phoneNumber: "+1 212555" }, "phoneNumber", "Phone number must be 10 digits"],
    [
      { country: "GB", city: "London", phoneNumber: "+44 123" },
      "phoneNumber",
      "Phone number must be 10-11 digits",
    ],
    [{ phoneNumber: "+44 2125550123" }, "phoneNumber", `${messages.phoneCallingCode} (+1)`],
  ])("rejects %j with 400 and the product's message", async (override, path, message) => {
    const res = await testServer()
      .client()
      .post("/api/auth/register", buildRegistration(override as never));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await testServer().db.db.select().from(users)).toHaveLength(0);
  });

  it("answers 400, not 500, for a body that is not JSON or not an object", async () => {
    const client = testServer().client();
    const broken = await client.request("POST", "/api/auth/register", "{not json");
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("BAD_REQUEST");
    const list = await client.post("/api/auth/register", [1, 2]);
    expect(list.status).toBe(400);
    const empty = await client.request("POST", "/api/auth/register", "");
    expect(empty.status).toBe(400);
  });
});

describe("verification", () => {
  it("refuses login before verification with 403 and lets the user ask for a new link", async () => {
    const client = testServer().client();
    const data = buildRegistration();
    await client.post("/api/auth/register", data);
    const login = await client.post("/api/auth/login", {
      email: data.email,
      password: data.password,
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: messages.emailNotVerified, code: "EMAIL_NOT_VERIFIED" });

    const resent = await client.post("/api/auth/resend-verification", { email: data.email });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(messages.verificationSent);
    const token = resent.body.dev_verification_token;
    // A resent link asks whoever opens it for the password; the link stays good meanwhile.
    const asked = await client.post("/api/auth/verify-email", { token });
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({
      code: "NEW_PASSWORD_REQUIRED",
      message: messages.newPasswordRequired,
    });
    const verified = await client.post("/api/auth/verify-email", {
      token,
      newPassword: "Fresh#garden42",
    });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(messages.emailVerified);
    expect(
      (await client.post("/api/auth/login", { email: data.email, password: "Fresh#garden42" }))
        .status,
    ).toBe(200);
  });

  it("gives the account to whoever proves the mailbox, not to whoever registered it", async () => {
    const victimEmail = "victim@example.com";
    const attacker = testServer().client({ ip: "10.66.0.1" });
    const squatted = buildRegistration({ email: victimEmail, password: "Attacker#pw2024" });
    expect((await attacker.post("/api/auth/register", squatted)).status).toBe(201);

    const victim = testServer().client({ ip: "10.77.0.1" });
    const resent = await victim.post("/api/auth/resend-verification", { email: victimEmail });
    const verified = await victim.post("/api/auth/verify-email", {
      token: resent.body.dev_verification_token,
      newPassword: "Victim#owns2024",
    });
    expect(verified.status).toBe(200);
    const theirs = await attacker.post("/api/auth/login", {
      email: victimEmail,
      password: "Attacker#pw2024",
    });
    expect(theirs.status).toBe(401);
    const mine = await victim.post("/api/auth/login", {
      email: victimEmail,
      password: "Victim#owns2024",
    });
    expect(mine.status).toBe(200);
  });

  it("lets a new sign-up replace an account nobody verified within a week", async () => {
    const client = testServer().client();
    const first = buildRegistration({ email: "late@example.com" });
    expect((await client.post("/api/auth/register", first)).status).toBe(201);
    const again = buildRegistration({ email: "late@example.com" });
    expect((await client.post("/api/auth/register", again)).status).toBe(409);
    testServer().clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const replaced = await client.post("/api/auth/register", again);
    expect(replaced.status).toBe(201);
    const rows = await testServer().db.db.select().from(users);
    expect(rows.map((row) => row.firstName)).toEqual([again.firstName]);
  });

  it("answers resend alike for unknown emails, without a token", async () => {
    const res = await testServer()
      .client()
      .post("/api/auth/resend-verification", { email: "nobody@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.verificationSent });
  });

  it("accepts a token once and refuses unknown, reused and expired tokens with 400", async () => {
    const client = testServer().client();
    const data = buildRegistration();
    const { body } = await client.post("/api/auth/register", data);
    const token = body.dev_verification_token as string;
    expect((await client.post("/api/auth/verify-email", { token: "nope" })).body).toEqual({
      message: messages.verificationInvalid,
      code: "BAD_REQUEST",
    });
    expect((await client.post("/api/auth/verify-email", { token })).status).toBe(200);
    expect((await client.post("/api/auth/verify-email", { token })).status).toBe(400);

    const other = buildRegistration();
    const second = await client.post("/api/auth/register", other);
    testServer().clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await client.post("/api/auth/verify-email", {
      token: second.body.dev_verification_token,
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.verificationInvalid);
  });

  it("needs a token", async () => {
    const res = await testServer().client().post("/api/auth/verify-email", {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.verificationTokenMissing);
  });
});

describe("login, current user, logout", () => {
  it("signs in with an HttpOnly SameSite=Lax cookie and answers the current user", async () => {
    const client = testServer().client();
    const data = await registerAndVerify(client);
    const login = await client.post("/api/auth/login", {
      email: data.email.toUpperCase(),
      password: data.password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: data.email, emailVerified: true });
    expectNoSecrets(login.body);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("circleplan_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // local http mode

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: data.email,
      firstName: data.firstName,
      city: "New York",
      country: "US",
    });
    expect(me.headers.get("cache-control")).toBe("no-store");
    expectNoSecrets(me.body);
  });

  it("answers 401 alike for an unknown email and a wrong password", async () => {
    const client = testServer().client();
    const data = await registerAndVerify(client);
    const wrong = await client.post("/api/auth/login", {
      email: data.email,
      password: "Wrong#password1",
    });
    const unknown = await client.post("/api/auth/login", {
      email: "ghost@example.com",
      password: data.password,
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: messages.invalidCredentials,
        code: "UNAUTHORIZED",
        showForgotPassword: true,
      });
    }
  });

  it("requires both fields", async () => {
    const res = await testServer().client().post("/api/auth/login", { email: "a@example.com" });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: "password",
      message: messages.passwordRequired,
    });
  });

  it("answers 401 to a signed-out visitor and to a forged cookie", async () => {
    const client = testServer().client();
    expect((await client.get("/api/auth/user")).status).toBe(401);
    client.cookies.set("circleplan_session", "forged");
    const forged = await client.get("/api/auth/user");
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ message: messages.notSignedIn, code: "UNAUTHORIZED" });
  });

  it("deletes the session on the server at sign-out", async () => {
    const { client } = await signedIn();
    const stolen = client.cookies.get("circleplan_session") as string;
    const out = await client.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: messages.loggedOut });
    expect(client.cookies.has("circleplan_session")).toBe(false);
    const replay = testServer().client();
    replay.cookies.set("circleplan_session", stolen);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    expect(await testServer().db.db.select().from(sessions)).toHaveLength(0);
  });

  it("treats sign-out while signed out as done", async () => {
    expect((await testServer().client().post("/api/auth/logout")).status).toBe(200);
  });
});

describe("session lifetime", () => {
  it("slides the expiry forward once less than half of the 30 days is left", async () => {
    const { client, user } = await signedIn();
    const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await testServer()
      .db.db.update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.userId, user.id));
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().some((c) => c.startsWith("circleplan_session="))).toBe(true);
    const [row] = await testServer()
      .db.db.select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("refuses an expired session and clears its cookie", async () => {
    const { client, user } = await signedIn();
    await testServer()
      .db.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(401);
    expect(client.cookies.has("circleplan_session")).toBe(false);
  });
});

describe("Origin check", () => {
  it("refuses state-changing requests without the app's Origin with 403", async () => {
    const data = buildRegistration();
    const foreign = await testServer()
      .client({ origin: "https://evil.example" })
      .post("/api/auth/register", data);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("BAD_ORIGIN");
    const missing = await testServer().client({ origin: null }).post("/api/auth/register", data);
    expect(missing.status).toBe(403);
    expect(await testServer().db.db.select().from(users)).toHaveLength(0);
  });

  it("applies to the tRPC door too", async () => {
    const res = await testServer()
      .client({ origin: "https://evil.example" })
      .post("/api/trpc/auth.logout", {});
    expect(res.status).toBe(403);
  });

  it("lets reads through without an Origin", async () => {
    expect((await testServer().client({ origin: null }).get("/api/auth/user")).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("resets with the mailed code, ends every session, and the new password works", async () => {
    const { client, data } = await signedIn();
    const otherDevice = testServer().client();
    expect(
      (await otherDevice.post("/api/auth/login", { email: data.email, password: data.password }))
        .status,
    ).toBe(200);

    const anon = testServer().client();
    const forgot = await anon.post("/api/auth/forgot-password", { email: data.email });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(messages.resetCodeSent);
    const otp = forgot.body.dev_otp as string;
    expect(otp).toMatch(/^\d{6}$/);
    const [mail] = (await testServer().db.db.select().from(mailOutbox)).filter((m) =>
      m.subject.includes("reset"),
    );
    expect(mail?.text).toContain(otp);

    const newPassword = "Brand#new#pass9";
    const reset = await anon.post("/api/auth/reset-password", {
      email: data.email,
      otp,
      newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(messages.passwordReset);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect((await otherDevice.get("/api/auth/user")).status).toBe(401);

    const oldLogin = await anon.post("/api/auth/login", {
      email: data.email,
      password: data.password,
    });
    expect(oldLogin.status).toBe(401);
    expect(
      (await anon.post("/api/auth/login", { email: data.email, password: newPassword })).status,
    ).toBe(200);
    // single use
    const reuse = await testServer()
      .client()
      .post("/api/auth/reset-password", { email: data.email, otp, newPassword: "Another#pass99" });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(messages.resetCodeInvalid);
  });

  it("answers alike for an unknown email and mails nothing", async () => {
    const res = await testServer()
      .client()
      .post("/api/auth/forgot-password", { email: "ghost@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: messages.resetCodeSent });
    expect(await testServer().db.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("expires codes after 15 minutes", async () => {
    const { data } = await signedIn();
    const anon = testServer().client();
    const { body } = await anon.post("/api/auth/forgot-password", { email: data.email });
    testServer().clock.advance(15 * 60 * 1000 + 1);
    const late = await anon.post("/api/auth/reset-password", {
      email: data.email,
      otp: body.dev_otp,
      newPassword: "Brand#new#pass9",
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.resetCodeInvalid);
  });

  it("kills a code after 5 wrong tries", async () => {
    const { data } = await signedIn();
    const anon = testServer().client();
    const { body } = await anon.post("/api/auth/forgot-password", { email: data.email });
    const otp = body.dev_otp as string;
    const wrong = otp === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await anon.post("/api/auth/reset-password", {
        email: data.email,
        otp: wrong,
        newPassword: "Brand#new#pass9",
      });
      expect(res.status).toBe(400);
    }
    const right = await anon.post("/api/auth/reset-password", {
      email: data.email,
      otp,
      newPassword: "Brand#new#pass9",
    });
    expect(right.status).toBe(400);
    const [code] = await testServer().db.db.select().from(passwordResetCodes);
    expect(code?.failedAttempts).toBe(5);
  });

  it("validates the code and the new password with the product's messages", async () => {
    const anon = testServer().client();
    const res = await anon.post("/api/auth/reset-password", {
      email: "a@example.com",
      otp: "12a",
      newPassword: "short",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "otp", message: messages.otpInvalid },
        { path: "newPassword", message: messages.passwordTooShort },
      ]),
    );
  });
});

describe("rate limits", () => {
  const limited = useTestServer({
    env: {
      RATE_LIMIT_LOGIN_IP: "5/900",
      RATE_LIMIT_REGISTER_IP: "2/3600",
      RATE_LIMIT_CODE_ACCOUNT: "2/3600",
      RATE_LIMIT_CODE_IP: "4/3600",
    },
  });

  it("limits login per client address across accounts", async () => {
    const client = limited().client({ ip: "10.1.1.1" });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await client.post("/api/auth/login", {
            email: `u${i}@example.com`,
            password: "Wrong#pass123",
          })
        ).status,
      ).toBe(401);
    }
    expect(
      (await client.post("/api/auth/login", { email: "u9@example.com", password: "Wrong#pass123" }))
        .status,
    ).toBe(429);
    expect(
      (
        await limited()
          .client({ ip: "10.1.1.2" })
          .post("/api/auth/login", { email: "u9@example.com", password: "Wrong#pass123" })
      ).status,
    ).toBe(401);
  });

  it("limits registration per client address", async () => {
    const client = limited().client({ ip: "10.2.2.2" });
    expect((await client.post("/api/auth/register", buildRegistration())).status).toBe(201);
    expect((await client.post("/api/auth/register", buildRegistration())).status).toBe(201);
    const third = await client.post("/api/auth/register", buildRegistration());
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
  });

  it("limits code requests per account and address, and per address", async () => {
    const email = "codes@example.com";
    const from = (ip: string) =>
      limited().client({ ip }).post("/api/auth/forgot-password", { email });
    expect((await from("10.3.0.1")).status).toBe(200);
    expect((await from("10.3.0.1")).status).toBe(200);
    const third = await from("10.3.0.1");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
    // Someone else asking for the same account's codes does not lock its owner out.
    expect((await from("10.3.0.2")).status).toBe(200);
    const ip = limited().client({ ip: "10.4.0.1" });
    for (let i = 0; i < 4; i++) {
      expect(
        (await ip.post("/api/auth/resend-verification", { email: `x${i}@example.com` })).status,
      ).toBe(200);
    }
    expect((await ip.post("/api/auth/forgot-password", { email: "y@example.com" })).status).toBe(
      429,
    );
  });
});

describe("PATCH /api/user", () => {
  it("updates names at once", async () => {
    const { client, data } = await signedIn();
    const res = await client.patch("/api/user", {
      firstName: "Ana-Maria",
      lastName: "O'Neil",
      email: data.email,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Ana-Maria",
      lastName: "O'Neil",
      email: data.email,
      pendingEmail: null,
    });
    expect((await client.get("/api/auth/user")).body).toMatchObject({ firstName: "Ana-Maria" });
  });

  it("keeps a new email pending until its link is opened, and tells the old address", async () => {
    const { client, data } = await signedIn();
    const res = await client.patch("/api/user", {
      firstName: data.firstName,
      lastName: data.lastName,
      email: "New.Address@Example.com",
      currentPassword: data.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: data.email, pendingEmail: "new.address@example.com" });
    const mail = await testServer().db.db.select().from(mailOutbox);
    const notice = mail.find((m) => m.to === data.email && m.subject.includes("being changed"));
    expect(notice?.text).toContain("new.address@example.com");
    const confirm = mail.at(-1);
    expect(confirm?.to).toBe("new.address@example.com");
    expect(confirm?.subject).toBe("Confirm your new Circleplan email address");
    const verified = await client.post("/api/auth/verify-email", {
      token: res.body.dev_verification_token,
    });
    expect(verified.status).toBe(200);
    expect((await client.get("/api/auth/user")).body).toMatchObject({
      email: "new.address@example.com",
      pendingEmail: null,
    });
  });

  it("needs the current password to change the email, and ends other sessions on confirm", async () => {
    const { client, data } = await signedIn();
    const other = testServer().client();
    await other.post("/api/auth/login", { email: data.email, password: data.password });
    const change = {
      firstName: data.firstName,
      lastName: data.lastName,
      email: "moved@example.com",
    };
    const missing = await client.patch("/api/user", change);
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({
      path: "currentPassword",
      message: messages.currentPasswordRequired,
    });
    const wrong = await client.patch("/api/user", { ...change, currentPassword: "Wrong#pass123" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);
    expect((await client.get("/api/auth/user")).body).toMatchObject({ pendingEmail: null });

    const ok = await client.patch("/api/user", { ...change, currentPassword: data.password });
    expect(ok.status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(200);
    await client.post("/api/auth/verify-email", { token: ok.body.dev_verification_token });
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(401);
  });

  it("rate-limits email changes, a taken address included", async () => {
    const { client, data } = await signedIn();
    const taken = await signedIn();
    for (let i = 0; i < 5; i++) {
      const res = await client.patch("/api/user", {
        firstName: data.firstName,
        lastName: data.lastName,
        email: taken.data.email,
        currentPassword: data.password,
      });
      expect(res.status).toBe(409);
    }
    const blocked = await client.patch("/api/user", {
      firstName: data.firstName,
      lastName: data.lastName,
      email: taken.data.email,
      currentPassword: data.password,
    });
    expect(blocked.status).toBe(429);
  });

  it("refuses an email another account uses with 409", async () => {
    const other = await signedIn();
    const { client, data } = await signedIn();
    const res = await client.patch("/api/user", {
      firstName: data.firstName,
      lastName: data.lastName,
      email: other.data.email,
      currentPassword: data.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.emailAlreadyRegistered);
  });

  it("validates, and needs a session", async () => {
    const { client, data } = await signedIn();
    const bad = await client.patch("/api/user", {
      firstName: "",
      lastName: data.lastName,
      email: data.email,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({
      path: "firstName",
      message: messages.firstNameRequired,
    });
    const anon = await testServer()
      .client()
      .patch("/api/user", { firstName: "A", lastName: "B", email: "a@example.com" });
    expect(anon.status).toBe(401);
  });
});

describe("POST /api/auth/create-default-circles", () => {
  it("ensures Personal and Family circles and is idempotent", async () => {
    const { client, user } = await signedIn();
    const first = await client.post("/api/auth/create-default-circles");
    expect(first.status).toBe(200);
    const second = await client.post("/api/auth/create-default-circles");
    const types = (second.body.circles as { type: string }[]).map((c) => c.type);
    expect(types).toEqual(["personal", "family"]);
    const owned = await testServer()
      .db.db.select()
      .from(circles)
      .where(eq(circles.creatorId, user.id));
    expect(owned).toHaveLength(2);
    expect((await testServer().client().post("/api/auth/create-default-circles")).status).toBe(401);
  });
});

describe("unknown paths and documents", () => {
  it("answers JSON 404 under /api", async () => {
    const res = await testServer().client().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: messages.notFound, code: "NOT_FOUND" });
  });

  it("serves the dev mailbox in sandbox mode", async () => {
    const client = testServer().client();
    const data = buildRegistration();
    await client.post("/api/auth/register", data);
    const res = await client.get<{ to: string; subject: string }[]>("/api/dev/mailbox");
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      to: data.email,
      subject: "Verify your email for Circleplan",
    });
  });
});

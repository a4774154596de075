/**
 * The auth router's rules, called in-process through createCaller (testing/test-caller.ts):
 * the messages, limits and state changes of api-conventions.md, with the status and body a
 * refusal gets from either door. What only the doors do (cookies, Origin, bodies, headers) is
 * tested over real HTTP in app.integration.test.ts.
 */
import {
  calendarFeeds,
  circleMembers,
  circles,
  mailOutbox,
  passwordResetCodes,
  sessions,
  users,
} from "@circleplan/db/schema";
import { buildRegistration, createUser, startSession } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectNoSecrets } from "./testing/no-secrets";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

describe("auth.register", () => {
  it("creates an unverified user, a personal circle and a verification mail", async () => {
    const data = buildRegistration();
    const res = await callerFor(harness()).trpc.auth.register(data);
    expect(res.message).toBe(messages.registered);
    expect(res.user).toMatchObject({
      email: data.email,
      firstName: data.firstName,
      emailVerified: false,
    });
    expect(typeof res.dev_verification_token).toBe("string");
    expect((res.dev_verification_token as string).length).toBeGreaterThanOrEqual(22);
    expectNoSecrets(res);

    const { db } = harness().db;
    const [user] = await db.select().from(users).where(eq(users.email, data.email));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.passwordHash.startsWith("scrypt$")).toBe(true);
    const personal = await db
      .select()
      .from(circles)
      .where(eq(circles.creatorId, user?.id ?? 0));
    expect(personal.map((c) => c.type)).toEqual(["personal"]);
    const members = await db
      .select()
      .from(circleMembers)
      .where(eq(circleMembers.circleId, personal[0]?.id ?? 0));
    expect(members).toHaveLength(1);
    expect(members[0]?.role).toBe("admin");

    const mail = await db.select().from(mailOutbox);
    const link = `${harness().deps.config.appUrl}/verify-email?token=`;
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(data.email);
    expect(mail[0]?.subject).toBe("Verify your email for Circleplan");
    expect(mail[0]?.text).toContain(link);
    expect(mail[0]?.html).toContain(link);
    expect(mail[0]?.text).toContain(res.dev_verification_token as string);
  });

  it("takes a city that is not on the country's list (Portland, US), as typed", async () => {
    const data = buildRegistration({ country: "US", city: " Portland " });
    const res = await callerFor(harness()).trpc.auth.register(data);
    expect(res.message).toBe(messages.registered);
    const [user] = await harness().db.db.select().from(users).where(eq(users.email, data.email));
    expect(user).toMatchObject({ country: "US", city: "Portland" });
  });

  it("keeps the locale preferences the person took from their browser; without them the clock is not chosen (null) and the week starts Sunday", async () => {
    const offered = buildRegistration();
    await callerFor(harness()).trpc.auth.register({
      ...offered,
      timeFormat: "12h",
      weekStart: "monday",
    });
    const plain = buildRegistration();
    const answer = await callerFor(harness()).trpc.auth.register(plain);
    expect(answer.user).toMatchObject({ timeFormat: null, weekStart: "sunday" });
    const rows = await harness().db.db.select().from(users);
    const prefs = (email: string) => {
      const row = rows.find((user) => user.email === email);
      return [row?.timeFormat, row?.weekStart];
    };
    expect(prefs(offered.email)).toEqual(["12h", "monday"]);
    expect(prefs(plain.email)).toEqual([null, "sunday"]);
  });

  it("answers 409 for an email that exists, whatever its case, and stores nothing", async () => {
    const anon = callerFor(harness());
    const data = buildRegistration();
    expect((await anon.trpc.auth.register(data)).message).toBe(messages.registered);
    const again = await refusal(
      anon.trpc.auth.register({ ...buildRegistration(), email: data.email.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.emailAlreadyRegistered, code: "CONFLICT" });
    expect(await harness().db.db.select().from(users)).toHaveLength(1);
    expect(await harness().db.db.select().from(circles)).toHaveLength(1);
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
    [{ city: "P".repeat(101) }, "city", messages.cityTooLong],
    [{ city: "Port\u0000land" }, "city", messages.invalidText],
    [{ city: "<b>Portland</b>" }, "city", messages.cityChars],
    [{ phoneNumber: "+1 212555" }, "phoneNumber", "Phone number must be 10 digits for the country"],
    [
      { country: "GB", city: "London", phoneNumber: "+44 123" },
      "phoneNumber",
      "Phone number must be 10-11 digits for the country",
    ],
    [{ phoneNumber: "+44 2125550123" }, "phoneNumber", `${messages.phoneCallingCode} (+1)`],
  ])("rejects %j with 400 and the product's message", async (override, path, message) => {
    const res = await refusal(
      callerFor(harness()).trpc.auth.register(buildRegistration(override as never)),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await harness().db.db.select().from(users)).toHaveLength(0);
  });
});

describe("verification", () => {
  it("refuses login before verification with 403 and lets the user ask for a new link", async () => {
    const anon = callerFor(harness());
    const data = buildRegistration();
    await anon.trpc.auth.register(data);
    const login = await refusal(
      anon.trpc.auth.login({ email: data.email, password: data.password }),
    );
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: messages.emailNotVerified, code: "EMAIL_NOT_VERIFIED" });

    const resent = await anon.trpc.auth.resendVerification({ email: data.email });
    expect(resent.message).toBe(messages.verificationSent);
    const token = resent.dev_verification_token as string;
    expect(typeof token).toBe("string");
    // A resent link asks whoever opens it for the password; the link stays good meanwhile.
    const asked = await refusal(anon.trpc.auth.verifyEmail({ token }));
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({
      code: "NEW_PASSWORD_REQUIRED",
      message: messages.newPasswordRequired,
    });
    const verified = await anon.trpc.auth.verifyEmail({ token, newPassword: "Fresh#garden42" });
    expect(verified.message).toBe(messages.emailVerified);
    const [row] = await harness().db.db.select().from(users).where(eq(users.email, data.email));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    const login2 = await anon.trpc.auth.login({ email: data.email, password: "Fresh#garden42" });
    expect(login2.email).toBe(data.email);
  });

  it("gives the account to whoever proves the mailbox, not to whoever registered it", async () => {
    const victimEmail = "victim@example.com";
    const attacker = callerFor(harness(), { ip: "10.66.0.1" });
    const squatted = buildRegistration({ email: victimEmail, password: "Attacker#pw2024" });
    expect((await attacker.trpc.auth.register(squatted)).user.email).toBe(victimEmail);

    const victim = callerFor(harness(), { ip: "10.77.0.1" });
    const resent = await victim.trpc.auth.resendVerification({ email: victimEmail });
    const verified = await victim.trpc.auth.verifyEmail({
      token: resent.dev_verification_token as string,
      newPassword: "Victim#owns2024",
    });
    expect(verified.message).toBe(messages.emailVerified);
    const theirs = await refusal(
      attacker.trpc.auth.login({ email: victimEmail, password: "Attacker#pw2024" }),
    );
    expect(theirs.status).toBe(401);
    const mine = await victim.trpc.auth.login({ email: victimEmail, password: "Victim#owns2024" });
    expect(mine.email).toBe(victimEmail);
  });

  it("lets a new sign-up replace an account nobody verified within a week", async () => {
    const anon = callerFor(harness());
    const first = buildRegistration({ email: "late@example.com" });
    expect((await anon.trpc.auth.register(first)).user.firstName).toBe(first.firstName);
    const again = buildRegistration({ email: "late@example.com" });
    expect((await refusal(anon.trpc.auth.register(again))).status).toBe(409);
    harness().clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const replaced = await anon.trpc.auth.register(again);
    expect(replaced.user.firstName).toBe(again.firstName);
    const rows = await harness().db.db.select().from(users);
    expect(rows.map((row) => row.firstName)).toEqual([again.firstName]);
  });

  it("answers resend alike for unknown emails, without a token", async () => {
    const res = await callerFor(harness()).trpc.auth.resendVerification({
      email: "nobody@example.com",
    });
    expect(res.message).toBe(messages.verificationSent);
    expect(res).toEqual({ message: messages.verificationSent });
  });

  it("accepts a token once and refuses unknown and expired tokens with 400", async () => {
    const anon = callerFor(harness());
    const registered = await anon.trpc.auth.register(buildRegistration());
    const token = registered.dev_verification_token as string;
    expect((await refusal(anon.trpc.auth.verifyEmail({ token: "nope" }))).body).toEqual({
      message: messages.verificationInvalid,
      code: "BAD_REQUEST",
    });
    expect(await anon.trpc.auth.verifyEmail({ token })).toEqual({
      message: messages.emailVerified,
      alreadyVerified: false,
    });

    const second = await anon.trpc.auth.register(buildRegistration());
    harness().clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await refusal(
      anon.trpc.auth.verifyEmail({ token: second.dev_verification_token as string }),
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.verificationInvalid);
  });

  it("says a link opened again is already verified, not invalid, to anyone who opens it", async () => {
    const anon = callerFor(harness());
    const data = buildRegistration();
    const registered = await anon.trpc.auth.register(data);
    const token = registered.dev_verification_token as string;
    // A second link for the same address, mailed before the first was opened.
    const resent = await anon.trpc.auth.resendVerification({ email: data.email });
    await anon.trpc.auth.verifyEmail({ token });
    const [before] = await harness().db.db.select().from(users).where(eq(users.email, data.email));

    const stranger = await signedInCaller(harness());
    const owner = await anon.trpc.auth.login({ email: data.email, password: data.password });
    expect(owner.email).toBe(data.email);
    const again = { message: messages.emailAlreadyVerified, alreadyVerified: true };
    expect(await callerFor(harness()).trpc.auth.verifyEmail({ token })).toEqual(again);
    expect(await anon.trpc.auth.verifyEmail({ token })).toEqual(again);
    expect(await stranger.trpc.auth.verifyEmail({ token })).toEqual(again);
    // The resent link was spent with the first: it asks for no password and sets none.
    expect(
      await stranger.trpc.auth.verifyEmail({
        token: resent.dev_verification_token as string,
        newPassword: "Takeover#pw2024",
      }),
    ).toEqual(again);

    const [after] = await harness().db.db.select().from(users).where(eq(users.email, data.email));
    expect(after).toEqual(before);
    expect((await anon.trpc.auth.user()).email).toBe(data.email);
    expect((await stranger.trpc.auth.user()).id).toBe(stranger.user.id);
  });

  it("calls an old link invalid once the address it proved is no longer the account's", async () => {
    const alice = await signedInCaller(harness());
    const change = {
      firstName: alice.user.firstName,
      lastName: alice.user.lastName,
      email: "first.move@example.com",
      currentPassword: alice.password,
    };
    const first = await alice.trpc.user.update(change);
    const token = first.dev_verification_token as string;
    expect((await alice.trpc.auth.verifyEmail({ token })).alreadyVerified).toBe(false);
    expect((await alice.trpc.auth.verifyEmail({ token })).alreadyVerified).toBe(true);

    const second = await alice.trpc.user.update({ ...change, email: "second.move@example.com" });
    await alice.trpc.auth.verifyEmail({ token: second.dev_verification_token as string });
    expect((await refusal(alice.trpc.auth.verifyEmail({ token }))).body).toEqual({
      message: messages.verificationInvalid,
      code: "BAD_REQUEST",
    });
  });

  it("calls a used link invalid once it has expired", async () => {
    const anon = callerFor(harness());
    const registered = await anon.trpc.auth.register(buildRegistration());
    const token = registered.dev_verification_token as string;
    await anon.trpc.auth.verifyEmail({ token });
    harness().clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await refusal(anon.trpc.auth.verifyEmail({ token }))).body.message).toBe(
      messages.verificationInvalid,
    );
  });

  it("needs a token", async () => {
    const res = await refusal(callerFor(harness()).trpc.auth.verifyEmail({} as never));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.verificationTokenMissing);
  });
});

describe("login and logout", () => {
  it("answers 401 alike for an unknown email and a wrong password", async () => {
    const { user, password } = await createUser(harness().deps);
    const anon = callerFor(harness());
    const wrong = await refusal(
      anon.trpc.auth.login({ email: user.email, password: "Wrong#password1" }),
    );
    const unknown = await refusal(anon.trpc.auth.login({ email: "ghost@example.com", password }));
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
    const res = await refusal(
      callerFor(harness()).trpc.auth.login({ email: "a@example.com" } as never),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: "password",
      message: messages.passwordRequired,
    });
  });

  it("treats sign-out while signed out as done", async () => {
    const out = await callerFor(harness()).trpc.auth.logout();
    expect(out).toEqual({ message: messages.loggedOut });
  });
});

describe("forgot and reset password", () => {
  it("resets with the mailed code, ends every session, and the new password works", async () => {
    const alice = await signedInCaller(harness());
    const otherDevice = callerFor(harness());
    const again = await otherDevice.trpc.auth.login({
      email: alice.user.email,
      password: alice.password,
    });
    expect(again.id).toBe(alice.user.id);

    const anon = callerFor(harness());
    const forgot = await anon.trpc.auth.forgotPassword({ email: alice.user.email });
    expect(forgot.message).toBe(messages.resetCodeSent);
    const otp = forgot.dev_otp as string;
    expect(otp).toMatch(/^\d{6}$/);
    const [mail] = (await harness().db.db.select().from(mailOutbox)).filter((m) =>
      m.subject.includes("reset"),
    );
    expect(mail?.text).toContain(otp);

    const newPassword = "Brand#new#pass9";
    const reset = await anon.trpc.auth.resetPassword({
      email: alice.user.email,
      otp,
      newPassword,
    });
    expect(reset.message).toBe(messages.passwordReset);
    expect((await refusal(alice.trpc.auth.user())).status).toBe(401);
    expect((await refusal(otherDevice.trpc.auth.user())).status).toBe(401);
    expect(
      await harness().db.db.select().from(sessions).where(eq(sessions.userId, alice.user.id)),
    ).toEqual([]);

    const oldLogin = await refusal(
      anon.trpc.auth.login({ email: alice.user.email, password: alice.password }),
    );
    expect(oldLogin.status).toBe(401);
    expect(
      (await anon.trpc.auth.login({ email: alice.user.email, password: newPassword })).id,
    ).toBe(alice.user.id);
    // single use
    const reuse = await refusal(
      callerFor(harness()).trpc.auth.resetPassword({
        email: alice.user.email,
        otp,
        newPassword: "Another#pass99",
      }),
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(messages.resetCodeInvalid);
  });

  it("ends the feed links whoever had taken the account made, and no one else's", async () => {
    const owner = await signedInCaller(harness());
    const intruder = callerFor(harness());
    await intruder.trpc.auth.login({ email: owner.user.email, password: owner.password });
    await intruder.trpc.calendarFeeds.create({});
    const bystander = await signedInCaller(harness());
    await bystander.trpc.calendarFeeds.create({});

    const anon = callerFor(harness());
    const { dev_otp: otp } = await anon.trpc.auth.forgotPassword({ email: owner.user.email });
    await anon.trpc.auth.resetPassword({
      email: owner.user.email,
      otp: otp as string,
      newPassword: "Brand#new#pass9",
    });
    const feedsOf = (userId: number) =>
      harness().db.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    expect(await feedsOf(owner.user.id)).toEqual([]);
    expect(await feedsOf(bystander.user.id)).toHaveLength(1);
  });

  it("answers alike for an unknown email and mails nothing", async () => {
    const res = await callerFor(harness()).trpc.auth.forgotPassword({
      email: "ghost@example.com",
    });
    expect(res.message).toBe(messages.resetCodeSent);
    expect(res).toEqual({ message: messages.resetCodeSent });
    expect(await harness().db.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("expires codes after 15 minutes", async () => {
    const { user } = await createUser(harness().deps);
    const anon = callerFor(harness());
    const { dev_otp } = await anon.trpc.auth.forgotPassword({ email: user.email });
    harness().clock.advance(15 * 60 * 1000 + 1);
    const late = await refusal(
      anon.trpc.auth.resetPassword({
        email: user.email,
        otp: dev_otp as string,
        newPassword: "Brand#new#pass9",
      }),
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.resetCodeInvalid);
  });

  it("kills a code after 5 wrong tries", async () => {
    const { user } = await createUser(harness().deps);
    const anon = callerFor(harness());
    const otp = (await anon.trpc.auth.forgotPassword({ email: user.email })).dev_otp as string;
    const wrong = otp === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await refusal(
        anon.trpc.auth.resetPassword({
          email: user.email,
          otp: wrong,
          newPassword: "Brand#new#pass9",
        }),
      );
      expect(res.status).toBe(400);
    }
    const right = await refusal(
      anon.trpc.auth.resetPassword({ email: user.email, otp, newPassword: "Brand#new#pass9" }),
    );
    expect(right.status).toBe(400);
    const [code] = await harness().db.db.select().from(passwordResetCodes);
    expect(code?.failedAttempts).toBe(5);
  });

  it("validates the code and the new password with the product's messages", async () => {
    const res = await refusal(
      callerFor(harness()).trpc.auth.resetPassword({
        email: "a@example.com",
        otp: "12a",
        newPassword: "short",
      }),
    );
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
  const limited = useTestHarness({
    env: {
      RATE_LIMIT_LOGIN_IP: "5/900",
      RATE_LIMIT_REGISTER_IP: "2/3600",
      RATE_LIMIT_CODE_ACCOUNT: "2/3600",
      RATE_LIMIT_CODE_IP: "4/3600",
    },
  });

  it("limits login per client address across accounts", async () => {
    const from = callerFor(limited(), { ip: "10.1.1.1" });
    const attempt = (caller: typeof from, email: string) =>
      refusal(caller.trpc.auth.login({ email, password: "Wrong#pass123" }));
    for (let i = 0; i < 5; i++) {
      expect((await attempt(from, `u${i}@example.com`)).status).toBe(401);
    }
    expect((await attempt(from, "u9@example.com")).status).toBe(429);
    const elsewhere = callerFor(limited(), { ip: "10.1.1.2" });
    expect((await attempt(elsewhere, "u9@example.com")).status).toBe(401);
  });

  it("limits registration per client address", async () => {
    const from = callerFor(limited(), { ip: "10.2.2.2" });
    expect((await from.trpc.auth.register(buildRegistration())).message).toBe(messages.registered);
    expect((await from.trpc.auth.register(buildRegistration())).message).toBe(messages.registered);
    const third = await refusal(from.trpc.auth.register(buildRegistration()));
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBeTruthy();
  });

  it("limits code requests per account and address, and per address", async () => {
    const email = "codes@example.com";
    const from = (ip: string) => callerFor(limited(), { ip }).trpc.auth.forgotPassword({ email });
    expect((await from("10.3.0.1")).message).toBe(messages.resetCodeSent);
    expect((await from("10.3.0.1")).message).toBe(messages.resetCodeSent);
    const third = await refusal(from("10.3.0.1"));
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBeTruthy();
    // Someone else asking for the same account's codes does not lock its owner out.
    expect((await from("10.3.0.2")).message).toBe(messages.resetCodeSent);
    const ip = callerFor(limited(), { ip: "10.4.0.1" });
    for (let i = 0; i < 4; i++) {
      const res = await ip.trpc.auth.resendVerification({ email: `x${i}@example.com` });
      expect(res.message).toBe(messages.verificationSent);
    }
    expect((await refusal(ip.trpc.auth.forgotPassword({ email: "y@example.com" }))).status).toBe(
      429,
    );
  });
});

describe("auth.createDefaultCircles", () => {
  it("ensures Personal and Family circles and is idempotent", async () => {
    const alice = await signedInCaller(harness());
    const first = await alice.trpc.auth.createDefaultCircles();
    expect(first.circles).toHaveLength(2);
    const second = await alice.trpc.auth.createDefaultCircles();
    const types = second.circles.map((c) => c.type);
    expect(types).toEqual(["personal", "family"]);
    const owned = await harness()
      .db.db.select()
      .from(circles)
      .where(eq(circles.creatorId, alice.user.id));
    expect(owned).toHaveLength(2);
    expect((await refusal(callerFor(harness()).trpc.auth.createDefaultCircles())).status).toBe(401);
  });
});

describe("dev.mailbox", () => {
  it("shows the outbox in sandbox mode", async () => {
    const data = buildRegistration();
    await callerFor(harness()).trpc.auth.register(data);
    const mailbox = await callerFor(harness()).trpc.dev.mailbox();
    expect(mailbox).toHaveLength(1);
    expect(mailbox[0]).toMatchObject({
      to: data.email,
      subject: "Verify your email for Circleplan",
    });
  });
});

describe("sessions started by login", () => {
  it("replaces the session the browser already held", async () => {
    const alice = await signedInCaller(harness());
    const before = alice.sessionId;
    await alice.trpc.auth.login({ email: alice.user.email, password: alice.password });
    const listed = await alice.trpc.user.sessions();
    expect(listed.sessions.map((s) => s.id)).not.toContain(before);
    expect(listed.sessions).toHaveLength(1);
    const other = await startSession(harness().deps.sessions, alice.user.id);
    expect((await alice.trpc.user.sessions()).sessions.map((s) => s.id)).toContain(other.sessionId);
  });
});

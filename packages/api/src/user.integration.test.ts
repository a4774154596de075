/**
 * The user router's rules, called in-process through createCaller (testing/test-caller.ts):
 * profile and email change, password change, and the list of one's sessions. Accounts and
 * sessions come from the factories, so no test pays for a sign-up it is not about.
 */
import { calendarFeeds, mailOutbox, sessions } from "@circleplan/db/schema";
import { createUser, startSession } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const namesOf = (user: { firstName: string; lastName: string; email: string }) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

describe("user.update", () => {
  it("updates names at once", async () => {
    const alice = await signedInCaller(harness());
    const res = await alice.trpc.user.update({
      firstName: "Ana-Maria",
      lastName: "O'Neil",
      email: alice.user.email,
    });
    expect(res.id).toBe(alice.user.id);
    expect(res).toMatchObject({
      firstName: "Ana-Maria",
      lastName: "O'Neil",
      email: alice.user.email,
      pendingEmail: null,
    });
    expect(await alice.trpc.auth.user()).toMatchObject({ firstName: "Ana-Maria" });
  });

  it("keeps a new email pending until its link is opened, and tells the old address", async () => {
    const alice = await signedInCaller(harness());
    const res = await alice.trpc.user.update({
      ...namesOf(alice.user),
      email: "New.Address@Example.com",
      currentPassword: alice.password,
    });
    expect(res.id).toBe(alice.user.id);
    expect(res).toMatchObject({
      email: alice.user.email,
      pendingEmail: "new.address@example.com",
    });
    const mail = await harness().db.db.select().from(mailOutbox);
    const notice = mail.find(
      (m) => m.to === alice.user.email && m.subject.includes("being changed"),
    );
    expect(notice?.text).toContain("new.address@example.com");
    const confirm = mail.at(-1);
    expect(confirm?.to).toBe("new.address@example.com");
    expect(confirm?.subject).toBe("Confirm your new Circleplan email address");
    const verified = await alice.trpc.auth.verifyEmail({
      token: res.dev_verification_token as string,
    });
    expect(verified.message).toBe(messages.emailVerified);
    expect(await alice.trpc.auth.user()).toMatchObject({
      email: "new.address@example.com",
      pendingEmail: null,
    });
  });

  it("needs the current password to change the email, and ends other sessions on confirm", async () => {
    const alice = await signedInCaller(harness());
    const other = callerFor(harness(), {
      cookie: (await startSession(harness().deps.sessions, alice.user.id)).cookie,
    });
    const change = { ...namesOf(alice.user), email: "moved@example.com" };
    const missing = await refusal(alice.trpc.user.update(change));
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({
      path: "currentPassword",
      message: messages.currentPasswordRequired,
    });
    const wrong = await refusal(
      alice.trpc.user.update({ ...change, currentPassword: "Wrong#pass123" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);
    expect(await alice.trpc.auth.user()).toMatchObject({ pendingEmail: null });

    const ok = await alice.trpc.user.update({ ...change, currentPassword: alice.password });
    expect(ok.pendingEmail).toBe("moved@example.com");
    expect((await other.trpc.auth.user()).id).toBe(alice.user.id);
    await alice.trpc.auth.verifyEmail({ token: ok.dev_verification_token as string });
    expect((await alice.trpc.auth.user()).email).toBe("moved@example.com");
    expect((await refusal(other.trpc.auth.user())).status).toBe(401);
  });

  it("rate-limits email changes, a taken address included", async () => {
    const alice = await signedInCaller(harness());
    const taken = await createUser(harness().deps);
    const change = {
      ...namesOf(alice.user),
      email: taken.user.email,
      currentPassword: alice.password,
    };
    for (let i = 0; i < 5; i++) {
      expect((await refusal(alice.trpc.user.update(change))).status).toBe(409);
    }
    expect((await refusal(alice.trpc.user.update(change))).status).toBe(429);
  });

  it("refuses an email another account uses with 409", async () => {
    const other = await createUser(harness().deps);
    const alice = await signedInCaller(harness());
    const res = await refusal(
      alice.trpc.user.update({
        ...namesOf(alice.user),
        email: other.user.email,
        currentPassword: alice.password,
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.emailAlreadyRegistered);
  });

  it("validates, and needs a session", async () => {
    const alice = await signedInCaller(harness());
    const bad = await refusal(alice.trpc.user.update({ ...namesOf(alice.user), firstName: "" }));
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({
      path: "firstName",
      message: messages.firstNameRequired,
    });
    const anon = await refusal(
      callerFor(harness()).trpc.user.update({
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
      }),
    );
    expect(anon.status).toBe(401);
  });
});

describe("user.update changes only what it is sent", () => {
  it("a time zone alone moves the zone and keeps names and email (was refused for lacking them)", async () => {
    const alice = await signedInCaller(harness());
    const res = await alice.trpc.user.update({ timeZone: "Asia/Tokyo" });
    expect(res).toMatchObject({
      ...namesOf(alice.user),
      timeZone: "Asia/Tokyo",
      pendingEmail: null,
    });
    expect(await alice.trpc.auth.user()).toMatchObject({ timeZone: "Asia/Tokyo" });
  });

  it("a first name alone renames, and leaves a pending email change waiting", async () => {
    const alice = await signedInCaller(harness());
    await alice.trpc.user.update({ email: "later@example.com", currentPassword: alice.password });
    const res = await alice.trpc.user.update({ firstName: "Alicia" });
    expect(res).toMatchObject({
      firstName: "Alicia",
      lastName: alice.user.lastName,
      email: alice.user.email,
      pendingEmail: "later@example.com",
    });
  });

  it("the spec's full body still updates everything it names", async () => {
    const alice = await signedInCaller(harness());
    const res = await alice.trpc.user.update({
      firstName: "Ann",
      lastName: "Other",
      email: alice.user.email,
    });
    expect(res).toMatchObject({ firstName: "Ann", lastName: "Other", email: alice.user.email });
  });

  it("an empty body is refused with the product's message and changes nothing", async () => {
    const alice = await signedInCaller(harness());
    for (const nothing of [{}, { currentPassword: alice.password }]) {
      const res = await refusal(alice.trpc.user.update(nothing));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "VALIDATION_FAILED",
        message: messages.nothingToUpdate,
      });
    }
    expect(await alice.trpc.auth.user()).toMatchObject(namesOf(alice.user));
  });

  it("an invalid field is refused on its own, with nothing else written", async () => {
    const alice = await signedInCaller(harness());
    const res = await refusal(
      alice.trpc.user.update({ firstName: "Ann", timeZone: "Nowhere/Special" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: "timeZone", message: messages.timeZoneInvalid });
    expect(await alice.trpc.auth.user()).toMatchObject({ firstName: alice.user.firstName });
  });

  it("signed out, even a partial body is 401", async () => {
    const res = await refusal(callerFor(harness()).trpc.user.update({ timeZone: "Asia/Tokyo" }));
    expect(res.status).toBe(401);
  });
});

describe("locale preferences (issue 21)", () => {
  it("start as a clock not chosen (null) and Sunday, and change alone, each kept by the other", async () => {
    const alice = await signedInCaller(harness());
    expect(await alice.trpc.auth.user()).toMatchObject({ timeFormat: null, weekStart: "sunday" });
    // Saving another field leaves the clock not chosen: only sending one chooses it.
    await alice.trpc.user.update({ timeZone: "Europe/Berlin" });
    expect(await alice.trpc.auth.user()).toMatchObject({ timeFormat: null });
    expect(await alice.trpc.user.update({ timeFormat: "12h" })).toMatchObject({
      ...namesOf(alice.user),
      timeFormat: "12h",
      weekStart: "sunday",
    });
    await alice.trpc.user.update({ weekStart: "monday" });
    expect(await alice.trpc.auth.user()).toMatchObject({ timeFormat: "12h", weekStart: "monday" });
  });

  it("refuse what is neither, with the product's messages, and need a session", async () => {
    const alice = await signedInCaller(harness());
    const bad = await refusal(
      alice.trpc.user.update({ timeFormat: "am/pm", weekStart: "friday" } as never),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual(
      expect.arrayContaining([
        { path: "timeFormat", message: messages.timeFormatInvalid },
        { path: "weekStart", message: messages.weekStartInvalid },
      ]),
    );
    expect(await alice.trpc.auth.user()).toMatchObject({ timeFormat: null, weekStart: "sunday" });
    const out = await refusal(callerFor(harness()).trpc.user.update({ weekStart: "monday" }));
    expect(out.status).toBe(401);
  });
});

describe("user.changePassword", () => {
  it("needs the current password, ends the other sessions and mails a notice", async () => {
    const alice = await signedInCaller(harness());
    const other = callerFor(harness(), {
      cookie: (await startSession(harness().deps.sessions, alice.user.id)).cookie,
    });

    const wrong = await refusal(
      alice.trpc.user.changePassword({
        currentPassword: "Wrong#pass123",
        newPassword: "Brand#new2025pw",
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);

    const common = await refusal(
      alice.trpc.user.changePassword({
        currentPassword: alice.password,
        newPassword: "Password123!",
      }),
    );
    expect(common.status).toBe(400);
    expect(common.body.issues).toContainEqual({
      path: "newPassword",
      message: messages.passwordTooCommon,
    });

    const ok = await alice.trpc.user.changePassword({
      currentPassword: alice.password,
      newPassword: "Brand#new2025pw",
    });
    expect(ok).toEqual({ message: messages.passwordChanged });
    expect(ok.message).toBe(messages.passwordChanged);
    expect((await alice.trpc.auth.user()).id).toBe(alice.user.id);
    expect((await refusal(other.trpc.auth.user())).status).toBe(401);
    const notice = (await harness().db.db.select().from(mailOutbox)).at(-1);
    expect(notice).toMatchObject({
      to: alice.user.email,
      subject: "Your Circleplan password was changed",
    });
    const fresh = callerFor(harness());
    const old = await refusal(
      fresh.trpc.auth.login({ email: alice.user.email, password: alice.password }),
    );
    expect(old.status).toBe(401);
    const signedIn = await fresh.trpc.auth.login({
      email: alice.user.email,
      password: "Brand#new2025pw",
    });
    expect(signedIn.id).toBe(alice.user.id);
  });
});

describe("user.sessions", () => {
  it("lists the user's sessions and ends one, or all the others", async () => {
    const alice = await signedInCaller(harness());
    const { sessions: service } = harness().deps;
    const phone = await startSession(service, alice.user.id, { userAgent: "Phone" });
    const tablet = await startSession(service, alice.user.id, { userAgent: "Tablet" });
    const asPhone = callerFor(harness(), { cookie: phone.cookie });
    const asTablet = callerFor(harness(), { cookie: tablet.cookie });

    const listed = await alice.trpc.user.sessions();
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(listed.sessions.find((s) => s.current)?.id).toBe(alice.sessionId);

    const ended = await alice.trpc.user.endSession({ id: phone.sessionId });
    expect(ended.message).toBe(messages.sessionEnded);
    expect((await refusal(asPhone.trpc.auth.user())).status).toBe(401);
    expect((await asTablet.trpc.auth.user()).id).toBe(alice.user.id);

    // Another user's session is not found, never forbidden, and stays alive.
    const stranger = await signedInCaller(harness());
    const foreign = await refusal(stranger.trpc.user.endSession({ id: tablet.sessionId }));
    expect(foreign.status).toBe(404);
    expect((await asTablet.trpc.auth.user()).id).toBe(alice.user.id);

    const others = await alice.trpc.user.endOtherSessions();
    expect(others.message).toBe(messages.otherSessionsEnded);
    expect((await refusal(asTablet.trpc.auth.user())).status).toBe(401);
    expect((await alice.trpc.auth.user()).id).toBe(alice.user.id);
    expect(
      await harness().db.db.select().from(sessions).where(eq(sessions.userId, alice.user.id)),
    ).toHaveLength(1);
  });
});

describe("calendar feed links and a taken account", () => {
  /** The owner, an intruder's session on their account, and a link the intruder made there. */
  async function intrudedAccount() {
    const owner = await signedInCaller(harness());
    const intruder = callerFor(harness(), {
      cookie: (await startSession(harness().deps.sessions, owner.user.id)).cookie,
    });
    await intruder.trpc.calendarFeeds.create({});
    // Someone else's link, which none of this may touch.
    const bystander = await signedInCaller(harness());
    await bystander.trpc.calendarFeeds.create({});
    return { owner, bystander };
  }

  const feedsOf = (userId: number) =>
    harness().db.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));

  it("an intruder's feed link stops reading when the owner signs out everywhere else", async () => {
    const { owner, bystander } = await intrudedAccount();
    await owner.trpc.user.endOtherSessions();
    expect((await owner.trpc.calendarFeeds.list()).feeds).toEqual([]);
    expect(await feedsOf(owner.user.id)).toEqual([]);
    expect(await feedsOf(bystander.user.id)).toHaveLength(1);
  });

  it("an intruder's feed link stops reading when the owner changes the password", async () => {
    const { owner, bystander } = await intrudedAccount();
    await owner.trpc.user.changePassword({
      currentPassword: owner.password,
      newPassword: "Brand#new2025pw",
    });
    expect((await owner.trpc.calendarFeeds.list()).feeds).toEqual([]);
    expect(await feedsOf(bystander.user.id)).toHaveLength(1);
  });
});

/**
 * Data rights, called in-process (docs/decisions/014): deleting one's account (the password and
 * its limits, what becomes of each circle, plan, task, invitation, photo, file, session, push
 * subscription and waiting mail, and the confirming mail) and downloading one's data (what it
 * holds and never holds, its pages and their size, its limit). The REST door is in
 * data-rights.rest.integration.test.ts; the Account tab in the web's delete-account-card test.
 */
import { photoObjectKey } from "@circleplan/core/photos/photo-store";
import {
  circleMembers,
  circles,
  invitations,
  mailOutbox,
  planAttachments,
  plans,
  pushSubscriptions,
  sessions,
  storageGarbage,
  users,
} from "@circleplan/db/schema";
import {
  createCircle,
  createInvitation,
  createPlan,
  createUser,
  personalCircleOf,
  seriesRule,
  startSession,
} from "@circleplan/db/testing/factories";
import { DATA_EXPORT_FORMAT } from "@circleplan/shared/data-rights-outputs";
import {
  LOGIN_FREE_FAILURES,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_LOCATION_MAX_LENGTH,
  PLAN_NOTE_MAX_LENGTH,
  PLAN_TITLE_MAX_LENGTH,
  PLAN_URL_MAX_LENGTH,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { type TestHarness, useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const db = () => harness().db.db;

async function userExists(id: number) {
  return (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
}

async function circleRow(id: number) {
  const [row] = await db().select().from(circles).where(eq(circles.id, id));
  return row;
}

/** Members joined in this order, a minute apart (the longest-standing first). */
async function joinedInOrder(circleId: number, userIds: number[]) {
  const base = Date.now() - 24 * 60 * 60 * 1000;
  for (const [index, userId] of userIds.entries()) {
    await db()
      .update(circleMembers)
      .set({ createdAt: new Date(base + index * 60_000) })
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  }
}

/** An object in storage, and a photo's two objects, for what deletion must remove. */
async function storedPhoto(h: TestHarness, kind: "users" | "circles") {
  const key = `${kind}/${crypto.randomUUID().replaceAll("-", "")}`;
  for (const size of ["large", "thumb"] as const) {
    await h.deps.storage.put(photoObjectKey(key, size), new Uint8Array([1, 2, 3]), {
      contentType: "image/webp",
    });
  }
  return key;
}

async function attachedFile(h: TestHarness, planId: number, uploadedBy: number) {
  const storageKey = `attachments/${crypto.randomUUID().replaceAll("-", "")}`;
  await h.deps.storage.put(storageKey, new TextEncoder().encode("notes"), {
    contentType: "text/plain; charset=utf-8",
  });
  const [row] = await db()
    .insert(planAttachments)
    .values({
      planId,
      storageKey,
      fileName: "notes.txt",
      contentType: "text/plain; charset=utf-8",
      size: 5,
      uploadedBy,
    })
    .returning();
  if (!row) throw new Error("attachment insert returned nothing");
  return row;
}

/** What signing in as `account` from `ip` (a new address unless told) now answers. */
function signInAs(
  h: TestHarness,
  account: { user: { email: string }; password: string },
  ip?: string,
) {
  const browser = callerFor(h, ip ? { ip } : {});
  return refusal(
    browser.trpc.auth.login({ email: account.user.email, password: account.password }),
  );
}

async function stored(h: TestHarness, key: string) {
  return (await h.deps.storage.get(key)) !== null;
}

describe("deleting an account: the password", () => {
  it("signed out: answers 401 and deletes nothing", async () => {
    const h = harness();
    const { user, password } = await createUser(h.deps);
    const anonymous = callerFor(h);
    expect((await refusal(anonymous.trpc.user.deleteAccount({ password }))).status).toBe(401);
    expect(await userExists(user.id)).toBe(true);
  });

  it("a wrong password deletes nothing and answers 400 with the product's message", async () => {
    const h = harness();
    const alice = await signedInCaller(h);
    const refused = await refusal(alice.trpc.user.deleteAccount({ password: "Not-her-pass1!" }));
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { path: "password", message: messages.currentPasswordWrong },
    ]);
    expect(await userExists(alice.user.id)).toBe(true);
    expect(await alice.trpc.auth.user()).toMatchObject({ id: alice.user.id });
    expect(h.logs.filter((line) => line.event === "account.delete_failed")).toHaveLength(1);
  });

  it("no password answers 400 Password is required", async () => {
    const alice = await signedInCaller(harness());
    const refused = await refusal(alice.trpc.user.deleteAccount({ password: "" }));
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toContainEqual({
      path: "password",
      message: messages.passwordRequired,
    });
  });

  it("a session deletes only its own account, even when it names another with that one's password", async () => {
    const h = harness();
    const alice = await signedInCaller(h, { user: { password: "Alice-own-pass9!" } });
    const bob = await signedInCaller(h);
    const refused = await refusal(
      bob.trpc.user.deleteAccount({ password: alice.password, userId: alice.user.id } as never),
    );
    expect(refused.status).toBe(400);
    expect(await userExists(alice.user.id)).toBe(true);
    expect(await userExists(bob.user.id)).toBe(true);
  });

  it("a stolen session guessing the password is slowed like sign-in, and sign-in with it", async () => {
    const h = harness();
    const alice = await signedInCaller(h);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      const wrong = await refusal(alice.trpc.user.deleteAccount({ password: `Guess-${i}-pass!` }));
      expect(wrong.status).toBe(400);
    }
    const throttled = await refusal(alice.trpc.user.deleteAccount({ password: alice.password }));
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfter).toBeGreaterThan(0);
    expect(await userExists(alice.user.id)).toBe(true);
    // The same account and address: its sign-in waits too, so the two doors add no guesses.
    expect((await signInAs(h, alice, alice.ip)).status).toBe(429);
    expect(h.logs.some((line) => line.event === "account.delete_throttled")).toBe(true);
  });

  it("a stolen session spreading guesses over many addresses meets the per-account limit", async () => {
    const h = harness();
    const alice = await signedInCaller(h);
    for (let i = 0; i < 10; i++) {
      const elsewhere = callerFor(h, { cookie: alice.cookie, ip: `203.0.113.${i + 1}` });
      const wrong = await refusal(elsewhere.trpc.user.deleteAccount({ password: `Guess-${i}!x` }));
      expect(wrong.status).toBe(400);
    }
    const fresh = callerFor(h, { cookie: alice.cookie, ip: "203.0.113.99" });
    const limited = await refusal(fresh.trpc.user.deleteAccount({ password: alice.password }));
    expect(limited.status).toBe(429);
    expect(await userExists(alice.user.id)).toBe(true);
  });
});

describe("deleting an account: what goes and what stays", () => {
  it("ends every session of the account, clears the cookie, and sign-in fails afterwards", async () => {
    const h = harness();
    const alice = await signedInCaller(h);
    const phone = callerFor(h, {
      cookie: (await startSession(h.deps.sessions, alice.user.id)).cookie,
    });
    const answer = await alice.trpc.user.deleteAccount({ password: alice.password });
    expect(answer.message).toBe(messages.accountDeleted);
    expect(alice.cookie).toBeNull();
    expect(await userExists(alice.user.id)).toBe(false);
    expect(await db().select().from(sessions).where(eq(sessions.userId, alice.user.id))).toEqual(
      [],
    );
    expect((await refusal(phone.trpc.auth.user())).status).toBe(401);
    expect((await signInAs(h, alice)).status).toBe(401);
    expect(h.logs.some((line) => line.event === "account.deleted")).toBe(true);
  });

  it("a circle I created passes to its longest-standing admin, before any longer-standing member", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const member = await signedInCaller(h);
    const admin = await signedInCaller(h);
    const laterAdmin = (await createUser(h.deps)).user;
    const family = await createCircle(h.deps, {
      creatorId: me.user.id,
      members: [member.user.id],
      admins: [admin.user.id, laterAdmin.id],
    });
    await joinedInOrder(family.id, [me.user.id, member.user.id, admin.user.id, laterAdmin.id]);
    await me.trpc.user.deleteAccount({ password: me.password });
    expect((await circleRow(family.id))?.creatorId).toBe(admin.user.id);
    const seen = await admin.trpc.circles.get({ id: family.id });
    expect(seen).toMatchObject({ isCreator: true, role: "admin", memberCount: 3 });
    expect(await member.trpc.circles.get({ id: family.id })).toMatchObject({ role: "member" });
  });

  it("with no admin left, a circle passes to its longest-standing member, made an admin", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const first = await signedInCaller(h);
    const second = await signedInCaller(h);
    const club = await createCircle(h.deps, {
      creatorId: me.user.id,
      members: [second.user.id, first.user.id],
      type: "custom",
    });
    await joinedInOrder(club.id, [me.user.id, first.user.id, second.user.id]);
    await me.trpc.user.deleteAccount({ password: me.password });
    expect((await circleRow(club.id))?.creatorId).toBe(first.user.id);
    expect(await first.trpc.circles.get({ id: club.id })).toMatchObject({
      isCreator: true,
      role: "admin",
    });
    const [row] = await db()
      .select({ role: circleMembers.role })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, club.id), eq(circleMembers.userId, first.user.id)));
    expect(row?.role).toBe("admin");
  });

  it("circles nobody else is in are deleted, with their photos and files removed from storage", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const solo = await createCircle(h.deps, { creatorId: me.user.id, type: "custom" });
    const photoKey = await storedPhoto(h, "circles");
    await db().update(circles).set({ photoKey }).where(eq(circles.id, solo.id));
    const plan = await createPlan(h.deps, { circleId: personal.id, creatorId: me.user.id });
    const file = await attachedFile(h, plan.id, me.user.id);

    await me.trpc.user.deleteAccount({ password: me.password });

    expect(await circleRow(personal.id)).toBeUndefined();
    expect(await circleRow(solo.id)).toBeUndefined();
    expect(await stored(h, photoObjectKey(photoKey, "large"))).toBe(false);
    expect(await stored(h, photoObjectKey(photoKey, "thumb"))).toBe(false);
    expect(await stored(h, file.storageKey)).toBe(false);
    expect(await db().select().from(storageGarbage)).toEqual([]);
  });

  it("my plans go from every circle with their files; other members' plans stay; tasks given to me are handed back", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const owner = await signedInCaller(h);
    const neighbour = await signedInCaller(h);
    const theirs = await createCircle(h.deps, {
      creatorId: owner.user.id,
      members: [me.user.id, neighbour.user.id],
    });
    const myEvent = await createPlan(h.deps, { circleId: theirs.id, creatorId: me.user.id });
    const mySeries = await createPlan(h.deps, {
      circleId: theirs.id,
      creatorId: me.user.id,
      recurrence: seriesRule(),
    });
    const myTaskForThem = await createPlan(h.deps, {
      circleId: theirs.id,
      creatorId: me.user.id,
      assignedTo: neighbour.user.id,
    });
    const myFile = await attachedFile(h, myEvent.id, me.user.id);
    const ownersEvent = await createPlan(h.deps, { circleId: theirs.id, creatorId: owner.user.id });
    const ownersFile = await attachedFile(h, ownersEvent.id, owner.user.id);
    const taskForMe = await createPlan(h.deps, {
      circleId: theirs.id,
      creatorId: owner.user.id,
      assignedTo: me.user.id,
    });

    await me.trpc.user.deleteAccount({ password: me.password });

    const left = await db().select().from(plans).where(eq(plans.circleId, theirs.id));
    expect(left.map((plan) => plan.id).sort()).toEqual([ownersEvent.id, taskForMe.id].sort());
    for (const gone of [myEvent, mySeries, myTaskForThem]) {
      expect(left.some((plan) => plan.id === gone.id)).toBe(false);
    }
    expect(await stored(h, myFile.storageKey)).toBe(false);
    expect(await stored(h, ownersFile.storageKey)).toBe(true);
    const handedBack = left.find((plan) => plan.id === taskForMe.id);
    expect(handedBack).toMatchObject({ assignedTo: null });
    expect(handedBack?.cancelledAt).not.toBeNull();
    // The circle goes on without me, and its creator sees the task as withdrawn.
    expect((await circleRow(theirs.id))?.creatorId).toBe(owner.user.id);
    const seen = await owner.trpc.circles.get({ id: theirs.id });
    expect(seen.memberCount).toBe(2);
    const history = await owner.trpc.tasks.history({ type: "assigned-by-me" });
    expect(history.tasks.find((task) => task.id === taskForMe.id)?.status).toBe("cancelled");
  });

  it("invitations I sent and invitations addressed to me go; others' stay", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const other = await signedInCaller(h);
    const shared = await createCircle(h.deps, {
      creatorId: me.user.id,
      admins: [other.user.id],
    });
    const elsewhere = await createCircle(h.deps, { creatorId: other.user.id });
    const sentByMe = await createInvitation(h.deps, {
      circleId: shared.id,
      email: "grandma@example.com",
      inviterId: me.user.id,
    });
    const toMe = await createInvitation(h.deps, {
      circleId: elsewhere.id,
      email: me.user.email,
      inviterId: other.user.id,
    });
    const answeredToMe = await createInvitation(h.deps, {
      circleId: shared.id,
      email: me.user.email,
      inviterId: other.user.id,
      status: "declined",
    });
    const notMine = await createInvitation(h.deps, {
      circleId: shared.id,
      email: "cousin@example.com",
      inviterId: other.user.id,
    });

    await me.trpc.user.deleteAccount({ password: me.password });

    const ids = (await db().select({ id: invitations.id }).from(invitations)).map((r) => r.id);
    expect(ids).toEqual([notMine.invitation.id]);
    for (const gone of [sentByMe, toMe, answeredToMe]) {
      expect(ids).not.toContain(gone.invitation.id);
    }
  });

  it("my photo, push subscriptions and the mail waiting for me go; one mail confirms the deletion", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const member = await signedInCaller(h, { user: { firstName: "Bea", lastName: "Jones" } });
    await createCircle(h.deps, {
      creatorId: me.user.id,
      members: [member.user.id],
      name: "Jones family",
    });
    await createCircle(h.deps, { creatorId: me.user.id, type: "custom", name: "Solo project" });
    const photoKey = await storedPhoto(h, "users");
    await db().update(users).set({ photoKey }).where(eq(users.id, me.user.id));
    await db().insert(pushSubscriptions).values({
      userId: me.user.id,
      endpoint: "https://push.example.com/send/abc",
      p256dh: "key",
      auth: "secret",
    });
    await db().insert(mailOutbox).values({
      to: me.user.email,
      subject: "Reminder: Dentist",
      text: "Dentist at 10",
      html: "<p>Dentist at 10</p>",
    });

    await me.trpc.user.deleteAccount({ password: me.password });

    expect(await stored(h, photoObjectKey(photoKey, "large"))).toBe(false);
    expect(await db().select().from(pushSubscriptions)).toEqual([]);
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, me.user.email));
    expect(mail.map((m) => m.subject)).toEqual(["Your Circleplan account has been deleted"]);
    // Delivered mail keeps no body; the dev mailbox (sandbox) keeps it, as here.
    expect(mail[0]?.text).toContain("Jones family now belongs to Bea Jones.");
    expect(mail[0]?.text).toContain("Solo project was deleted, as nobody else was in it.");
    expect(mail[0]?.text).not.toContain("Personal");
  });

  it("a double click deletes once: the second request finds nobody signed in", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const results = await Promise.allSettled([
      me.trpc.user.deleteAccount({ password: me.password }),
      me.trpc.user.deleteAccount({ password: me.password }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect((await refusal(Promise.reject(failed?.reason))).status).toBe(401);
    expect(
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, me.user.email)),
    ).toHaveLength(1);
  });
});

describe("downloading my data", () => {
  it("signed out: answers 401", async () => {
    expect((await refusal(callerFor(harness()).trpc.user.exportData())).status).toBe(401);
  });

  it("holds my profile, my circles with my place, my plans and tasks given to me with their files, and nothing of anyone else's", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const owner = await signedInCaller(h);
    const theirs = await createCircle(h.deps, { creatorId: owner.user.id, members: [me.user.id] });
    const personal = await personalCircleOf(h.deps, me.user.id);
    const mine = await createPlan(h.deps, {
      circleId: theirs.id,
      creatorId: me.user.id,
      title: "School run",
      recurrence: seriesRule(),
    });
    const file = await attachedFile(h, mine.id, me.user.id);
    const forMe = await createPlan(h.deps, {
      circleId: theirs.id,
      creatorId: owner.user.id,
      assignedTo: me.user.id,
      title: "Buy milk",
    });
    const ownersOwn = await createPlan(h.deps, { circleId: theirs.id, creatorId: owner.user.id });
    const strangers = await signedInCaller(h);
    const strangersPlan = await createPlan(h.deps, {
      circleId: (await personalCircleOf(h.deps, strangers.user.id)).id,
      creatorId: strangers.user.id,
    });

    const page = await me.trpc.user.exportData();

    expect(page).toMatchObject({ format: DATA_EXPORT_FORMAT, version: 1, nextPage: null });
    expect(page.profile).toMatchObject({
      id: me.user.id,
      email: me.user.email,
      reminderEmail: true,
      digestEmail: false,
    });
    expect(page.circles).toEqual([
      expect.objectContaining({ id: personal.id, role: "admin", isCreator: true }),
      expect.objectContaining({ id: theirs.id, role: "member", isCreator: false }),
    ]);
    const byId = new Map(page.plans.map((plan) => [plan.id, plan]));
    expect([...byId.keys()]).toEqual([mine.id, forMe.id]);
    expect(byId.get(mine.id)).toMatchObject({
      title: "School run",
      createdByMe: true,
      assignedToMe: false,
      rrule: "FREQ=WEEKLY;BYDAY=MO",
      attachments: [expect.objectContaining({ id: file.id, fileName: "notes.txt", size: 5 })],
    });
    expect(byId.get(forMe.id)).toMatchObject({
      title: "Buy milk",
      createdByMe: false,
      assignedToMe: true,
      creatorId: owner.user.id,
      status: "pending",
    });
    expect(byId.has(ownersOwn.id)).toBe(false);
    expect(byId.has(strangersPlan.id)).toBe(false);
    const text = JSON.stringify(page);
    expect(text).not.toContain(owner.user.email);
    expect(text).not.toContain(file.storageKey);
    expect(text).not.toContain("password");
  });

  it("comes in pages that, followed to the end, hold every circle and plan once", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    const extra = [];
    for (let i = 0; i < 3; i++) extra.push(await createCircle(h.deps, { creatorId: me.user.id }));
    const made: number[] = [];
    for (let i = 0; i < 120; i++) {
      made.push((await createPlan(h.deps, { circleId: personal.id, creatorId: me.user.id })).id);
    }
    const circleIds: number[] = [];
    const planIds: number[] = [];
    let page = await me.trpc.user.exportData();
    const pages = [page];
    while (page.nextPage) {
      page = await me.trpc.user.exportData({ page: page.nextPage });
      pages.push(page);
    }
    for (const each of pages) {
      expect(each.circles.length + each.plans.length).toBeLessThanOrEqual(50);
      circleIds.push(...each.circles.map((circle) => circle.id));
      planIds.push(...each.plans.map((plan) => plan.id));
    }
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(1).every((each) => each.profile === null)).toBe(true);
    expect(circleIds).toEqual([personal.id, ...extra.map((circle) => circle.id)]);
    expect(planIds).toEqual(made);
  });

  it("a page of plans at every field's ceiling stays far below Lambda's 6 MB answer", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    const personal = await personalCircleOf(h.deps, me.user.id);
    // Three bytes a character in UTF-8, the most a JSON answer spends on one.
    const text = (length: number) => "€".repeat(length);
    for (let i = 0; i < 50; i++) {
      const plan = await createPlan(h.deps, {
        circleId: personal.id,
        creatorId: me.user.id,
        title: text(PLAN_TITLE_MAX_LENGTH),
        description: text(PLAN_DESCRIPTION_MAX_LENGTH),
        voiceNote: text(PLAN_DESCRIPTION_MAX_LENGTH),
        location: text(PLAN_LOCATION_MAX_LENGTH),
        mapUrl: `https://maps.example.com/${"a".repeat(PLAN_URL_MAX_LENGTH - 30)}`,
        responseNote: text(PLAN_NOTE_MAX_LENGTH),
      });
      await db()
        .insert(planAttachments)
        .values(
          Array.from({ length: 10 }, (_, n) => ({
            planId: plan.id,
            storageKey: `attachments/${plan.id}x${n}`,
            fileName: `${text(196)}.pdf`,
            contentType: "application/pdf",
            size: 5 * 1024 * 1024,
            uploadedBy: me.user.id,
          })),
        );
    }
    const first = await me.trpc.user.exportData();
    const bytes = Buffer.byteLength(JSON.stringify(first));
    expect(first.plans.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  it("a made-up page answers 400 with the product's message", async () => {
    const me = await signedInCaller(harness());
    for (const page of ["events.1", "plans.-1", "plans.99999999999", "plans.9999999999", "x"]) {
      const refused = await refusal(me.trpc.user.exportData({ page }));
      expect(refused.status, page).toBe(400);
      expect(refused.body.message, page).toBe(messages.dataExportPageInvalid);
    }
  });

  it("starting downloads is limited to 10 an hour per user; following pages is not", async () => {
    const h = harness();
    const me = await signedInCaller(h);
    for (let i = 0; i < 10; i++) await me.trpc.user.exportData();
    const limited = await refusal(me.trpc.user.exportData());
    expect(limited.status).toBe(429);
    expect(await me.trpc.user.exportData({ page: "plans.0" })).toMatchObject({ profile: null });
    h.clock.advance(60 * 60 * 1000);
    expect((await me.trpc.user.exportData()).profile?.id).toBe(me.user.id);
  });
});

/**
 * Who hears about a change (issue 20, docs/decisions/019): the one rule, through the callers,
 * for each role that should and should not be told (creator, assignee before and after
 * accepting, follower of the circle, follower of the plan, a muted member, another member, the
 * actor, a non-member, a removed member); reminders by the same rule (remindsMe, the scheduled
 * mail); the inbox's reads and marking read; invitations to the reader; follow and mute for each
 * role; retention; the digest's "What changed since yesterday". Push for changes is in
 * change-push.integration.test.ts, the REST door in inbox.rest.integration.test.ts.
 */
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { countStatements } from "@circleplan/core/reminders/testing/statement-count";
import {
  circleActivity,
  circleMembers,
  inboxItems,
  mailOutbox,
  planFollows,
  users,
} from "@circleplan/db/schema";
import { createCircle, createPlans } from "@circleplan/db/testing/factories";
import { describeActivity } from "@circleplan/shared/activity-words";
import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import { PLAN_FOLLOWS_PER_USER_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CircleOfFour, circleOfFour } from "./testing/circle-callers";
import { refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const NOW = new Date("2026-03-01T12:00:00Z");
const JOINED = new Date("2026-02-01T00:00:00Z");

async function family() {
  const h = harness();
  h.clock.set(NOW);
  return { h, ...(await circleOfFour(h, { joinedAt: JOINED })) };
}

type Family = CircleOfFour & { h: ReturnType<typeof harness> };

/** What `reader`'s inbox says, newest first, as they read it (UTC). */
async function inboxOf(reader: TestCaller & { user: { id: number } }): Promise<string[]> {
  const page = await reader.trpc.inbox.list({ limit: 100 });
  return page.entries.map((entry) =>
    describeActivity(entry, { zone: "UTC", viewerId: reader.user.id }),
  );
}

/** Each of the family's inboxes, by first name: who was told what. */
async function told(f: Family): Promise<Record<string, string[]>> {
  const people = [f.creator, f.admin, f.assignee, f.member, f.outsider];
  const inboxes = await Promise.all(people.map((who) => inboxOf(who)));
  return Object.fromEntries(people.map((who, i) => [who.user.firstName, inboxes[i] ?? []]));
}

/** Empties every inbox: a test then reads only what its own change told. */
async function clearInboxes(f: Family) {
  await f.h.db.db.delete(inboxItems);
}

function task(f: Family, fields: Record<string, unknown> = {}) {
  return f.creator.trpc.plans.create({
    circleId: f.circle.id,
    title: "Bins",
    startTime: new Date("2026-03-03T17:00:00Z"),
    timeZone: "UTC",
    assignedTo: f.assignee.user.id,
    reminderTimes: ["1 hour before"],
    ...fields,
  });
}

function moveTo(who: TestCaller, id: number, start: string) {
  return who.trpc.plans.update({ id, startTime: new Date(start) } as Parameters<
    typeof who.trpc.plans.update
  >[0]);
}

describe("who is told of a change to a plan", () => {
  it("a task made for someone tells them, and nobody else; never its maker", async () => {
    const f = await family();
    await task(f);
    expect(await told(f)).toEqual({
      Cora: [],
      Abe: [],
      Ivy: ["Cora added Bins for you on Tue 3 Mar 17:00"],
      Milo: [],
      Otto: [],
    });
  });

  it("the assignee hears of a move only once they accepted it; the creator hears of it by another", async () => {
    const f = await family();
    const { id } = await task(f);
    await clearInboxes(f);
    await moveTo(f.creator, id, "2026-03-04T17:00:00Z");
    expect((await told(f)).Ivy).toEqual([]);

    await f.assignee.trpc.tasks.accept({ id, note: "On it" });
    expect((await told(f)).Cora).toEqual(["Ivy accepted Bins: On it"]);
    await clearInboxes(f);
    await moveTo(f.creator, id, "2026-03-05T18:00:00Z");
    expect(await told(f)).toEqual({
      Cora: [],
      Abe: [],
      Ivy: ["Cora moved Bins from Wed 4 Mar 17:00 to Thu 5 Mar 18:00"],
      Milo: [],
      Otto: [],
    });
  });

  it("a decline reaches the creator with its reason", async () => {
    const f = await family();
    const { id } = await task(f);
    await f.assignee.trpc.tasks.decline({ id, reason: "Away that week" });
    expect((await told(f)).Cora).toEqual(["Ivy declined Bins: Away that week"]);
  });

  it("assigning tells the new assignee and the one it was taken from; withdrawing tells the latter", async () => {
    const f = await family();
    const { id } = await task(f);
    await clearInboxes(f);
    await f.creator.trpc.plans.update({ id, assignedTo: f.member.user.id } as Parameters<
      typeof f.creator.trpc.plans.update
    >[0]);
    const afterAssign = await told(f);
    expect(afterAssign.Milo).toEqual(["Cora assigned Bins to you"]);
    expect(afterAssign.Ivy).toEqual(["Cora assigned Bins to Milo"]);
    expect(afterAssign.Abe).toEqual([]);
    await clearInboxes(f);
    await f.creator.trpc.tasks.cancel({ id });
    expect(await told(f)).toMatchObject({ Milo: ["Cora took Bins back from you"], Ivy: [] });
  });

  it("a follower of the circle hears of every change but their own; a follower of a plan, of that plan only", async () => {
    const f = await family();
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    const followed = await task(f, { title: "Followed", assignedTo: undefined });
    const other = await task(f, { title: "Other", assignedTo: undefined });
    await f.admin.trpc.notifications.followPlan({ id: followed.id });
    await clearInboxes(f);

    await moveTo(f.creator, followed.id, "2026-03-04T17:00:00Z");
    await moveTo(f.creator, other.id, "2026-03-04T17:00:00Z");
    const moved = await told(f);
    expect(moved.Milo).toEqual([
      "Cora moved Other from Tue 3 Mar 17:00 to Wed 4 Mar 17:00",
      "Cora moved Followed from Tue 3 Mar 17:00 to Wed 4 Mar 17:00",
    ]);
    expect(moved.Abe).toEqual(["Cora moved Followed from Tue 3 Mar 17:00 to Wed 4 Mar 17:00"]);
    expect(moved.Otto).toEqual([]);

    // The follower's own change tells the others it concerns, never the follower.
    await clearInboxes(f);
    await f.member.trpc.notifications.followPlan({ id: followed.id });
    await f.creator.trpc.plans.complete({ id: followed.id, isCompleted: true });
    const completed = await told(f);
    expect(completed.Cora).toEqual([]);
    expect(completed.Milo).toEqual(["Cora completed Followed"]);
  });

  it("a muted circle tells its member nothing of their plans, but still what is addressed to them", async () => {
    const f = await family();
    await f.creator.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    await f.assignee.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    const plain = await task(f, { title: "Plain", assignedTo: undefined });
    const { id } = await task(f);
    // A task given to a member of a muted circle still reaches them: someone counts on them.
    expect((await told(f)).Ivy).toEqual(["Cora added Bins for you on Tue 3 Mar 17:00"]);
    await f.assignee.trpc.tasks.accept({ id });
    await clearInboxes(f);

    await f.admin.trpc.plans.delete({ id: plain.id });
    await moveTo(f.creator, id, "2026-03-04T17:00:00Z");
    const after = await told(f);
    // Cora muted the circle: her plan deleted by an admin stays quiet.
    expect(after.Cora).toEqual([]);
    // Ivy accepted the task: changes to it reach her through the mute.
    expect(after.Ivy).toEqual(["Cora moved Bins from Tue 3 Mar 17:00 to Wed 4 Mar 17:00"]);

    // A plan followed one by one is the more specific choice: it beats the mute.
    await f.creator.trpc.notifications.followPlan({ id });
    await f.assignee.trpc.plans.complete({ id, isCompleted: true });
    expect((await told(f)).Cora).toEqual(["Ivy completed Bins"]);
  });

  it("a removed member stops hearing and loses what their inbox held of the circle and the plans they followed", async () => {
    const f = await family();
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    const { id } = await task(f, { assignedTo: undefined });
    await f.member.trpc.notifications.followPlan({ id });
    expect(await inboxOf(f.member)).toHaveLength(1);

    await f.creator.trpc.circles.removeMember({ id: f.circle.id, userId: f.member.user.id });
    await moveTo(f.creator, id, "2026-03-04T17:00:00Z");
    expect(await inboxOf(f.member)).toEqual([]);
    const follows = await f.h.db.db
      .select()
      .from(planFollows)
      .where(eq(planFollows.userId, f.member.user.id));
    expect(follows).toEqual([]);
    // The removal itself goes to the circle's followers, not to whom it removed.
    expect((await told(f)).Milo).toEqual([]);
  });
});

describe("the queue's cost", () => {
  it("a change queues its inbox rows in the same few statements whatever the circle's size", async () => {
    const statementsOfAMove = async (members: number) => {
      const h = harness();
      const creator = await signedInCaller(h);
      const others = [];
      for (let i = 0; i < members; i++) others.push((await signedInCaller(h)).user.id);
      const circle = await createCircle(h.deps, { creatorId: creator.user.id, members: others });
      await h.db.db
        .update(circleMembers)
        .set({ notify: "following" })
        .where(eq(circleMembers.circleId, circle.id));
      const { id } = await creator.trpc.plans.create({
        circleId: circle.id,
        title: "Bins",
        startTime: new Date("2026-03-03T17:00:00Z"),
        timeZone: "UTC",
      });
      await h.db.db.delete(inboxItems);
      const counter = countStatements(h.db.db);
      await moveTo(creator, id, "2026-03-04T17:00:00Z");
      counter.stop();
      const told = await h.db.db.select().from(inboxItems);
      return { statements: counter.count, rows: told.length };
    };
    const small = await statementsOfAMove(2);
    const large = await statementsOfAMove(30);
    expect([small.rows, large.rows]).toEqual([2, 30]);
    expect(large.statements).toBe(small.statements);
  });
});

describe("who is told of the circle's other news", () => {
  it("joining and declining reach the inviter; other members only if they follow the circle", async () => {
    const f = await family();
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    const nan = await signedInCaller(f.h, { user: { firstName: "Nan", lastName: "Ames" } });
    const pop = await signedInCaller(f.h, { user: { firstName: "Pop", lastName: "Ames" } });
    const forNan = await f.admin.trpc.invitations.create({
      id: f.circle.id,
      email: nan.user.email,
    });
    const forPop = await f.admin.trpc.invitations.create({
      id: f.circle.id,
      email: pop.user.email,
    });
    await clearInboxes(f);
    await nan.trpc.invitations.accept({ id: forNan.id });
    await pop.trpc.invitations.decline({ id: forPop.id });
    const heard = await told(f);
    const circle = f.circle.name;
    expect(heard.Abe).toEqual([`An invitation to ${circle} was declined`, `Nan joined ${circle}`]);
    expect(heard.Milo).toEqual(heard.Abe);
    expect(heard.Cora).toEqual([]);
  });

  it("promotion tells the member promoted, even in a muted circle", async () => {
    const f = await family();
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    await f.creator.trpc.circles.setMemberRole({
      id: f.circle.id,
      userId: f.member.user.id,
      role: "admin",
    });
    expect(await inboxOf(f.member)).toEqual([`Cora made you an admin of ${f.circle.name}`]);
  });
});

describe("invitations to the reader", () => {
  it("an invitation to an account's address is in its inbox, with the circle's name; withdrawn, it goes", async () => {
    const f = await family();
    const page = async () => (await f.outsider.trpc.inbox.list()).entries;
    const invitation = await f.admin.trpc.invitations.create({
      id: f.circle.id,
      email: f.outsider.user.email,
    });
    const [entry] = await page();
    expect(entry).toMatchObject({
      kind: "invitation_received",
      entryId: null,
      invitationId: invitation.id,
      circleId: f.circle.id,
      circleName: f.circle.name,
      actor: { id: f.admin.user.id, firstName: "Abe" },
      readAt: null,
    });
    expect(describeActivity(entry as InboxEntry, { zone: "UTC" })).toBe(
      `Abe invited you to join ${f.circle.name}`,
    );
    // The outsider reads nothing else of the circle.
    expect((await page()).map((e) => e.kind)).toEqual(["invitation_received"]);
    await f.admin.trpc.invitations.delete({ id: f.circle.id, invitationId: invitation.id });
    expect(await page()).toEqual([]);
  });

  it("an address nobody proved (or no account) gets no inbox entry", async () => {
    const f = await family();
    const unproved = await signedInCaller(f.h, { user: { verified: false } });
    await f.admin.trpc.invitations.create({ id: f.circle.id, email: unproved.user.email });
    await f.admin.trpc.invitations.create({ id: f.circle.id, email: "nobody@example.com" });
    expect(await f.h.db.db.select().from(inboxItems)).toEqual([]);
  });
});

describe("the inbox", () => {
  it("pages newest first by cursor, counts unread, marks one and all read; another's entry is 404", async () => {
    const f = await family();
    for (const [i, title] of ["One", "Two", "Three"].entries()) {
      f.h.clock.set(new Date(NOW.getTime() + i * 60_000));
      await task(f, { title });
    }
    const first = await f.assignee.trpc.inbox.list({ limit: 2 });
    expect(first.entries.map((entry) => entry.title)).toEqual(["Three", "Two"]);
    expect(first.entries[0]).toMatchObject({
      kind: "plan_created",
      entryId: expect.any(Number),
      circleName: f.circle.name,
      invitationId: null,
      readAt: null,
    });
    const second = await f.assignee.trpc.inbox.list({ limit: 2, cursor: first.nextCursor ?? "" });
    expect(second.entries.map((entry) => entry.title)).toEqual(["One"]);
    expect(second.nextCursor).toBeNull();

    expect(await f.assignee.trpc.inbox.unreadCount()).toEqual({ unread: 3 });
    const newest = first.entries[0] as InboxEntry;
    expect(await f.assignee.trpc.inbox.markRead({ id: newest.id })).toEqual({ unread: 2 });
    // Again: it stays read from its first time.
    f.h.clock.advance(60_000);
    expect(await f.assignee.trpc.inbox.markRead({ id: newest.id })).toEqual({ unread: 2 });
    const [reread] = (await f.assignee.trpc.inbox.list({ limit: 1 })).entries;
    expect(reread?.readAt).toEqual(new Date(NOW.getTime() + 2 * 60_000));

    expect(await refusal(f.member.trpc.inbox.markRead({ id: newest.id }))).toMatchObject({
      status: 404,
      body: { message: notificationMessages.inboxEntryNotFound },
    });
    expect(await f.assignee.trpc.inbox.markAllRead()).toEqual({ unread: 0 });
    expect(await f.assignee.trpc.inbox.unreadCount()).toEqual({ unread: 0 });
  });

  it("answers 401 signed out", async () => {
    const f = await family();
    for (const call of [
      () => f.anon.trpc.inbox.list(),
      () => f.anon.trpc.inbox.unreadCount(),
      () => f.anon.trpc.inbox.markRead({ id: 1 }),
      () => f.anon.trpc.inbox.markAllRead(),
    ]) {
      expect(await refusal(call())).toMatchObject({ status: 401 });
    }
  });

  it("keeps entries as long as the feed: the hourly upkeep's retention takes them with theirs", async () => {
    const f = await family();
    await task(f);
    await f.admin.trpc.invitations.create({ id: f.circle.id, email: f.outsider.user.email });
    expect(await f.h.db.db.select().from(inboxItems)).toHaveLength(2);
    f.h.clock.set(new Date(NOW.getTime() + 91 * 24 * 60 * 60 * 1000));
    await runScheduledJob(f.h.deps);
    expect(await f.h.db.db.select().from(circleActivity)).toEqual([]);
    expect(await f.h.db.db.select().from(inboxItems)).toEqual([]);
  });
});

describe("follow and mute, for each role", () => {
  it("any member sets their own circle level; a non-member gets 404, signed out 401, a bad level 400", async () => {
    const f = await family();
    const id = f.circle.id;
    expect(await f.member.trpc.notifications.circle({ id })).toEqual({
      circleId: id,
      level: "default",
    });
    expect(await f.member.trpc.notifications.setCircle({ id, level: "muted" })).toEqual({
      circleId: id,
      level: "muted",
    });
    // Only the caller's own: the creator's stays as it was.
    expect((await f.creator.trpc.notifications.circle({ id })).level).toBe("default");
    expect(await refusal(f.outsider.trpc.notifications.setCircle({ id, level: "muted" }))).toEqual({
      status: 404,
      body: { message: messages.circleNotFound, code: "NOT_FOUND" },
    });
    expect(await refusal(f.anon.trpc.notifications.circle({ id }))).toMatchObject({ status: 401 });
    const bad = await refusal(
      f.member.trpc.notifications.setCircle({ id, level: "loud" as "muted" }),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { message: notificationMessages.circleNotifyLevelInvalid },
    });
  });

  it("any member follows and unfollows a plan, and its answers say so; a non-member gets 404", async () => {
    const f = await family();
    const { id } = await task(f, { assignedTo: undefined });
    expect(await f.member.trpc.notifications.followPlan({ id })).toEqual({
      planId: id,
      following: true,
    });
    expect(await f.member.trpc.notifications.followPlan({ id })).toEqual({
      planId: id,
      following: true,
    });
    expect(await f.member.trpc.plans.get({ id })).toMatchObject({
      followedByMe: true,
      remindsMe: true,
    });
    expect(await f.admin.trpc.plans.get({ id })).toMatchObject({
      followedByMe: false,
      remindsMe: false,
    });
    expect(await f.member.trpc.notifications.unfollowPlan({ id })).toEqual({
      planId: id,
      following: false,
    });
    expect(await refusal(f.outsider.trpc.notifications.followPlan({ id }))).toEqual({
      status: 404,
      body: { message: messages.planNotFound, code: "NOT_FOUND" },
    });
    expect(await refusal(f.anon.trpc.notifications.followPlan({ id }))).toMatchObject({
      status: 401,
    });
  });

  it(`refuses a follow past ${PLAN_FOLLOWS_PER_USER_MAX} plans with the product's words`, async () => {
    const f = await family();
    const { id } = await task(f, { assignedTo: undefined });
    await f.member.trpc.notifications.followPlan({ id });
    // Up to the bound with follows of other plans (the bound counts rows).
    const others = await createPlans(f.h.deps, PLAN_FOLLOWS_PER_USER_MAX - 1, {
      circleId: f.circle.id,
      creatorId: f.creator.user.id,
      startsAt: NOW,
    });
    await f.h.db.db
      .insert(planFollows)
      .values(
        others.map((plan) => ({ planId: plan.id, userId: f.member.user.id, createdAt: NOW })),
      );
    const another = await task(f, { title: "One too many", assignedTo: undefined });
    expect(await refusal(f.member.trpc.notifications.followPlan({ id: another.id }))).toEqual({
      status: 400,
      body: { message: notificationMessages.planFollowsTooMany, code: "BAD_REQUEST" },
    });
    // Following one already followed is still fine at the bound.
    expect((await f.member.trpc.notifications.followPlan({ id })).following).toBe(true);
  });

  it("deleting an account deletes its inbox and its follows", async () => {
    const f = await family();
    const { id } = await task(f);
    await f.assignee.trpc.notifications.followPlan({ id });
    await f.admin.trpc.invitations.create({ id: f.circle.id, email: f.outsider.user.email });
    await f.assignee.trpc.user.deleteAccount({ password: f.assignee.password });
    await f.outsider.trpc.user.deleteAccount({ password: f.outsider.password });
    expect(await f.h.db.db.select().from(inboxItems)).toEqual([]);
    expect(await f.h.db.db.select().from(planFollows)).toEqual([]);
  });

  it("the data export holds the circle levels, the plans followed and the change-push setting", async () => {
    const f = await family();
    const { id } = await task(f, { assignedTo: undefined });
    await f.member.trpc.notifications.followPlan({ id });
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    await f.member.trpc.notifications.updatePreferences({ changePush: false });
    const page = await f.member.trpc.user.exportData();
    expect(page.profile).toMatchObject({ changePush: false, followedPlanIds: [id] });
    expect(page.circles).toContainEqual(
      expect.objectContaining({ id: f.circle.id, notify: "following" }),
    );
  });
});

describe("reminders by the same rule", () => {
  it("remindsMe names the creator, the accepted assignee and followers; a mute silences all but a task taken on", async () => {
    const f = await family();
    const { id } = await task(f);
    const remindsMe = async (who: TestCaller) =>
      (await who.trpc.plans.list({ date: "2026-03-03" })).find((plan) => plan.id === id)?.remindsMe;
    expect(await remindsMe(f.creator)).toBe(true);
    expect(await remindsMe(f.assignee)).toBe(false);
    expect(await remindsMe(f.member)).toBe(false);
    await f.assignee.trpc.tasks.accept({ id });
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    await f.creator.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    await f.assignee.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    expect(await remindsMe(f.assignee)).toBe(true);
    expect(await remindsMe(f.member)).toBe(true);
    expect(await remindsMe(f.creator)).toBe(false);
    expect(await remindsMe(f.admin)).toBe(false);
  });

  it("the scheduled reminder mail goes to a follower of the circle, and not to a creator who muted it", async () => {
    const f = await family();
    await task(f, { assignedTo: undefined, title: "Dentist" });
    await f.member.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    await f.creator.trpc.notifications.setCircle({ id: f.circle.id, level: "muted" });
    f.h.clock.set(new Date("2026-03-03T15:55:00Z"));
    await runScheduledJob(f.h.deps);
    f.h.clock.set(new Date("2026-03-03T16:00:00Z"));
    await runScheduledJob(f.h.deps);
    const mails = await f.h.db.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    const reminders = mails.filter((mail) => mail.subject === "Reminder: Dentist");
    expect(reminders.map((mail) => mail.to)).toEqual([f.member.user.email]);
  });
});

describe("the morning digest: what changed since yesterday", () => {
  it("lists the inbox's changes of the 24 hours before 07:00 in the reader's zone, escaped, newest first", async () => {
    const f = await family();
    await f.h.db.db
      .update(users)
      .set({ digestEmail: true, timeZone: "Europe/Berlin" })
      .where(eq(users.id, f.assignee.user.id));
    // 06:30 Berlin on the 2nd: before yesterday's 07:00 for the digest of the 3rd.
    f.h.clock.set(new Date("2026-03-02T05:30:00Z"));
    await task(f, { title: "Too early" });
    f.h.clock.set(new Date("2026-03-02T18:00:00Z"));
    await task(f, { title: "<b>Bins</b>" });
    f.h.clock.set(new Date("2026-03-03T05:00:00Z"));
    await task(f, { title: "Lunch", startTime: new Date("2026-03-04T11:00:00Z") });

    f.h.clock.set(new Date("2026-03-03T05:55:00Z"));
    await runScheduledJob(f.h.deps);
    f.h.clock.set(new Date("2026-03-03T06:00:00Z"));
    await runScheduledJob(f.h.deps);
    const [digest] = (await f.h.db.db.select().from(mailOutbox)).filter(
      (mail) => mail.to === f.assignee.user.email && mail.subject.startsWith("Your day"),
    );
    const [, changes = ""] = (digest?.text ?? "").split(notificationMessages.digestChangesHeading);
    expect(changes).toContain("- 06:00  Cora added Lunch for you on Wed 4 Mar 12:00 (");
    expect(changes.indexOf("Lunch")).toBeLessThan(changes.indexOf("<b>Bins</b>"));
    expect(changes).not.toContain("Too early");
    expect(digest?.html).toContain("&lt;b&gt;Bins&lt;/b&gt;");
    expect(digest?.html).not.toContain("<b>Bins</b>");
  });

  it("writes the changes and their times on a 12-hour reader's clock", async () => {
    const f = await family();
    await f.h.db.db
      .update(users)
      .set({ digestEmail: true, timeZone: "Europe/Berlin", timeFormat: "12h" })
      .where(eq(users.id, f.assignee.user.id));
    f.h.clock.set(new Date("2026-03-03T05:00:00Z"));
    await task(f, { title: "Lunch", startTime: new Date("2026-03-04T11:00:00Z") });
    f.h.clock.set(new Date("2026-03-03T06:00:00Z"));
    await runScheduledJob(f.h.deps);
    const [digest] = (await f.h.db.db.select().from(mailOutbox)).filter(
      (mail) => mail.to === f.assignee.user.email && mail.subject.startsWith("Your day"),
    );
    const [, changes = ""] = (digest?.text ?? "").split(notificationMessages.digestChangesHeading);
    expect(changes).toContain("- 6:00 AM  Cora added Lunch for you on Wed 4 Mar 12:00 PM (");
  });

  it("bounds the list and says how many more", async () => {
    const f = await family();
    await f.h.db.db
      .update(users)
      .set({ digestEmail: true })
      .where(eq(users.id, f.assignee.user.id));
    f.h.clock.set(new Date("2026-03-02T12:00:00Z"));
    for (let i = 0; i < 23; i++) await task(f, { title: `Chore ${i}`, reminderTimes: [] });
    f.h.clock.set(new Date("2026-03-03T06:55:00Z"));
    await runScheduledJob(f.h.deps);
    f.h.clock.set(new Date("2026-03-03T07:00:00Z"));
    await runScheduledJob(f.h.deps);
    const [digest] = (await f.h.db.db.select().from(mailOutbox)).filter((mail) =>
      mail.subject.startsWith("Your day"),
    );
    const [, changes = ""] = (digest?.text ?? "").split(notificationMessages.digestChangesHeading);
    expect(changes.match(/Cora added Chore/g)).toHaveLength(20);
    expect(changes).toContain("- and 3 more");
  });
});

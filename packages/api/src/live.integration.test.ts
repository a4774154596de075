/**
 * Live sync, server side (issue 20, docs/decisions/018-live-sync.md): who hears what, when
 * (after commit, never for a rolled-back change, once per circle and user per call), and the
 * version check. Listeners sit on the harness's local hub (testing/live-listeners.ts); the socket
 * door over real HTTP is live-socket.integration.test.ts, IoT's side is core's and functions'.
 */
import { recordActivity } from "@circleplan/core/activity/record";
import { createLive } from "@circleplan/core/live/announcements";
import { liveConnection } from "@circleplan/core/live/connect";
import { LIVE_TOKEN_TTL_MS, verifyLiveToken } from "@circleplan/core/live/live-token";
import { circleActivity } from "@circleplan/db/schema";
import { createCircle, createInvitation } from "@circleplan/db/testing/factories";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CircleOfFour, circleOfFour } from "./testing/circle-callers";
import { useLiveListeners } from "./testing/live-listeners";
import { refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();
const listen = useLiveListeners(harness);

const NOW = new Date("2026-03-01T12:00:00Z");

async function family(): Promise<CircleOfFour> {
  const h = harness();
  h.clock.set(NOW);
  return circleOfFour(h, { joinedAt: new Date("2026-02-01T00:00:00Z") });
}

/** The newest feed entry's id in a circle: its version. */
async function versionOf(circleId: number): Promise<number> {
  const [row] = await harness()
    .db.db.select({ id: circleActivity.id })
    .from(circleActivity)
    .where(eq(circleActivity.circleId, circleId))
    .orderBy(desc(circleActivity.id))
    .limit(1);
  if (!row) throw new Error(`circle ${circleId} has no entries`);
  return row.id;
}

/** An invitation to the outsider's address, from the circle's admin, written directly. */
function inviteOutsider(f: CircleOfFour) {
  return createInvitation(harness().deps, {
    circleId: f.circle.id,
    email: f.outsider.user.email,
    inviterId: f.admin.user.id,
  });
}

function addPlan(f: CircleOfFour, who: TestCaller = f.creator, circleId = f.circle.id) {
  return who.trpc.plans.create({
    circleId,
    title: "Dentist",
    startTime: new Date("2026-03-03T09:00:00Z"),
    endTime: new Date("2026-03-03T10:00:00Z"),
    timeZone: "UTC",
  });
}

const circle = (circleId: number, version: number) => ({ kind: "circle", circleId, version });
const user = { kind: "user" };

/** One call's announcements go out together, in no particular order. */
function expectHeard(heard: unknown[], expected: unknown[]) {
  expect(heard).toHaveLength(expected.length);
  expect(heard).toEqual(expect.arrayContaining(expected));
}

describe("who hears a circle's change", () => {
  it("every member hears it once, with the circle's newest entry as its version; an outsider hears nothing", async () => {
    const f = await family();
    const ears = [f.creator, f.admin, f.assignee, f.member].map(listen);
    const outsider = listen(f.outsider);
    await addPlan(f);
    const expected = circle(f.circle.id, await versionOf(f.circle.id));
    for (const heard of ears) expect(heard).toEqual([expected]);
    expect(outsider).toEqual([]);
  });

  it("a signed-out call changes nothing and announces nothing", async () => {
    const f = await family();
    const heard = listen(f.member);
    expect((await refusal(addPlan(f, f.anon))).status).toBe(401);
    expect(heard).toEqual([]);
  });

  it("a plan moved to another circle: each circle hears its own version, and only its members", async () => {
    const f = await family();
    const h = harness();
    const work = await createCircle(h.deps, {
      creatorId: f.creator.user.id,
      members: [f.outsider.user.id],
      type: "work",
    });
    const plan = await addPlan(f);
    const creator = listen(f.creator);
    const member = listen(f.member);
    const outsider = listen(f.outsider);
    await f.creator.trpc.plans.update({
      id: plan.id,
      circleId: work.id,
    } as Parameters<typeof f.creator.trpc.plans.update>[0]);
    const left = circle(f.circle.id, await versionOf(f.circle.id));
    const moved = circle(work.id, await versionOf(work.id));
    expectHeard(creator, [left, moved]);
    expect(member).toEqual([left]);
    expect(outsider).toEqual([moved]);
  });
});

describe("the inbox: whoever an entry is queued for hears it", () => {
  it("a task given to the assignee tells her inbox, the others hear only the circle; marking read tells her other screens once", async () => {
    const f = await family();
    const [assignee, member] = [f.assignee, f.member].map(listen);
    await f.creator.trpc.plans.create({
      circleId: f.circle.id,
      title: "Bins",
      startTime: new Date("2026-03-03T09:00:00Z"),
      timeZone: "UTC",
      assignedTo: f.assignee.user.id,
    });
    const changed = circle(f.circle.id, await versionOf(f.circle.id));
    expectHeard(assignee ?? [], [changed, user]);
    expect(member).toEqual([changed]);

    (assignee ?? []).length = 0;
    const [entry] = (await f.assignee.trpc.inbox.list()).entries;
    await f.assignee.trpc.inbox.markRead({ id: entry?.id ?? 0 });
    expect(assignee).toEqual([user]);
    // Read already, and nothing left unread: nothing changed, nothing said.
    await f.assignee.trpc.inbox.markRead({ id: entry?.id ?? 0 });
    await f.assignee.trpc.inbox.markAllRead();
    expect(assignee).toEqual([user]);

    // Something unread again: marking all read tells her other screens once.
    await f.creator.trpc.plans.create({
      circleId: f.circle.id,
      title: "Dishes",
      startTime: new Date("2026-03-04T09:00:00Z"),
      timeZone: "UTC",
      assignedTo: f.assignee.user.id,
    });
    (assignee ?? []).length = 0;
    expect(await f.assignee.trpc.inbox.markAllRead()).toEqual({ unread: 0 });
    expect(assignee).toEqual([user]);
  });
});

describe("bounded: a unit publishes LIVE_DELIVERIES_PER_UNIT_MAX announcements at most", () => {
  it("a change heard by more than the bound drops the rest, users' own first kept, and says so", async () => {
    const f = await family();
    const h = harness();
    const sent: [number, unknown][] = [];
    const live = createLive({
      publisher: {
        publish: async (userId, announcement) => void sent.push([userId, announcement]),
      },
      transport: { kind: "websocket", url: "ws://localhost:3000/api/live/socket" },
      db: h.db.db,
      log: h.deps.log,
      deliveriesMax: 2,
    });
    const db = live.tracked(h.db.db);
    await live.during(() =>
      db.transaction(async (tx) => {
        // Four members hear the circle; the outsider hears their own.
        await recordActivity(tx, {
          circleId: f.circle.id,
          actorId: null,
          kind: "plan_created",
          at: NOW,
        });
        live.announceUser(f.outsider.user.id);
      }),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual([f.outsider.user.id, user]);
    expect(h.logs).toContainEqual(
      expect.objectContaining({ event: "live.announcements_dropped", dropped: 3 }),
    );
  });
});

describe("a channel that fails", () => {
  it("loses the announcement, never the change: the call answers, the failure is logged", async () => {
    const f = await family();
    const h = harness();
    const hub = h.deps.liveHub;
    if (!hub) throw new Error("no hub");
    const leave = hub.join({
      userId: f.member.user.id,
      send: () => {
        throw new Error("the socket broke");
      },
    });
    try {
      const plan = await addPlan(f);
      expect(plan.title).toBe("Dentist");
      expect(h.logs).toContainEqual(
        expect.objectContaining({ level: "error", event: "live.publish_failed" }),
      );
    } finally {
      leave();
    }
  });
});

describe("announced after commit, never for a rolled-back change", () => {
  const entry = (circleId: number) => ({
    circleId,
    actorId: null,
    kind: "plan_created" as const,
    at: NOW,
  });

  it("a transaction that rolls back announces nothing (the entry it wrote never existed)", async () => {
    const f = await family();
    const h = harness();
    const heard = listen(f.member);
    const failed = h.deps.live.during(() =>
      h.deps.db.transaction(async (tx) => {
        await recordActivity(tx, entry(f.circle.id));
        throw new Error("rolled back after the entry was written");
      }),
    );
    await expect(failed).rejects.toThrow("rolled back");
    expect(heard).toEqual([]);
  });

  it("nothing is heard before the commit; once the call ends, one announcement per circle with the newest version", async () => {
    const f = await family();
    const h = harness();
    const heard = listen(f.member);
    await h.deps.live.during(async () => {
      await h.deps.db.transaction(async (tx) => {
        await recordActivity(tx, entry(f.circle.id));
        expect(heard).toEqual([]);
      });
      await h.deps.db.transaction((tx) =>
        recordActivity(tx, entry(f.circle.id), entry(f.circle.id)),
      );
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([circle(f.circle.id, await versionOf(f.circle.id))]);
  });

  it("a call that fails after a transaction committed still announces what committed", async () => {
    const f = await family();
    const h = harness();
    const heard = listen(f.member);
    const failed = h.deps.live.during(async () => {
      await h.deps.db.transaction((tx) => recordActivity(tx, entry(f.circle.id)));
      throw new Error("failed after the commit");
    });
    await expect(failed).rejects.toThrow("after the commit");
    expect(heard).toEqual([circle(f.circle.id, await versionOf(f.circle.id))]);
  });

  it("a transaction outside any call announces as it commits", async () => {
    const f = await family();
    const h = harness();
    const heard = listen(f.member);
    await h.deps.db.transaction((tx) => recordActivity(tx, entry(f.circle.id)));
    expect(heard).toEqual([circle(f.circle.id, await versionOf(f.circle.id))]);
  });

  it("announceUser (for the inbox): inside a transaction it waits for the commit, and a rolled-back one says nothing", async () => {
    const f = await family();
    const h = harness();
    const heard = listen(f.member);
    await expect(
      h.deps.db.transaction(async () => {
        h.deps.live.announceUser(f.member.user.id);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow();
    expect(heard).toEqual([]);
    await h.deps.db.transaction(async () => {
      h.deps.live.announceUser(f.member.user.id);
      h.deps.live.announceUser(f.member.user.id);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([user]);
  });
});

describe("user announcements: what changes a person's own circles and invitations", () => {
  it("an invitation to an account's address: its owner hears it, the members hear the circle", async () => {
    const f = await family();
    const [invitee, member] = [f.outsider, f.member].map(listen);
    await f.admin.trpc.invitations.create({ id: f.circle.id, email: f.outsider.user.email });
    expect(invitee).toEqual([user]);
    expect(member).toEqual([circle(f.circle.id, await versionOf(f.circle.id))]);
  });

  it("an invitation withdrawn: the invitee hears it; answered, the invitee's other screens hear it", async () => {
    const f = await family();
    const { invitation } = await inviteOutsider(f);
    const invitee = listen(f.outsider);
    await f.admin.trpc.invitations.delete({ id: f.circle.id, invitationId: invitation.id });
    expect(invitee).toEqual([user]);

    const again = await inviteOutsider(f);
    invitee.length = 0;
    await f.outsider.trpc.invitations.decline({ id: again.invitation.id });
    expect(invitee).toEqual([user]);
  });

  it("joining: the new member hears their circles changed, and from then on the circle", async () => {
    const f = await family();
    const { invitation } = await inviteOutsider(f);
    const joiner = listen(f.outsider);
    await f.outsider.trpc.invitations.accept({ id: invitation.id });
    expectHeard(joiner, [circle(f.circle.id, await versionOf(f.circle.id)), user]);
  });

  it("a removed member hears that their circles changed and nothing more of the circle; the others hear the circle", async () => {
    const f = await family();
    const [removed, member] = [f.assignee, f.member].map(listen);
    await f.admin.trpc.circles.removeMember({ id: f.circle.id, userId: f.assignee.user.id });
    expect(removed).toEqual([user]);
    expect(member).toEqual([circle(f.circle.id, await versionOf(f.circle.id))]);
    await addPlan(f);
    expect(removed).toEqual([user]);
  });

  it("leaving: the leaver hears their circles changed, not the circle", async () => {
    const f = await family();
    const leaver = listen(f.member);
    await f.member.trpc.circles.leave({ id: f.circle.id });
    expect(leaver).toEqual([user]);
  });

  it("a role changed: the member hears it on their own channel too", async () => {
    const f = await family();
    const promoted = listen(f.member);
    await f.creator.trpc.circles.setMemberRole({
      id: f.circle.id,
      userId: f.member.user.id,
      role: "admin",
    });
    expectHeard(promoted, [circle(f.circle.id, await versionOf(f.circle.id)), user]);
  });

  it("a circle deleted: every member and every invited account hears their circles changed", async () => {
    const f = await family();
    await inviteOutsider(f);
    const ears = [f.admin, f.assignee, f.member, f.outsider].map(listen);
    await f.creator.trpc.circles.delete({ id: f.circle.id });
    for (const heard of ears) expect(heard).toEqual([user]);
  });
});

describe("live.version: the check for when the channel is down", () => {
  it("answers a few bytes, the same while nothing changes; signed out, 401", async () => {
    const f = await family();
    const first = await f.member.trpc.live.version();
    expect(first.version).toMatch(/^[\w-]{16}$/);
    expect(await f.member.trpc.live.version()).toEqual(first);
    expect((await refusal(f.anon.trpc.live.version())).status).toBe(401);
    expect((await refusal(f.anon.trpc.live.connect())).status).toBe(401);
  });

  it("changes when one of my circles gains an entry, and not for a circle I am not in", async () => {
    const f = await family();
    const other = await signedInCaller(harness());
    const elsewhere = await createCircle(harness().deps, { creatorId: other.user.id });
    const before = await f.member.trpc.live.version();
    await addPlan(f, other, elsewhere.id);
    expect(await f.member.trpc.live.version()).toEqual(before);
    await addPlan(f);
    expect(await f.member.trpc.live.version()).not.toEqual(before);
  });

  it("changes when my memberships change: joined, promoted, removed", async () => {
    const f = await family();
    const versions = [await f.outsider.trpc.live.version()];
    const { invitation } = await inviteOutsider(f);
    versions.push(await f.outsider.trpc.live.version());
    await f.outsider.trpc.invitations.accept({ id: invitation.id });
    versions.push(await f.outsider.trpc.live.version());
    await f.creator.trpc.circles.setMemberRole({
      id: f.circle.id,
      userId: f.outsider.user.id,
      role: "admin",
    });
    versions.push(await f.outsider.trpc.live.version());
    await f.creator.trpc.circles.removeMember({ id: f.circle.id, userId: f.outsider.user.id });
    versions.push(await f.outsider.trpc.live.version());
    expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
  });

  it("changes when an invitation to my address is withdrawn", async () => {
    const f = await family();
    const { invitation } = await inviteOutsider(f);
    const before = await f.outsider.trpc.live.version();
    await f.admin.trpc.invitations.delete({ id: f.circle.id, invitationId: invitation.id });
    expect(await f.outsider.trpc.live.version()).not.toEqual(before);
  });

  it("changes when an entry taken before the newest commits after it (a slow transaction): a lower id, an earlier time", async () => {
    const f = await family();
    const h = harness();
    await addPlan(f);
    const first = await versionOf(f.circle.id);
    // The slow transaction took id first+1 and its time a minute ago; a quick one took first+2
    // now, and committed first.
    const entry = (id: number, at: Date) => sql`
      insert into circle_activity (id, circle_id, kind, created_at) overriding system value
      values (${id}, ${f.circle.id}, 'plan_edited', ${at.toISOString()}::timestamptz)`;
    await h.db.db.execute(entry(first + 2, NOW));
    const before = await f.member.trpc.live.version();
    await h.db.db.execute(entry(first + 1, new Date(NOW.getTime() - 60_000)));
    expect(await f.member.trpc.live.version()).not.toEqual(before);
  });
});

describe("live.connect: how a browser reaches the channel", () => {
  it("locally: the server's own WebSocket beside the API", async () => {
    const f = await family();
    expect(await f.member.trpc.live.connect()).toEqual({
      transport: "websocket",
      url: "ws://localhost:3000/api/live/socket",
    });
  });

  it("on AWS: IoT Core with a token for the caller alone, an hour long, a client id of their own and their own topic", async () => {
    const f = await family();
    const h = harness();
    const deps = {
      ...h.deps,
      live: {
        ...h.deps.live,
        transport: {
          kind: "mqtt" as const,
          endpoint: "example-ats.iot.eu-west-1.amazonaws.com",
          authorizer: "circleplan-test-LiveAuthorizer",
          topicPrefix: "circleplan/test",
        },
      },
    };
    const caller = { userId: f.member.user.id, sessionId: "s", ip: "198.18.0.1", requestId: "r" };
    const connection = await liveConnection({ deps, caller, input: undefined });
    if (connection.transport !== "mqtt") throw new Error(`answered ${connection.transport}`);
    expect(connection).toMatchObject({
      url: "wss://example-ats.iot.eu-west-1.amazonaws.com/mqtt",
      authorizer: "circleplan-test-LiveAuthorizer",
      expiresAt: new Date(NOW.getTime() + LIVE_TOKEN_TTL_MS).toISOString(),
      // Every circle they are in is announced there: joining one changes nothing here.
      topics: [`circleplan/test/user/${f.member.user.id}`],
    });
    expect(connection.clientId).toMatch(new RegExp(`^circleplan-test-u${f.member.user.id}-\\w+$`));
    expect(verifyLiveToken(h.deps.secretKey, connection.token, NOW)).toEqual({
      userId: f.member.user.id,
      expiresAt: new Date(connection.expiresAt),
    });
  });
});

/**
 * Push for changes (docs/decisions/019), the scheduled job's step on a manual clock, through real
 * Web Push to the local push endpoint the push service's own tests use (payloads decrypted as
 * the browser would): one notification per reader and actor once the actor has been quiet for
 * 2 minutes, or 10 minutes after the first change however busy they are; its words and link;
 * nothing for the actor, for someone who turned change pushes off or has no device; gone
 * devices forgotten; two runs at once push once; a failed push is tried again.
 */
import { CHANGE_PUSH_MAX_WAIT_MS, CHANGE_PUSH_QUIET_MS } from "@circleplan/core/inbox/change-push";
import {
  createWebPushService,
  generateVapidKeys,
  type PushService,
} from "@circleplan/core/push/push-service";
import {
  type BrowserSubscription,
  type LocalPushEndpoint,
  startLocalPushEndpoint,
} from "@circleplan/core/push/testing/local-push-endpoint";
import { runScheduledJob } from "@circleplan/core/reminders/run-scheduled-job";
import { inboxItems, pushSubscriptions, users } from "@circleplan/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CircleOfFour, circleOfFour } from "./testing/circle-callers";
import type { TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

let endpoint: LocalPushEndpoint;
let webPush: PushService;
/** The harness is made before the endpoint starts: it sends through whichever is current. */
const push: PushService = {
  publicKey: "change-push-tests",
  accepts: () => true,
  send: (target, message) => webPush.send(target, message),
};
const harness = useTestHarness({ push });

beforeAll(async () => {
  endpoint = await startLocalPushEndpoint();
  webPush = createWebPushService(
    { ...generateVapidKeys(), subject: "mailto:change-push@circleplan.test" },
    { agent: endpoint.agent, extraHosts: ["localhost"] },
  );
});
afterAll(() => endpoint.close());
beforeEach(() => {
  endpoint.received.length = 0;
});

const START = new Date("2026-03-01T12:00:00Z");

type Family = CircleOfFour & { h: ReturnType<typeof harness> };

/** The circle of four, the assignee (Ivy) and the creator (Cora) each with a device. */
async function family() {
  const h = harness();
  h.clock.set(START);
  const f: Family = { h, ...(await circleOfFour(h, { joinedAt: new Date("2026-02-01") })) };
  const devices = new Map<number, BrowserSubscription>();
  for (const who of [f.assignee, f.creator]) {
    const browser = endpoint.subscribe();
    devices.set(who.user.id, browser);
    await h.db.db.insert(pushSubscriptions).values({
      userId: who.user.id,
      endpoint: browser.endpoint,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
    });
  }
  /** What `who`'s device received, decrypted. */
  const pushesTo = (who: { user: { id: number } }) => {
    const browser = devices.get(who.user.id) as BrowserSubscription;
    return endpoint.received
      .filter((request) => request.path === new URL(browser.endpoint).pathname)
      .map((request) => JSON.parse(browser.decrypt(request.body)));
  };
  return { ...f, devices, pushesTo };
}

async function runAfter(f: Family, ms: number) {
  f.h.clock.set(new Date(f.h.clock.now().getTime() + ms));
  return runScheduledJob(f.h.deps);
}

function taskFor(f: Family, title: string) {
  return f.creator.trpc.plans.create({
    circleId: f.circle.id,
    title,
    startTime: new Date("2026-03-03T17:00:00Z"),
    timeZone: "UTC",
    assignedTo: f.assignee.user.id,
    reminderTimes: [],
  });
}

function moveTo(who: TestCaller, id: number, start: string) {
  return who.trpc.plans.update({ id, startTime: new Date(start) } as Parameters<
    typeof who.trpc.plans.update
  >[0]);
}

describe("one notification per person who changed things", () => {
  it("waits until the actor has been quiet for 2 minutes, then pushes the change in words, 24-hour for a reader who never chose a clock", async () => {
    const f = await family();
    const [reader] = await f.h.db.db
      .select({ timeFormat: users.timeFormat })
      .from(users)
      .where(eq(users.id, f.assignee.user.id));
    expect(reader?.timeFormat).toBeNull();
    const { id } = await taskFor(f, "Bins");
    await runAfter(f, CHANGE_PUSH_QUIET_MS - 60_000);
    expect(f.pushesTo(f.assignee)).toEqual([]);
    await runAfter(f, 60_000);
    expect(f.pushesTo(f.assignee)).toEqual([
      {
        title: f.circle.name,
        body: "Cora added Bins for you on Tue 3 Mar 17:00",
        url: `/dashboard?date=2026-03-03&eventId=${id}`,
        tag: expect.stringMatching(/^change-\d+$/),
      },
    ]);
    // The actor is never told of their own change; a next run sends nothing again.
    await runAfter(f, 60_000);
    expect(f.pushesTo(f.creator)).toEqual([]);
    expect(f.pushesTo(f.assignee)).toHaveLength(1);
  });

  it("makes several changes by one person within minutes one notification", async () => {
    const f = await family();
    await taskFor(f, "Bins");
    f.h.clock.advance(60_000);
    await taskFor(f, "Dishes");
    f.h.clock.advance(60_000);
    const { id } = await taskFor(f, "Laundry");
    await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(f.pushesTo(f.assignee)).toEqual([
      {
        title: `Cora made 3 changes in ${f.circle.name}`,
        body: "Cora added Laundry for you on Tue 3 Mar 17:00",
        url: "/inbox",
        tag: expect.stringMatching(/^change-\d+$/),
      },
    ]);
    // All about one plan: the click opens it on its (new) day.
    await f.assignee.trpc.tasks.accept({ id });
    endpoint.received.length = 0;
    await moveTo(f.creator, id, "2026-03-04T17:00:00Z");
    await moveTo(f.creator, id, "2026-03-05T09:00:00Z");
    await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(f.pushesTo(f.assignee)).toEqual([
      expect.objectContaining({
        title: `Cora made 2 changes in ${f.circle.name}`,
        body: "Cora moved Laundry from Wed 4 Mar 17:00 to Thu 5 Mar 09:00",
        url: `/dashboard?date=2026-03-05&eventId=${id}`,
      }),
    ]);
  });

  it("does not wait past 10 minutes after the first change for someone who keeps changing things", async () => {
    const f = await family();
    const pushes: number[] = [];
    for (let minute = 0; minute <= 12; minute++) {
      await taskFor(f, `Chore ${minute}`);
      await runAfter(f, 60_000);
      pushes.push(f.pushesTo(f.assignee).length);
    }
    // The first notification leaves at the run 10 minutes after the first change.
    const first = pushes.findIndex((count) => count > 0);
    expect(first).toBe(CHANGE_PUSH_MAX_WAIT_MS / 60_000 - 1);
    expect(f.pushesTo(f.assignee)[0].title).toBe(`Cora made 10 changes in ${f.circle.name}`);
  });

  it("keeps two actors apart: one notification each", async () => {
    const f = await family();
    const { id } = await taskFor(f, "Bins");
    await f.assignee.trpc.tasks.accept({ id });
    await f.member.trpc.notifications.followPlan({ id });
    await f.admin.trpc.notifications.setCircle({ id: f.circle.id, level: "following" });
    endpoint.received.length = 0;
    await moveTo(f.creator, id, "2026-03-04T17:00:00Z");
    await f.assignee.trpc.plans.complete({ id, isCompleted: true });
    await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(f.pushesTo(f.assignee).map((message) => message.body)).toEqual([
      "Cora moved Bins from Tue 3 Mar 17:00 to Wed 4 Mar 17:00",
    ]);
    expect(f.pushesTo(f.creator).map((message) => message.body)).toEqual(["Ivy completed Bins"]);
  });
});

describe("what sends nothing", () => {
  it("change pushes turned off, or no device: the rows are settled, nothing is sent", async () => {
    const f = await family();
    await f.h.db.db
      .update(users)
      .set({ changePush: false })
      .where(eq(users.id, f.assignee.user.id));
    await taskFor(f, "Bins");
    // Turned off after the change was queued: the run reads the setting as it is now.
    await f.h.db.db.update(users).set({ changePush: true }).where(eq(users.id, f.assignee.user.id));
    await f.assignee.trpc.notifications.updatePreferences({ changePush: false });
    await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(endpoint.received).toEqual([]);
    const statuses = await f.h.db.db.select({ status: inboxItems.pushStatus }).from(inboxItems);
    expect(statuses.every((row) => row.status === "none")).toBe(true);
  });

  it("a change older than an hour when the job comes back is left to the inbox", async () => {
    const f = await family();
    await taskFor(f, "Bins");
    await runAfter(f, 61 * 60_000);
    expect(endpoint.received).toEqual([]);
  });
});

describe("devices and runs", () => {
  it("forgets a device its push service no longer knows", async () => {
    const f = await family();
    const browser = f.devices.get(f.assignee.user.id) as BrowserSubscription;
    endpoint.answer(new URL(browser.endpoint).pathname, 410);
    await taskFor(f, "Bins");
    const report = await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(report.changes).toMatchObject({ sent: 0, gone: 1 });
    const left = await f.h.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, f.assignee.user.id));
    expect(left).toEqual([]);
  });

  it("two runs started together push a group once", async () => {
    const f = await family();
    await taskFor(f, "Bins");
    f.h.clock.advance(CHANGE_PUSH_QUIET_MS);
    await Promise.all([runScheduledJob(f.h.deps), runScheduledJob(f.h.deps)]);
    expect(f.pushesTo(f.assignee)).toHaveLength(1);
  });

  it("a push that failed is tried again by the next run", async () => {
    const f = await family();
    const browser = f.devices.get(f.assignee.user.id) as BrowserSubscription;
    const path = new URL(browser.endpoint).pathname;
    endpoint.answer(path, 500);
    await taskFor(f, "Bins");
    const failed = await runAfter(f, CHANGE_PUSH_QUIET_MS);
    expect(failed.changes).toMatchObject({ sent: 0, retrying: 1 });
    endpoint.answer(path, 201);
    const retried = await runAfter(f, 60_000);
    expect(retried.changes).toMatchObject({ sent: 1, changes: 1 });
  });
});

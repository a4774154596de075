/**
 * Notification preferences, push devices and unsubscribe links, in-process and over HTTP:
 * who may call each procedure (signed out, signed in, someone else's device), what is stored,
 * what bad input answers (the product's messages, never a 500), test pushes that reach a local
 * HTTPS push endpoint and decrypt there, and the mail client's one-click unsubscribe POST.
 */
import { unsubscribeToken } from "@circleplan/core/notifications/unsubscribe-links";
import {
  createWebPushService,
  generateVapidKeys,
  type PushService,
} from "@circleplan/core/push/push-service";
import {
  type LocalPushEndpoint,
  startLocalPushEndpoint,
} from "@circleplan/core/push/testing/local-push-endpoint";
import { pushSubscriptions, users } from "@circleplan/db/schema";
import { createUser } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { PUSH_DEVICES_PER_USER_MAX } from "@circleplan/shared/notification-schemas";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInClient } from "./testing/accounts";
import { callerFor, refusal, signedInCaller } from "./testing/test-caller";
import { useTestServer } from "./testing/test-server";

const vapid = { ...generateVapidKeys(), subject: "mailto:push-tests@circleplan.test" };
let endpoint: LocalPushEndpoint;
let webPush: PushService;
beforeAll(async () => {
  endpoint = await startLocalPushEndpoint();
  webPush = createWebPushService(vapid, { agent: endpoint.agent, extraHosts: ["localhost"] });
});
afterAll(() => endpoint.close());
beforeEach(() => {
  endpoint.received.length = 0;
});

/** The server's push service, once the endpoint it dials exists (the server starts first). */
const push: PushService = {
  publicKey: vapid.publicKey,
  accepts: (url) => webPush.accepts?.(url) ?? false,
  send: (target, message) => webPush.send(target, message),
};
const server = useTestServer({ push });

/** A subscription from a real browser's push service (FCM): stored, never dialled here. */
function fcmSubscription(id = Math.random().toString(36).slice(2)) {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
    expirationTime: null,
    keys: endpoint.subscribe().keys,
  };
}

async function subscriptionRows() {
  return server().db.db.select().from(pushSubscriptions);
}

async function preferencesOf(userId: number) {
  const [row] = await server()
    .db.db.select({
      reminderPush: users.reminderPush,
      reminderEmail: users.reminderEmail,
      digestEmail: users.digestEmail,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe("notification preferences", () => {
  it("are for the signed-in user only", async () => {
    const visitor = callerFor(server());
    expect((await refusal(visitor.trpc.notifications.preferences())).status).toBe(401);
    expect(
      (await refusal(visitor.trpc.notifications.updatePreferences({ digestEmail: true }))).status,
    ).toBe(401);
    const res = await server().client().get("/api/user/notification-preferences");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: messages.notSignedIn, code: "UNAUTHORIZED" });
  });

  it("start with reminders by push and email on, the digest off and change pushes on", async () => {
    const me = await signedInCaller(server());
    expect(await me.trpc.notifications.preferences()).toEqual({
      reminderPush: true,
      reminderEmail: true,
      digestEmail: false,
      changePush: true,
    });
  });

  it("PUT changes only what is sent, and only the caller's", async () => {
    const me = await signedInCaller(server());
    const other = await createUser(server().deps);
    expect(await me.trpc.notifications.updatePreferences({ digestEmail: true })).toEqual({
      reminderPush: true,
      reminderEmail: true,
      digestEmail: true,
      changePush: true,
    });
    expect(await me.trpc.notifications.updatePreferences({ reminderPush: false })).toEqual({
      reminderPush: false,
      reminderEmail: true,
      digestEmail: true,
      changePush: true,
    });
    expect(await me.trpc.notifications.updatePreferences({})).toEqual({
      reminderPush: false,
      reminderEmail: true,
      digestEmail: true,
      changePush: true,
    });
    expect(await preferencesOf(other.user.id)).toEqual({
      reminderPush: true,
      reminderEmail: true,
      digestEmail: false,
    });
  });

  it("over REST: GET and PUT /api/user/notification-preferences; a non-boolean is refused", async () => {
    const { client, user } = await signedInClient(server());
    const put = await client.request("PUT", "/api/user/notification-preferences", {
      reminderEmail: false,
    });
    expect(put.status).toBe(200);
    // The spec's three fields, and ours (docs/decisions/019) beside them.
    expect(put.body).toEqual({
      reminderPush: true,
      reminderEmail: false,
      digestEmail: false,
      changePush: true,
    });
    expect((await client.get("/api/user/notification-preferences")).body).toEqual(put.body);

    for (const bad of [{ digestEmail: "yes" }, { reminderPush: 1 }, { reminderEmail: null }]) {
      const res = await client.request("PUT", "/api/user/notification-preferences", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe(notificationMessages.preferenceInvalid);
    }
    expect(await preferencesOf(user.id)).toEqual({
      reminderPush: true,
      reminderEmail: false,
      digestEmail: false,
    });
  });
});

describe("the VAPID public key", () => {
  it("is public: GET /api/push/public-key answers the push service's key", async () => {
    const res = await server().client().get("/api/push/public-key");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: vapid.publicKey });
  });
});

describe("subscribing a device", () => {
  it("needs a session", async () => {
    const visitor = callerFor(server());
    const refused = await refusal(visitor.trpc.notifications.subscribe(fcmSubscription()));
    expect(refused.status).toBe(401);
    const res = await server().client().post("/api/push/subscriptions", fcmSubscription());
    expect(res.status).toBe(401);
    expect(await subscriptionRows()).toHaveLength(0);
  });

  it("POST /api/push/subscriptions stores it (201) and answers the device, never its endpoint or keys", async () => {
    const { client, user } = await signedInClient(server());
    const subscription = fcmSubscription();
    const res = await client.request("POST", "/api/push/subscriptions", subscription, {
      "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "id", "lastSentAt", "userAgent"]);
    expect(res.body).toMatchObject({
      lastSentAt: null,
      userAgent: expect.stringContaining("Android"),
    });
    const [row] = await subscriptionRows();
    expect(row).toMatchObject({
      userId: user.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
  });

  it("the same endpoint again replaces its keys, still one device", async () => {
    const me = await signedInCaller(server());
    const first = fcmSubscription("same-device");
    const again = fcmSubscription("same-device");
    const a = await me.trpc.notifications.subscribe(first);
    const b = await me.trpc.notifications.subscribe(again);
    expect(b.id).toBe(a.id);
    const rows = await subscriptionRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(again.keys.p256dh);
  });

  it("an endpoint posted from another account moves to that account", async () => {
    const first = await signedInCaller(server());
    const second = await signedInCaller(server());
    const shared = fcmSubscription("shared-browser");
    await first.trpc.notifications.subscribe(shared);
    await second.trpc.notifications.subscribe(shared);
    expect((await first.trpc.notifications.devices()).devices).toEqual([]);
    expect((await second.trpc.notifications.devices()).devices).toHaveLength(1);
    const rows = await subscriptionRows();
    expect(rows.map((row) => row.userId)).toEqual([second.user.id]);
  });

  it(`keeps at most ${PUSH_DEVICES_PER_USER_MAX} devices per user, dropping the oldest`, async () => {
    const h = server();
    const me = await signedInCaller(h);
    const other = await signedInCaller(h);
    const theirs = await other.trpc.notifications.subscribe(fcmSubscription());
    const ids: number[] = [];
    for (let i = 0; i <= PUSH_DEVICES_PER_USER_MAX; i++) {
      h.clock.advance(60_000);
      ids.push((await me.trpc.notifications.subscribe(fcmSubscription())).id);
    }
    const mine = (await me.trpc.notifications.devices()).devices.map((device) => device.id);
    expect(mine).toHaveLength(PUSH_DEVICES_PER_USER_MAX);
    expect(mine).not.toContain(ids[0]);
    expect(mine).toEqual(ids.slice(1).reverse());
    // Another user's devices are not counted or touched.
    expect((await other.trpc.notifications.devices()).devices.map((d) => d.id)).toEqual([
      theirs.id,
    ]);
  });

  it("refuses what is not a browser's subscription, with the product's messages", async () => {
    const { client } = await signedInClient(server());
    const good = fcmSubscription();
    const point = Buffer.from(good.keys.p256dh, "base64url");
    const cases: [unknown, string][] = [
      [
        { ...good, endpoint: "http://fcm.googleapis.com/fcm/send/x" },
        notificationMessages.pushEndpointInvalid,
      ],
      [{ ...good, endpoint: "not a url" }, notificationMessages.pushEndpointInvalid],
      [
        { ...good, endpoint: "https://user:pw@fcm.googleapis.com/x" },
        notificationMessages.pushEndpointInvalid,
      ],
      [
        { ...good, endpoint: `https://fcm.googleapis.com/${"a".repeat(1000)}` },
        notificationMessages.pushEndpointTooLong,
      ],
      [{ ...good, endpoint: "https://fcm.googleapis.com/x\u0000" }, messages.invalidText],
      [{ ...good, endpoint: 42 }, notificationMessages.pushEndpointInvalid],
      [{ endpoint: good.endpoint }, notificationMessages.pushKeyInvalid],
      [
        { ...good, keys: { ...good.keys, p256dh: point.subarray(0, 64).toString("base64url") } },
        notificationMessages.pushKeyInvalid,
      ],
      [
        {
          ...good,
          keys: {
            ...good.keys,
            p256dh: Buffer.concat([Buffer.from([3]), point.subarray(1)]).toString("base64url"),
          },
        },
        notificationMessages.pushKeyInvalid,
      ],
      [{ ...good, keys: { ...good.keys, auth: "short" } }, notificationMessages.pushKeyInvalid],
      [
        { ...good, keys: { ...good.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } },
        notificationMessages.pushKeyInvalid,
      ],
      [
        { ...good, keys: { ...good.keys, auth: "a".repeat(10_000) } },
        notificationMessages.pushKeyInvalid,
      ],
      [{ ...good, expirationTime: -1 }, notificationMessages.pushKeyInvalid],
      [
        { ...good, endpoint: "https://169.254.169.254/latest/meta-data" },
        notificationMessages.pushServiceUnsupported,
      ],
      [
        { ...good, endpoint: "https://intranet.example.com/push" },
        notificationMessages.pushServiceUnsupported,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await client.post("/api/push/subscriptions", body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const said = [
        res.body.message,
        ...((res.body.issues as { message: string }[]) ?? []).map((i) => i.message),
      ];
      expect(said, JSON.stringify(body).slice(0, 120)).toContain(message);
    }
    expect(await subscriptionRows()).toHaveLength(0);
  });
});

describe("turning a device off", () => {
  it("DELETE /api/push/subscriptions?endpoint= removes the caller's own device", async () => {
    const { client } = await signedInClient(server());
    const subscription = fcmSubscription();
    await client.post("/api/push/subscriptions", subscription);
    const res = await client.request(
      "DELETE",
      `/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: notificationMessages.pushDeviceRemoved });
    expect(await subscriptionRows()).toHaveLength(0);
  });

  it("someone else's endpoint answers as an unknown one, and stays", async () => {
    const owner = await signedInCaller(server());
    const other = await signedInCaller(server());
    const subscription = fcmSubscription();
    await owner.trpc.notifications.subscribe(subscription);
    const theirs = await refusal(
      other.trpc.notifications.unsubscribeDevice({ endpoint: subscription.endpoint }),
    );
    const unknown = await refusal(
      other.trpc.notifications.unsubscribeDevice({ endpoint: fcmSubscription().endpoint }),
    );
    expect(theirs).toEqual(unknown);
    expect(theirs).toMatchObject({
      status: 404,
      body: { message: notificationMessages.pushDeviceNotFound },
    });
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("needs a session; a missing or malformed endpoint is a 400", async () => {
    const visitor = callerFor(server());
    expect(
      (
        await refusal(
          visitor.trpc.notifications.unsubscribeDevice({ endpoint: fcmSubscription().endpoint }),
        )
      ).status,
    ).toBe(401);
    const { client } = await signedInClient(server());
    for (const query of ["", "?endpoint=http%3A%2F%2Ffcm.googleapis.com%2Fx", "?endpoint=%00"]) {
      const res = await client.request("DELETE", `/api/push/subscriptions${query}`);
      expect(res.status, query).toBe(400);
      expect([notificationMessages.pushEndpointInvalid, messages.invalidText]).toContain(
        res.body.message,
      );
    }
    const bodyless = await client.request("PUT", "/api/user/notification-preferences");
    expect(bodyless.status).toBe(400);
    expect(bodyless.body.message).toBe(notificationMessages.preferenceInvalid);
  });
});

describe("the device list", () => {
  it("GET /api/push/subscriptions lists the caller's devices only, newest first, without secrets", async () => {
    const h = server();
    const { client } = await signedInClient(h);
    const other = await signedInCaller(h);
    await other.trpc.notifications.subscribe(fcmSubscription());
    const first = fcmSubscription();
    await client.post("/api/push/subscriptions", first);
    h.clock.advance(60_000);
    await client.post("/api/push/subscriptions", fcmSubscription());
    const res = await client.get<{ devices: Record<string, unknown>[] }>("/api/push/subscriptions");
    expect(res.status).toBe(200);
    expect(res.body.devices).toHaveLength(2);
    for (const device of res.body.devices) {
      expect(Object.keys(device).sort()).toEqual(["createdAt", "id", "lastSentAt", "userAgent"]);
    }
    expect(JSON.stringify(res.body)).not.toContain(first.keys.auth);
    const times = res.body.devices.map((device) => Date.parse(device.createdAt as string));
    expect(times[0]).toBeGreaterThan(times[1] as number);
    expect((await h.client().get("/api/push/subscriptions")).status).toBe(401);
  });
});

describe("a test notification", () => {
  it("POST /api/push/test reaches each of the caller's devices, readable only there", async () => {
    const { client, user } = await signedInClient(server());
    const phone = endpoint.subscribe();
    const laptop = endpoint.subscribe();
    const someoneElses = endpoint.subscribe();
    await client.post("/api/push/subscriptions", phone);
    await client.post("/api/push/subscriptions", laptop);
    await (await signedInCaller(server())).trpc.notifications.subscribe(someoneElses);

    const res = await client.post("/api/push/test");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: notificationMessages.pushTestTitle,
      sent: 2,
      removed: 0,
      failed: 0,
    });
    const paths = endpoint.received.map((request) => request.path).sort();
    expect(paths).toEqual(
      [new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort(),
    );
    for (const browser of [phone, laptop]) {
      const request = endpoint.received.find((r) => browser.endpoint.endsWith(r.path));
      expect(JSON.parse(browser.decrypt(request?.body as Buffer))).toEqual({
        title: notificationMessages.pushTestTitle,
        body: notificationMessages.pushTestBody,
        url: "/profile",
        tag: "circleplan-test",
      });
    }
    const rows = await server()
      .db.db.select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows.every((row) => row.lastSentAt !== null)).toBe(true);
  });

  it("removes a device the push service says is gone, and keeps one that failed this time", async () => {
    const me = await signedInCaller(server());
    const working = endpoint.subscribe();
    const gone = endpoint.subscribe("/push/unsubscribed-browser");
    const broken = endpoint.subscribe("/push/overloaded");
    endpoint.answer("/push/unsubscribed-browser", 410);
    endpoint.answer("/push/overloaded", 500);
    for (const device of [working, gone, broken]) await me.trpc.notifications.subscribe(device);

    expect(await me.trpc.notifications.sendTest()).toMatchObject({
      sent: 1,
      removed: 1,
      failed: 1,
    });
    const left = (await subscriptionRows()).map((row) => row.endpoint).sort();
    expect(left).toEqual([working.endpoint, broken.endpoint].sort());
    expect(server().logs.some((line) => line.event === "push.failed")).toBe(true);
  });

  it("needs a session and at least one device, and is rate limited", async () => {
    expect((await refusal(callerFor(server()).trpc.notifications.sendTest())).status).toBe(401);
    const me = await signedInCaller(server());
    expect(await refusal(me.trpc.notifications.sendTest())).toMatchObject({
      status: 400,
      body: { message: notificationMessages.pushNoDevices },
    });
    await me.trpc.notifications.subscribe(endpoint.subscribe());
    for (let i = 1; i < 10; i++) await me.trpc.notifications.sendTest();
    const limited = await refusal(me.trpc.notifications.sendTest());
    expect(limited.status).toBe(429);
    expect(limited.retryAfter).toBeGreaterThan(0);
  });
});

describe("unsubscribe links", () => {
  const tokenFor = (userId: number, kind: "reminders" | "digest") =>
    unsubscribeToken(server().deps.secretKey, userId, kind);

  it("POST /api/notifications/unsubscribe {token} turns that mail off, signed out", async () => {
    const { user } = await createUser(server().deps);
    await server().db.db.update(users).set({ digestEmail: true }).where(eq(users.id, user.id));
    const api = server().client();

    const digest = await api.post("/api/notifications/unsubscribe", {
      token: tokenFor(user.id, "digest"),
    });
    expect(digest.status).toBe(200);
    expect(digest.body).toEqual({
      kind: "digest",
      message: notificationMessages.unsubscribedDigest,
    });
    expect(await preferencesOf(user.id)).toEqual({
      reminderPush: true,
      reminderEmail: true,
      digestEmail: false,
    });

    const reminders = await api.post("/api/notifications/unsubscribe", {
      token: tokenFor(user.id, "reminders"),
    });
    expect(reminders.body).toEqual({
      kind: "reminders",
      message: notificationMessages.unsubscribedReminders,
    });
    expect(await preferencesOf(user.id)).toMatchObject({
      reminderPush: true,
      reminderEmail: false,
    });
    // Twice is the same as once.
    expect(
      (await api.post("/api/notifications/unsubscribe", { token: tokenFor(user.id, "reminders") }))
        .status,
    ).toBe(200);
  });

  it("acts on the token's user, whoever is signed in", async () => {
    const me = await signedInCaller(server());
    const { user: other } = await createUser(server().deps);
    await me.trpc.notifications.unsubscribe({ token: tokenFor(other.id, "reminders") });
    expect(await preferencesOf(other.id)).toMatchObject({ reminderEmail: false });
    expect(await preferencesOf(me.user.id)).toMatchObject({ reminderEmail: true });
  });

  it("refuses a forged token, one turned to another user, and one for a deleted account", async () => {
    const { user: victim } = await createUser(server().deps);
    const { user: attacker } = await createUser(server().deps);
    const mine = tokenFor(attacker.id, "reminders");
    const signature = mine.split(".")[2];
    const gone = await createUser(server().deps);
    const goneToken = tokenFor(gone.user.id, "digest");
    await server().db.db.delete(users).where(eq(users.id, gone.user.id));
    const forged = unsubscribeToken(
      "some-other-secret-key-0123456789abcdef",
      victim.id,
      "reminders",
    );

    const visitor = callerFor(server());
    for (const token of [
      `${victim.id}.reminders.${signature}`,
      `${attacker.id}.digest.${signature}`,
      forged,
      goneToken,
      "x",
      `${victim.id}.reminders.${"A".repeat(32)}\u0000`,
    ]) {
      expect(await refusal(visitor.trpc.notifications.unsubscribe({ token })), token).toMatchObject(
        {
          status: 400,
          body: {
            message: token.includes("\u0000")
              ? messages.invalidText
              : notificationMessages.unsubscribeInvalid,
          },
        },
      );
    }
    for (const body of [{}, { token: "" }, { token: 7 }, { token: "a".repeat(500) }]) {
      const res = await server().client().post("/api/notifications/unsubscribe", body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toBe(notificationMessages.unsubscribeInvalid);
    }
    expect(await preferencesOf(victim.id)).toMatchObject({ reminderEmail: true });
  });

  it("the JSON door keeps the Origin rule of every state-changing call", async () => {
    const { user } = await createUser(server().deps);
    const res = await server()
      .client({ origin: "https://elsewhere.example" })
      .post("/api/notifications/unsubscribe", { token: tokenFor(user.id, "reminders") });
    expect(res.status).toBe(403);
    expect(await preferencesOf(user.id)).toMatchObject({ reminderEmail: true });
  });
});

describe("one-click unsubscribe (RFC 8058) over HTTP", () => {
  const oneClick = (
    token: string,
    body: string | FormData | null,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${server().url}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body,
      headers,
      redirect: "manual",
    });
  const FORM = { "content-type": "application/x-www-form-urlencoded" };

  it("a mail client's POST, without Origin or cookies, turns the mail off and answers 200 with no page", async () => {
    const { user } = await createUser(server().deps);
    await server().db.db.update(users).set({ digestEmail: true }).where(eq(users.id, user.id));
    const token = unsubscribeToken(server().deps.secretKey, user.id, "digest");

    const res = await oneClick(token, "List-Unsubscribe=One-Click", FORM);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await preferencesOf(user.id)).toMatchObject({ digestEmail: false, reminderEmail: true });
  });

  it("takes the form as multipart too (RFC 8058's own example)", async () => {
    const { user } = await createUser(server().deps);
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await oneClick(
      unsubscribeToken(server().deps.secretKey, user.id, "reminders"),
      form,
    );
    expect(res.status).toBe(200);
    expect(await preferencesOf(user.id)).toMatchObject({ reminderEmail: false });
  });

  it("refuses a forged token or another user's, and a POST that is not a one-click form", async () => {
    const { user } = await createUser(server().deps);
    const { user: other } = await createUser(server().deps);
    const otherSignature = unsubscribeToken(server().deps.secretKey, other.id, "reminders").split(
      ".",
    )[2];
    for (const token of [
      `${user.id}.reminders.${otherSignature}`,
      "garbage",
      "",
      "a".repeat(5000),
    ]) {
      const res = await oneClick(token, "List-Unsubscribe=One-Click", FORM);
      expect(res.status, token.slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({
        message: notificationMessages.unsubscribeInvalid,
        code: "BAD_REQUEST",
      });
    }
    const token = unsubscribeToken(server().deps.secretKey, user.id, "reminders");
    for (const [body, headers] of [
      ["List-Unsubscribe=One-Click", { "content-type": "application/json" }],
      ["List-Unsubscribe=Other", FORM],
      ["", FORM],
      [null, {}],
    ] as const) {
      const res = await oneClick(token, body, headers);
      expect(res.status, String(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        notificationMessages.oneClickFormRequired,
      );
    }
    const huge = await oneClick(token, `List-Unsubscribe=One-Click&x=${"a".repeat(10_000)}`, FORM);
    expect(huge.status).toBe(413);
    expect(await preferencesOf(user.id)).toMatchObject({ reminderEmail: true });
  });
});

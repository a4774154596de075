/**
 * Live sync's doors over real HTTP: the local channel's socket (api/src/live-socket.ts), with a
 * WebSocket client (`ws`) as a browser tab would connect, and the two REST paths. Who hears which
 * change is live.integration.test.ts; this file covers what the doors themselves do: the
 * handshake's Origin and session, its bounds, the keepalive, closing with the local server, and
 * `GET /api/live/connect` and `/api/live/version` as documented.
 */
import { once } from "node:events";
import { rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { loadConfig } from "@circleplan/core/env";
import { circleActivity } from "@circleplan/db/schema";
import { migratedDataFolder } from "@circleplan/db/testing/data-folder";
import { createSignedInUser } from "@circleplan/db/testing/factories";
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import { messages } from "@circleplan/shared/messages";
import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { LIVE_SOCKETS_PER_USER_MAX } from "./live-socket";
import { startLocalServer } from "./local-server";
import { circleOfFour } from "./testing/circle-callers";
import { type TestServer, useTestServer } from "./testing/test-server";

const server = useTestServer();

/** A port nothing listens on now, for a server whose configuration needs it beforehand. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/** A tab's socket and what it heard, in order; `next()` waits for the next announcement. */
class Tab {
  private readonly heard: LiveAnnouncement[] = [];
  private readonly waiting: ((announcement: LiveAnnouncement) => void)[] = [];

  constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const announcement = JSON.parse(String(data)) as LiveAnnouncement;
      const waiter = this.waiting.shift();
      if (waiter) waiter(announcement);
      else this.heard.push(announcement);
    });
  }

  next(): Promise<LiveAnnouncement> {
    const announcement = this.heard.shift();
    if (announcement) return Promise.resolve(announcement);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Resolves with the close code once the server closes it. */
  async closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) throw new Error("already closed");
    const [code] = (await once(this.socket, "close")) as [number];
    return code;
  }
}

/** A refused handshake carries its status alone: the upgrade's answer has no body. */
type Handshake = { tab: Tab } | { status: number };

/** Opens a socket as a tab on `origin` would (the app's own unless told), with a session cookie. */
async function connect(
  url: string,
  options: { cookie?: string; origin?: string | null; autoPong?: boolean } = {},
): Promise<Handshake> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? url : options.origin;
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/live/socket`, {
    headers,
    ...(origin ? { origin } : {}),
    autoPong: options.autoPong ?? true,
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve({ tab: new Tab(socket) }));
    socket.once("unexpected-response", (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.resume();
    });
    socket.once("error", reject);
  });
}

async function tabOf(s: TestServer, cookie: string): Promise<Tab> {
  const handshake = await connect(s.url, { cookie });
  if (!("tab" in handshake)) throw new Error(`refused: ${handshake.status}`);
  return handshake.tab;
}

const refused = async (handshake: Promise<Handshake>) => {
  const answer = await handshake;
  if ("tab" in answer) throw new Error("the handshake was accepted");
  return answer;
};

describe("the handshake", () => {
  it("signed out: refused 401", async () => {
    const s = server();
    expect(await refused(connect(s.url))).toEqual({ status: 401 });
  });

  it("cross-site WebSocket hijacking: another site's page, or no Origin, is refused 403 even with the cookie", async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    for (const origin of ["https://evil.example", null]) {
      expect(await refused(connect(s.url, { cookie, origin }))).toEqual({ status: 403 });
    }
  });

  it("a plain GET (no upgrade) is told the address takes WebSockets only (426)", async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    const response = await fetch(`${s.url}/api/live/socket`, { headers: { cookie } });
    expect(response.status).toBe(426);
    expect(await response.json()).toMatchObject({ message: messages.liveSocketOnly });
  });

  it(`at most ${LIVE_SOCKETS_PER_USER_MAX} sockets per user: one more is refused 429, another user is not`, async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    const tabs = await Promise.all(
      Array.from({ length: LIVE_SOCKETS_PER_USER_MAX }, () => tabOf(s, cookie)),
    );
    expect(await refused(connect(s.url, { cookie }))).toEqual({ status: 429 });
    const other = await createSignedInUser(s.deps);
    const tab = await tabOf(s, other.cookie);
    // A tab closed makes room again.
    tabs[0]?.socket.close();
    await tabs[0]?.closed();
    await tabOf(s, cookie);
    tab.socket.close();
  });
});

describe("what a socket hears", () => {
  it("a member's tab hears another member's new plan with the circle's version; an outsider's hears nothing of it", async () => {
    const s = server();
    const f = await circleOfFour(s);
    const member = await tabOf(s, f.member.cookie as string);
    const outsider = await tabOf(s, f.outsider.cookie as string);
    const plan = await f.creator.trpc.plans.create({
      circleId: f.circle.id,
      title: "Dentist",
      startTime: new Date(Date.now() + 86_400_000),
      timeZone: "UTC",
    });
    const [entry] = await s.db.db
      .select({ id: circleActivity.id, planId: circleActivity.planId })
      .from(circleActivity)
      .orderBy(desc(circleActivity.id))
      .limit(1);
    expect(entry?.planId).toBe(plan.id);
    expect(await member.next()).toEqual({
      kind: "circle",
      circleId: f.circle.id,
      version: entry?.id,
    });
    // Announcements reach a socket in order: the outsider's first is this one, made after.
    s.deps.live.announceUser(f.outsider.user.id);
    expect(await outsider.next()).toEqual({ kind: "user" });
  });

  it("a removed member's tab hears that their circles changed, then nothing more of the circle", async () => {
    const s = server();
    const f = await circleOfFour(s);
    const removed = await tabOf(s, f.member.cookie as string);
    await f.admin.trpc.circles.removeMember({ id: f.circle.id, userId: f.member.user.id });
    expect(await removed.next()).toEqual({ kind: "user" });
    await f.creator.trpc.plans.create({
      circleId: f.circle.id,
      title: "After they left",
      startTime: new Date(Date.now() + 86_400_000),
      timeZone: "UTC",
    });
    s.deps.live.announceUser(f.member.user.id);
    expect(await removed.next()).toEqual({ kind: "user" });
  });

  it("a tab that sends anything (only pings are taken) is closed for breaking the rules (1008)", async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    const tab = await tabOf(s, cookie);
    tab.socket.ping();
    tab.socket.send("subscribe me to circle 1");
    expect(await tab.closed()).toBe(1008);
    // A frame over the size limit is refused by `ws` itself (1009).
    const big = await tabOf(s, cookie);
    big.socket.send("x".repeat(4096));
    expect(await big.closed()).toBe(1009);
  });
});

describe("the tab's own change", () => {
  it("echo refetched after the answer: the maker's tab hears its change's announcement before the change's HTTP answer", async () => {
    const s = server();
    const f = await circleOfFour(s);
    const cookie = f.creator.cookie as string;
    const tab = await tabOf(s, cookie);
    // The web app skips the echo's refetch only when it arrives first (use-live-sync.ts): the
    // server publishes before it writes the answer, so on one machine the frame is there first.
    const order: string[] = [];
    const heard = tab.next().then(() => order.push("announcement"));
    const response = await fetch(`${s.url}/api/circles/${f.circle.id}/events`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: s.url, cookie },
      body: JSON.stringify({
        title: "Dentist",
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        reminderTimes: [],
      }),
    });
    order.push("answer");
    expect(response.ok).toBe(true);
    await heard;
    expect(order).toEqual(["announcement", "answer"]);
    tab.socket.close();
  });
});

describe("keepalive and closing", () => {
  it("a peer that stops answering pings is dropped after two rounds; one that answers stays", async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    const deadHandshake = await connect(s.url, { cookie, autoPong: false });
    if (!("tab" in deadHandshake)) throw new Error("refused");
    const dead = deadHandshake.tab;
    const alive = await tabOf(s, cookie);
    const pinged = once(alive.socket, "ping");
    s.liveSocket.heartbeat();
    await pinged;
    // The client answered before this event; a ping of its own comes back only after the
    // server has read that answer (one connection, in order).
    alive.socket.ping();
    await once(alive.socket, "pong");
    const closing = dead.closed();
    s.liveSocket.heartbeat();
    // Terminated: no close frame, so the client sees an abnormal closure.
    expect(await closing).toBe(1006);
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
    alive.socket.close();
  });

  it("LocalServer.close() closes every socket as going away (1001)", async () => {
    const port = await freePort();
    const dataDir = await migratedDataFolder("circleplan-live-close-");
    try {
      const local = await startLocalServer(loadConfig({ DATA_DIR: dataDir, PORT: String(port) }));
      const { cookie } = await createSignedInUser(local.deps);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live/socket`, {
        headers: { cookie },
        origin: `http://localhost:${port}`,
      });
      await once(socket, "open");
      const closed = once(socket, "close");
      await local.close();
      expect(((await closed) as [number])[0]).toBe(1001);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the REST door: GET /api/live/connect and /api/live/version", () => {
  it("answer a signed-in caller as documented in the OpenAPI document, and 401 to a signed-out one", async () => {
    const s = server();
    const { cookie } = await createSignedInUser(s.deps);
    const client = s.client().setCookie(cookie);
    const connection = await client.get("/api/live/connect");
    expect(connection).toMatchObject({
      status: 200,
      body: { transport: "websocket", url: `${s.url.replace(/^http/, "ws")}/api/live/socket` },
    });
    const version = await client.get<{ version: string }>("/api/live/version");
    expect(version.status).toBe(200);
    expect(version.body).toEqual({ version: expect.stringMatching(/^[\w-]{16}$/) });
    for (const path of ["/api/live/connect", "/api/live/version"]) {
      expect(await s.client().get(path)).toMatchObject({
        status: 401,
        body: { message: messages.notSignedIn },
      });
    }
    const openApi = await s
      .client()
      .get<{ paths: Record<string, { get?: unknown }> }>("/api/openapi.json");
    expect(openApi.body.paths["/api/live/connect"]?.get).toBeDefined();
    expect(openApi.body.paths["/api/live/version"]?.get).toBeDefined();
  });
});

import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { TransportEvents } from "./live-channel";
import { openWebSocket, socketUrl } from "./websocket-transport";

/** A local socket server standing in for the API's /api/live/socket. */
async function fakeServer(): Promise<{ server: WebSocketServer; url: string }> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no address");
  return { server, url: `http://127.0.0.1:${address.port}/api/live/socket` };
}

/** Transport events as promises a test can wait for. */
function recorder() {
  const announcements: LiveAnnouncement[] = [];
  let closes = 0;
  let onOpen = () => {};
  let onClosed = () => {};
  const waiters: { count: number; resolve: () => void }[] = [];
  const events: TransportEvents = {
    open: () => onOpen(),
    announcement(announcement) {
      announcements.push(announcement);
      for (const waiter of waiters) if (announcements.length >= waiter.count) waiter.resolve();
    },
    closed() {
      closes += 1;
      onClosed();
    },
  };
  return {
    events,
    announcements,
    closes: () => closes,
    opened: new Promise<void>((resolve) => {
      onOpen = resolve;
    }),
    closed: new Promise<void>((resolve) => {
      onClosed = resolve;
    }),
    announced: (count: number) =>
      new Promise<void>((resolve) => {
        if (announcements.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
  };
}

const servers: WebSocketServer[] = [];

/** The transport against a fresh fake server doing `onConnection` with each client. */
async function openAgainst(onConnection: (client: WebSocket) => void = () => {}) {
  const { server, url } = await fakeServer();
  servers.push(server);
  server.on("connection", onConnection);
  const record = recorder();
  const transport = openWebSocket(
    url,
    record.events,
    WebSocket as unknown as typeof globalThis.WebSocket,
  );
  return { server, url, record, transport };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      for (const client of server.clients) client.terminate();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe("socketUrl", () => {
  it("names the local server's socket on the page's own origin, secure when the page is", () => {
    expect(socketUrl("/api/live/socket", "https://plan.example/dashboard")).toBe(
      "wss://plan.example/api/live/socket",
    );
    expect(socketUrl("/api/live/socket", "http://localhost:3001/")).toBe(
      "ws://localhost:3001/api/live/socket",
    );
    expect(socketUrl("wss://live.example/socket", "https://plan.example/")).toBe(
      "wss://live.example/socket",
    );
  });
});

describe("the WebSocket transport", () => {
  it("reads each text message as an announcement and skips what it does not know", async () => {
    const { record, transport } = await openAgainst((client) => {
      client.send('{"kind":"circle","circleId":7,"version":42}');
      client.send("not an announcement");
      client.send('{"kind":"weather","sunny":true}');
      client.send(Buffer.from('{"kind":"user"}'), { binary: true });
      client.send('{"kind":"user"}');
    });
    await record.opened;
    await record.announced(2);
    expect(record.announcements).toEqual([
      { kind: "circle", circleId: 7, version: 42 },
      { kind: "user" },
    ]);
    transport.close();
  });

  it("reports the server closing it, once", async () => {
    const { record } = await openAgainst((client) => client.close(1012, "restarting"));
    await record.closed;
    expect(record.closes()).toBe(1);
  });

  it("reports a connection that could not be made as closed", async () => {
    const { server, url } = await fakeServer();
    await new Promise((resolve) => server.close(resolve));
    const record = recorder();
    openWebSocket(url, record.events, WebSocket as unknown as typeof globalThis.WebSocket);
    await record.closed;
    expect(record.closes()).toBe(1);
  });

  it("says nothing more once closed by the channel", async () => {
    let serverSawClose = Promise.resolve();
    const { record, transport } = await openAgainst((client) => {
      serverSawClose = new Promise((resolve) => client.on("close", () => resolve()));
    });
    await record.opened;
    transport.close();
    await serverSawClose;
    expect(record.closes()).toBe(0);
  });
});

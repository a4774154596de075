import {
  LIVE_VERSION_CHECK_MS,
  type LiveAnnouncement,
  type LiveConnection,
} from "@circleplan/shared/live-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ChannelConnection,
  createLiveChannel,
  LIVE_HIDDEN_PAUSE_MS,
  LIVE_RECONNECT_BASE_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_RENEW_BEFORE_MS,
  LIVE_STABLE_MS,
  LiveRequestError,
  reconnectDelay,
  type TransportEvents,
} from "./live-channel";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const socket: LiveConnection = { transport: "websocket", url: "/api/live/socket" };
const circleChanged: LiveAnnouncement = { kind: "circle", circleId: 7, version: 42 };

function mqttFor(expiresInMs: number): LiveConnection {
  return {
    transport: "mqtt",
    url: "wss://example-ats.iot.eu-west-1.amazonaws.com/mqtt",
    authorizer: "circleplan-live",
    token: "token",
    clientId: "client-1",
    topics: ["circleplan/test/circle/7"],
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  };
}

interface FakeTransport {
  connection: ChannelConnection;
  events: TransportEvents;
  closed: boolean;
}

/**
 * A channel whose requests and transports are fakes: `connect` answers what `answers` holds
 * next (the last one again when they run out), `version` what `versions` holds; transports
 * open only when the test says so.
 */
function setUp({
  answers = [socket],
  versions = ["v1"],
}: {
  answers?: (LiveConnection | LiveRequestError)[];
  versions?: (string | LiveRequestError)[];
} = {}) {
  const transports: FakeTransport[] = [];
  let connects = 0;
  let checks = 0;
  const next = <T>(list: T[], index: number): T => list[Math.min(index, list.length - 1)] as T;
  const requests = {
    connect: vi.fn(async () => {
      const answer = next(answers, connects++);
      if (answer instanceof LiveRequestError) throw answer;
      return answer;
    }),
    version: vi.fn(async () => {
      const answer = next(versions, checks++);
      if (answer instanceof LiveRequestError) throw answer;
      return { version: answer };
    }),
  };
  const onAnnouncement = vi.fn();
  const onMissed = vi.fn();
  const channel = createLiveChannel({
    requests,
    openTransport: (connection, events) => {
      const transport: FakeTransport = { connection, events, closed: false };
      transports.push(transport);
      return {
        close() {
          transport.closed = true;
        },
      };
    },
    onAnnouncement,
    onMissed,
    random: () => 0.5,
  });
  const last = () => {
    const transport = transports.at(-1);
    if (!transport) throw new Error("no transport was opened");
    return transport;
  };
  return {
    channel,
    requests,
    transports,
    onAnnouncement,
    onMissed,
    last,
    /**
     * Moves the clock on, firing what falls due; then lets the answers those timers asked for
     * arrive, and runs what they scheduled for the same instant.
     */
    async pass(ms = 0) {
      await vi.advanceTimersByTimeAsync(ms);
      await vi.advanceTimersByTimeAsync(0);
    },
    /** Starts visible and opens the first transport. */
    async startOpen() {
      channel.start(true);
      await vi.advanceTimersByTimeAsync(0);
      last().events.open();
    },
    requestCount: () => requests.connect.mock.calls.length + requests.version.mock.calls.length,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("reconnectDelay", () => {
  it("stays within the upper half of a doubling ceiling, from the base to the maximum", () => {
    for (const attempt of [1, 2, 3, 5, 8, 12, 40, 1000]) {
      const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_BASE_MS * 2 ** (attempt - 1));
      expect(reconnectDelay(attempt, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(reconnectDelay(1, () => 0)).toBe(LIVE_RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(1000, () => 0.999_999)).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS);
  });
});

describe("live channel", () => {
  it("opens the connection live.connect names and passes on what it announces", async () => {
    const live = setUp();
    await live.startOpen();
    expect(live.channel.phase).toBe("open");
    expect(live.last().connection).toEqual(socket);

    live.last().events.announcement(circleChanged);
    expect(live.onAnnouncement).toHaveBeenCalledWith(circleChanged);
    expect(live.onMissed).not.toHaveBeenCalled();
  });

  it("asks nothing while the channel is up, for hours, visible or hidden (no polling)", async () => {
    const live = setUp();
    await live.startOpen();
    await live.pass(3 * HOUR);
    expect(live.requestCount()).toBe(1);

    live.channel.setVisible(false);
    await live.pass(10 * HOUR);
    expect(live.requestCount()).toBe(1);
  });

  it("closes a hidden tab's connection after the pause, asking nothing, and on return refetches and reconnects", async () => {
    const live = setUp();
    await live.startOpen();
    live.channel.setVisible(false);
    await live.pass(LIVE_HIDDEN_PAUSE_MS - 1);
    expect(live.last().closed).toBe(false);
    await live.pass(1);
    expect(live.last().closed).toBe(true);
    expect(live.channel.phase).toBe("paused");
    await live.pass(HOUR);
    expect(live.requestCount()).toBe(1);

    live.channel.setVisible(true);
    expect(live.onMissed).toHaveBeenCalledTimes(1);
    await live.pass(0);
    // The socket's address is still good: opened again without asking live.connect.
    expect(live.transports).toHaveLength(2);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);
    live.last().events.open();
    expect(live.channel.phase).toBe("open");
    // The refetch on return covered the gap: opening again asks for nothing more.
    expect(live.onMissed).toHaveBeenCalledTimes(1);
    expect(live.requests.version).not.toHaveBeenCalled();
  });

  it("a day's token: a return ten hours later, past the pause, reconnects with it and asks nothing", async () => {
    const live = setUp({ answers: [mqttFor(24 * HOUR)] });
    await live.startOpen();
    live.channel.setVisible(false);
    await live.pass(10 * HOUR);
    expect(live.channel.phase).toBe("paused");
    live.channel.setVisible(true);
    await live.pass(0);
    expect(live.transports).toHaveLength(2);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);
    live.last().events.open();
    expect(live.channel.phase).toBe("open");
  });

  it("asks live.connect again when the known token is about to expire, or reusing it failed", async () => {
    const live = setUp({ answers: [mqttFor(30 * MINUTE), mqttFor(2 * HOUR), mqttFor(3 * HOUR)] });
    await live.startOpen();
    live.channel.setVisible(false);
    await live.pass(LIVE_HIDDEN_PAUSE_MS);
    expect(live.channel.phase).toBe("paused");
    await live.pass(30 * MINUTE);
    live.channel.setVisible(true);
    await live.pass(0);
    expect(live.requests.connect).toHaveBeenCalledTimes(2);
    expect(live.last().connection.transport).toBe("mqtt");
    live.last().events.open();

    live.last().events.closed();
    await live.pass(reconnectDelay(1, () => 0.5));
    // Reused once (still valid); refused before opening, so the next attempt asks.
    expect(live.requests.connect).toHaveBeenCalledTimes(2);
    live.last().events.closed();
    await live.pass(reconnectDelay(2, () => 0.5));
    expect(live.requests.connect).toHaveBeenCalledTimes(3);
  });

  it("keeps the connection through a short look away, and asks nothing on return", async () => {
    const live = setUp();
    await live.startOpen();
    live.channel.setVisible(false);
    await live.pass(LIVE_HIDDEN_PAUSE_MS / 2);
    live.channel.setVisible(true);
    await live.pass(LIVE_HIDDEN_PAUSE_MS);
    expect(live.last().closed).toBe(false);
    expect(live.requestCount()).toBe(1);
    expect(live.onMissed).not.toHaveBeenCalled();
  });

  it("reconnects after a drop and refetches what may have been missed, once", async () => {
    const live = setUp();
    await live.startOpen();
    await live.pass(LIVE_STABLE_MS);
    live.last().events.closed();
    expect(live.channel.phase).toBe("waiting");

    await live.pass(reconnectDelay(1, () => 0.5));
    expect(live.transports).toHaveLength(2);
    live.last().events.open();
    expect(live.onMissed).toHaveBeenCalledTimes(1);
    // The reconnect came first, so no version check was needed; nor a new address.
    expect(live.requestCount()).toBe(1);
  });

  it("backs off with growing, bounded waits while the server cannot be reached", async () => {
    const live = setUp({ answers: [new LiveRequestError(null)] });
    live.channel.start(true);
    await live.pass(0);
    const attemptsAt: number[] = [Date.now()];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const before = live.requests.connect.mock.calls.length;
      await live.pass(reconnectDelay(attempt, () => 0.5));
      expect(live.requests.connect).toHaveBeenCalledTimes(before + 1);
      attemptsAt.push(Date.now());
    }
    const waits = attemptsAt.slice(1).map((at, index) => at - (attemptsAt[index] ?? 0));
    expect(waits[0]).toBe(750);
    expect(waits[1]).toBe(1500);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS);
    expect(waits.at(-1)).toBe(LIVE_RECONNECT_MAX_MS * 0.75);
  });

  it("does not hammer a server that accepts a connection and drops it at once", async () => {
    const live = setUp();
    const started = Date.now();
    await live.startOpen();
    for (let attempt = 1; attempt <= 6; attempt++) {
      live.last().events.closed();
      await live.pass(reconnectDelay(attempt, () => 0.5));
      live.last().events.open();
    }
    // Six drops within a minute: the waits grew (0.75 s … 24 s) rather than restarting at 0.75 s.
    expect(Date.now() - started).toBeGreaterThan(45_000);
    expect(live.transports).toHaveLength(7);
  });

  it("checks the version at most once a minute while visible and down, and refetches when it changed", async () => {
    const live = setUp({ answers: [{ transport: "none" }], versions: ["v1", "v1", "v1", "v2"] });
    live.channel.start(true);
    await live.pass(0);
    expect(live.channel.phase).toBe("unavailable");
    // The first answer is where later ones are compared from: the page has just loaded.
    expect(live.requests.version).toHaveBeenCalledTimes(1);
    expect(live.onMissed).not.toHaveBeenCalled();

    await live.pass(LIVE_VERSION_CHECK_MS - 1);
    expect(live.requests.version).toHaveBeenCalledTimes(1);
    await live.pass(1);
    expect(live.requests.version).toHaveBeenCalledTimes(2);
    await live.pass(2 * LIVE_VERSION_CHECK_MS);
    expect(live.requests.version).toHaveBeenCalledTimes(4);
    expect(live.onMissed).toHaveBeenCalledTimes(1);

    await live.pass(HOUR);
    expect(live.requests.version.mock.calls.length).toBeLessThanOrEqual(4 + 60);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);
  });

  it("lets a hidden tab ask nothing while the channel is down, and checks at once when it is looked at", async () => {
    const live = setUp({ answers: [{ transport: "none" }] });
    live.channel.start(true);
    await live.pass(0);
    live.channel.setVisible(false);
    const before = live.requestCount();
    await live.pass(5 * HOUR);
    expect(live.requestCount()).toBe(before);

    live.channel.setVisible(true);
    await live.pass(0);
    expect(live.requestCount()).toBe(before + 1);
  });

  it("stops reconnecting while hidden and connects again when visible", async () => {
    const live = setUp({ answers: [new LiveRequestError(503), socket] });
    live.channel.start(true);
    await live.pass(0);
    live.channel.setVisible(false);
    await live.pass(HOUR);
    expect(live.requestCount()).toBe(1);
    expect(live.channel.phase).toBe("paused");

    live.channel.setVisible(true);
    await live.pass(0);
    expect(live.requests.connect).toHaveBeenCalledTimes(2);
  });

  it("starts version checks once a reconnect has failed, and covers the gap when it opens again", async () => {
    const live = setUp({
      answers: [socket, new LiveRequestError(503), socket],
      versions: ["v1", "v2"],
    });
    await live.startOpen();
    live.last().events.closed();
    await live.pass(reconnectDelay(1, () => 0.5));
    // The reconnect (the known socket again) failed: the check runs now, and since the
    // channel had been open, what the screens show is refetched.
    live.last().events.closed();
    await live.pass(0);
    expect(live.requests.version).toHaveBeenCalledTimes(1);
    expect(live.onMissed).toHaveBeenCalledTimes(1);

    // The next attempt asks live.connect: 503; the one after that opens.
    await live.pass(reconnectDelay(2, () => 0.5));
    await live.pass(reconnectDelay(3, () => 0.5));
    live.last().events.open();
    await live.pass(0);
    // One more check compares with the last: it changed meanwhile.
    expect(live.requests.version).toHaveBeenCalledTimes(2);
    expect(live.onMissed).toHaveBeenCalledTimes(2);
  });

  it("asks nothing when a connection opens in a hidden tab after version checks ran", async () => {
    const live = setUp({ answers: [new LiveRequestError(503), new LiveRequestError(503), socket] });
    live.channel.start(true);
    await live.pass(reconnectDelay(1, () => 0.5));
    // Two failures: the version check has run once.
    expect(live.requests.version).toHaveBeenCalledTimes(1);
    await live.pass(reconnectDelay(2, () => 0.5));
    expect(live.requests.connect).toHaveBeenCalledTimes(3);
    live.channel.setVisible(false);
    live.last().events.open();
    await live.pass(LIVE_HIDDEN_PAUSE_MS / 2);
    expect(live.requests.version).toHaveBeenCalledTimes(1);
    expect(live.onMissed).not.toHaveBeenCalled();

    live.channel.setVisible(true);
    // Still open, but whatever changed since the last check is refetched now.
    expect(live.onMissed).toHaveBeenCalledTimes(1);
    expect(live.requestCount()).toBe(4);
  });

  it("renews a token's connection before it expires, without a gap", async () => {
    const live = setUp({ answers: [mqttFor(HOUR), mqttFor(2 * HOUR)] });
    await live.startOpen();
    const first = live.last();
    await live.pass(HOUR - LIVE_RENEW_BEFORE_MS - 1);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);
    await live.pass(1);
    expect(live.requests.connect).toHaveBeenCalledTimes(2);
    const second = live.last();
    expect(second).not.toBe(first);
    expect(first.closed).toBe(false);

    second.events.open();
    expect(first.closed).toBe(true);
    // The old one's close (IoT Core ends it) is not a drop.
    first.events.closed();
    expect(live.channel.phase).toBe("open");
    expect(live.onMissed).not.toHaveBeenCalled();
    second.events.announcement(circleChanged);
    expect(live.onAnnouncement).toHaveBeenCalledTimes(1);
  });

  it("closes instead of renewing when the token runs out in a hidden tab", async () => {
    const live = setUp({ answers: [mqttFor(5 * MINUTE)] });
    await live.startOpen();
    live.channel.setVisible(false);
    await live.pass(5 * MINUTE);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);
    expect(live.last().closed).toBe(true);
    expect(live.channel.phase).toBe("paused");
  });

  it("renews on request, or when looked at again if hidden", async () => {
    const live = setUp();
    await live.startOpen();
    live.channel.setVisible(false);
    live.channel.renew();
    await live.pass(MINUTE);
    expect(live.requests.connect).toHaveBeenCalledTimes(1);

    live.channel.setVisible(true);
    await live.pass(0);
    expect(live.requests.connect).toHaveBeenCalledTimes(2);
  });

  it("stops for good when the session is gone (401)", async () => {
    const live = setUp({ answers: [new LiveRequestError(401)] });
    live.channel.start(true);
    await live.pass(0);
    expect(live.channel.phase).toBe("stopped");
    await live.pass(HOUR);
    expect(live.requestCount()).toBe(1);
  });

  it("ignores what an old connection says once it was stopped", async () => {
    const live = setUp();
    await live.startOpen();
    const old = live.last();
    live.channel.stop();
    expect(old.closed).toBe(true);
    old.events.announcement(circleChanged);
    old.events.closed();
    await live.pass(HOUR);
    expect(live.onAnnouncement).not.toHaveBeenCalled();
    expect(live.requestCount()).toBe(1);
  });
});

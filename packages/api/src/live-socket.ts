/**
 * The local server's live channel (docs/decisions/018-live-sync.md, "Local"): a WebSocket at
 * LIVE_SOCKET_PATH beside the API, on the same origin. The handshake passes the app's perimeter
 * like any request (the Origin check included: a WebSocket upgrade must come from the app's own
 * origin), then the session cookie decides whose socket it is (401 without one). A socket only
 * listens: it hears its user's circles and its user's own announcements (the hub decides, at
 * each announcement) and anything it sends but a ping closes it.
 *
 * Bounded: LIVE_SOCKETS_PER_USER_MAX sockets per user (429), LIVE_SOCKETS_MAX in all (503),
 * small frames, and a ping every LIVE_HEARTBEAT_MS: a socket that has not answered the previous
 * one is dropped. Only the local server and the tests' servers mount it; Lambda never loads it.
 */
import type { LocalLiveHub } from "@circleplan/core/live/local-hub";
import { LIVE_SOCKET_PATH } from "@circleplan/core/live/local-hub";
import { messages } from "@circleplan/shared/messages";
import { upgradeWebSocket } from "@hono/node-server";
import { type WebSocket, WebSocketServer } from "ws";
import type { App, BuildContext } from "./app";
import { errorBody } from "./errors";

/** A person's phone and laptop with a few tabs each; beyond that a tab checks `live.version`. */
export const LIVE_SOCKETS_PER_USER_MAX = 8;
/** One local server is one family's, or a developer's: a thousand screens is far past either. */
export const LIVE_SOCKETS_MAX = 1000;
/** Browsers answer pings by themselves; a peer silent for two rounds is gone. */
export const LIVE_HEARTBEAT_MS = 30_000;
/** Clients send nothing but control frames: a larger frame is refused by `ws` itself. */
const FRAME_MAX_BYTES = 1024;
/** How long a closing peer gets to answer before its socket is cut. */
const CLOSE_GRACE_MS = 2000;

/** WebSocket close codes: the server leaves, the client broke the rules, or came once too often. */
const GOING_AWAY = 1001;
const POLICY_VIOLATION = 1008;

export interface LiveSocketDoor {
  /** Where the HTTP server hands upgrades (listen.ts). */
  server: WebSocketServer;
  /** The route, mounted by createApp after the perimeter. */
  mount(app: App, buildContext: BuildContext): void;
  /** One keepalive round: drops sockets that missed the last ping, pings the rest. */
  heartbeat(): void;
  /** Closes every open socket (going away); resolves once each is closed. */
  disconnectAll(): Promise<void>;
  /** Closes every socket and stops the keepalive. */
  close(): Promise<void>;
}

/**
 * `hubOf` answers the hub sockets join, read at each handshake (a test server has its hub only
 * once it listens).
 */
export function createLiveSocketDoor(
  hubOf: () => LocalLiveHub,
  options: { heartbeatMs?: number } = {},
): LiveSocketDoor {
  const server = new WebSocketServer({ noServer: true, maxPayload: FRAME_MAX_BYTES });
  /** Each open socket and whether it answered the last ping. */
  const sockets = new Map<WebSocket, { alive: boolean }>();

  const heartbeat = () => {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  };
  const timer = setInterval(heartbeat, options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  timer.unref();

  const open = (hub: LocalLiveHub, socket: WebSocket, userId: number) => {
    // Checked before the upgrade too; two handshakes at once may both have passed that check.
    if (hub.listening(userId) >= LIVE_SOCKETS_PER_USER_MAX || hub.listening() >= LIVE_SOCKETS_MAX) {
      socket.close(POLICY_VIOLATION, "Too many live connections");
      return;
    }
    const state = { alive: true };
    sockets.set(socket, state);
    const leave = hub.join({ userId, send: (message) => socket.send(message) });
    socket.on("pong", () => {
      state.alive = true;
    });
    socket.on("close", () => {
      sockets.delete(socket);
      leave();
    });
  };

  const disconnectAll = async () => {
    await Promise.all(
      [...sockets.keys()].map(
        (socket) =>
          new Promise<void>((resolve) => {
            const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
            socket.once("close", () => {
              clearTimeout(cut);
              resolve();
            });
            socket.close(GOING_AWAY, "Server closing");
          }),
      ),
    );
  };

  return {
    server,
    mount(app, buildContext) {
      app.get(LIVE_SOCKET_PATH, async (c, next) => {
        if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
          return c.json(errorBody(messages.liveSocketOnly, "UPGRADE_REQUIRED"), 426);
        }
        // A refreshed or cleared cookie has no answer to ride on here: the next request sets it.
        const hub = hubOf();
        const { session } = await buildContext(c, new Headers());
        if (!session) return c.json(errorBody(messages.notSignedIn, "UNAUTHORIZED"), 401);
        const userId = session.user.id;
        if (hub.listening(userId) >= LIVE_SOCKETS_PER_USER_MAX) {
          return c.json(errorBody(messages.liveSocketsPerUser, "TOO_MANY_REQUESTS"), 429);
        }
        if (hub.listening() >= LIVE_SOCKETS_MAX) {
          return c.json(errorBody(messages.liveSocketsFull, "SERVICE_UNAVAILABLE"), 503);
        }
        return upgradeWebSocket(() => ({
          onOpen: (_event, ws) => open(hub, ws.raw as WebSocket, userId),
          // Pings and pongs are control frames `ws` answers itself; any message breaks the rules.
          onMessage: (_event, ws) => ws.close(POLICY_VIOLATION, "This socket only listens"),
        }))(c, next);
      });
    },
    heartbeat,
    disconnectAll,
    async close() {
      clearInterval(timer);
      await disconnectAll();
      server.close();
    },
  };
}

/**
 * The app on Node's HTTP server, for the local server and the tests' servers alike: the
 * @hono/node-server listener, and an answer to `Expect: 100-continue` of our own. Node invites
 * every body at once by default; here a body is invited only when its declared length is
 * within its route's limit (perimeter.ts decides), so a client that asks before sending never
 * sends a body that would be refused (body-limit.ts answers it 413 at once).
 */
import { once } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { WebSocketServer } from "ws";
import type { App } from "./app";
import { bodyRuleFor } from "./perimeter";

export interface Listening {
  server: Server;
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  port: number;
}

export async function listen(
  fetch: App["fetch"],
  options: { port: number; hostname: string; websocket?: WebSocketServer | undefined },
): Promise<Listening> {
  const { websocket, ...address } = options;
  // WebSocket handshakes go through `fetch` like any request (live-socket.ts), then to `websocket`.
  const server = serve({
    fetch,
    ...address,
    ...(websocket ? { websocket: { server: websocket } } : {}),
  }) as Server;
  // Handling this event replaces Node's own 100 Continue; the request goes on as usual.
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    if (bodyFits(request)) response.writeContinue();
    server.emit("request", request, response);
  });
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

function bodyFits(request: IncomingMessage): boolean {
  const declared = Number(request.headers["content-length"]);
  // Without a length (chunked) the body is counted as it arrives.
  if (!Number.isFinite(declared)) return true;
  const path = new URL(request.url ?? "/", "http://localhost").pathname;
  return declared <= bodyRuleFor(request.method ?? "POST", path).maxBytes;
}

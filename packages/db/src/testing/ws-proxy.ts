/**
 * A WebSocket-to-TCP proxy, enough for @neondatabase/serverless to reach a plain local PostgreSQL
 * server the way it reaches Neon. Each socket carries one Postgres connection to the
 * `address` named in its URL (Neon's wsproxy convention).
 */

import type { AddressInfo } from "node:net";
import net from "node:net";
import { WebSocketServer } from "ws";

export interface WsProxy {
  /** "127.0.0.1:port", the form `neonWsProxy` takes */
  address: string;
  close(): Promise<void>;
}

export async function startWsProxy(allowedTarget: string): Promise<WsProxy> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, request) => {
    const target = new URL(request.url ?? "/", "ws://x").searchParams.get("address");
    // Only ever forward to the test server we were started for.
    if (target !== allowedTarget) {
      socket.close(1008, "address not allowed");
      return;
    }
    const [host, port] = splitHostPort(target);
    const tcp = net.connect({ host, port });
    const pending: Buffer[] = [];
    tcp.on("connect", () => {
      for (const chunk of pending) tcp.write(chunk);
      pending.length = 0;
    });
    socket.on("message", (data: Buffer) => {
      if (tcp.connecting) pending.push(data);
      else tcp.write(data);
    });
    tcp.on("data", (chunk) => socket.send(chunk));
    tcp.on("close", () => socket.close());
    tcp.on("error", () => socket.close());
    socket.on("close", () => tcp.destroy());
    socket.on("error", () => tcp.destroy());
  });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

function splitHostPort(address: string): [string, number] {
  const at = address.lastIndexOf(":");
  return [address.slice(0, at), Number(address.slice(at + 1))];
}

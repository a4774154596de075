/**
 * Child-process entry of plans-store.ts: the WebSocket-to-TCP proxy Neon's driver needs to reach a
 * plain PostgreSQL server, in a process of its own (as Neon's proxy is in production), so relaying
 * every query's bytes does not cost the event loop of the server being measured.
 */
import { startWsProxy } from "@circleplan/db/testing/ws-proxy";

process.once("message", (target: string) => {
  startWsProxy(target).then(
    (proxy) => {
      process.send?.({ address: proxy.address });
      process.once("disconnect", () => {
        proxy.close().finally(() => process.exit(0));
      });
    },
    (error: unknown) => {
      process.send?.({ error: String(error) }, undefined, {}, () => process.exit(1));
    },
  );
});

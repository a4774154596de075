import { parseAnnouncement } from "./announcement";
import type { LiveTransport, TransportEvents } from "./live-channel";

/** `url` as a WebSocket address: the local server names its socket by path, on its own origin. */
export function socketUrl(url: string, page: string): string {
  const address = new URL(url, page);
  if (address.protocol === "http:") address.protocol = "ws:";
  if (address.protocol === "https:") address.protocol = "wss:";
  return address.toString();
}

/**
 * The local server's own socket (the session cookie authenticates it): each text message is an
 * announcement. `Socket` is the browser's WebSocket unless a test hands in another.
 */
export function openWebSocket(
  url: string,
  events: TransportEvents,
  Socket: typeof WebSocket = WebSocket,
): LiveTransport {
  const socket = new Socket(socketUrl(url, globalThis.location?.href ?? "http://localhost/"));
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    events.closed();
  };
  socket.addEventListener("open", () => {
    if (!done) events.open();
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    if (done || typeof event.data !== "string") return;
    const announcement = parseAnnouncement(event.data);
    if (announcement) events.announcement(announcement);
  });
  // An error is always followed by close, which is what counts; listened to all the same, as
  // an error nobody listens to is thrown by some implementations (Node's `ws`).
  socket.addEventListener("error", () => {});
  socket.addEventListener("close", finish);
  return {
    close() {
      done = true;
      socket.close();
    },
  };
}

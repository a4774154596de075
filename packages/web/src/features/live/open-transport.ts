import type { LiveTransport, OpenTransport, TransportEvents } from "./live-channel";
import { openWebSocket } from "./websocket-transport";

/**
 * The transport `live.connect` named. MQTT's module is imported on first use; the handle is
 * returned at once, and a close asked for while the module downloads is honoured when it comes.
 */
export const openTransport: OpenTransport = (connection, events) => {
  if (connection.transport === "websocket") return openWebSocket(connection.url, events);
  let closed = false;
  let transport: LiveTransport | null = null;
  const guarded: TransportEvents = {
    open: () => !closed && events.open(),
    announcement: (announcement) => !closed && events.announcement(announcement),
    closed: () => !closed && events.closed(),
  };
  import("./mqtt-transport").then(
    ({ openMqtt }) => {
      if (!closed) transport = openMqtt(connection, guarded);
    },
    // A chunk that cannot be downloaded (offline, a new deploy) is a failed connection.
    () => guarded.closed(),
  );
  return {
    close() {
      closed = true;
      transport?.close();
    },
  };
};

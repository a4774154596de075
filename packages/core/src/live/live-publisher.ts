/**
 * The port live sync publishes through (docs/decisions/018-live-sync.md, "The mechanism"): the
 * local server's own socket hub, AWS IoT Core, or nothing. Every announcement goes to one user's
 * screens; who hears a circle (its members when it is published) is decided before, once, for
 * every channel (announcements.ts). Domain code never calls it: it announces through `deps.live`.
 */
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";

export interface LivePublisher {
  publish(userId: number, announcement: LiveAnnouncement): Promise<void>;
}

/** How browsers reach the channel, as the server knows it; `live.connect` answers it per caller. */
export type LiveTransport =
  | { kind: "websocket"; url: string }
  | { kind: "mqtt"; endpoint: string; authorizer: string; topicPrefix: string }
  | { kind: "none" };

/** No channel (a deployment without one): nothing is published, browsers check `live.version`. */
export const noLivePublisher: LivePublisher = { publish: async () => {} };

/**
 * The port live sync publishes through (docs/decisions/018-live-sync.md, "The mechanism"): the
 * local server's own socket hub, AWS IoT Core, or nothing. Domain code never calls it; it
 * announces through `deps.live` (announcements.ts), which publishes after commit.
 */
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";

/**
 * Who hears an announcement: whoever is a member of the circle when it is published (the channel
 * decides who that is: the local hub reads the members, IoT's authorizer granted the topics), or
 * one user's own screens.
 */
export type LiveTarget = { kind: "circle"; circleId: number } | { kind: "user"; userId: number };

export interface LivePublisher {
  publish(target: LiveTarget, announcement: LiveAnnouncement): Promise<void>;
}

/** How browsers reach the channel, as the server knows it; `live.connect` answers it per caller. */
export type LiveTransport =
  | { kind: "websocket"; url: string }
  | { kind: "mqtt"; endpoint: string; authorizer: string; topicPrefix: string }
  | { kind: "none" };

/** No channel (a deployment without one): nothing is published, browsers check `live.version`. */
export const noLivePublisher: LivePublisher = { publish: async () => {} };

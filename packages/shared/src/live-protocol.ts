/**
 * What the live-sync channel carries (issue 20, docs/decisions/018-live-sync.md): never data,
 * only that something changed and its version, so a screen refetches what it shows. The same
 * messages travel over the local WebSocket and, on AWS, the managed realtime service.
 */

/**
 * A circle's change feed gained entries up to `version` (the newest `circle_activity` id):
 * every member's screens showing that circle's plans, tasks, members or invitations refetch.
 */
export interface CircleChanged {
  kind: "circle";
  circleId: number;
  version: number;
}

/**
 * Something about one user changed outside any circle they can read yet: an invitation to
 * them, a circle they joined or left, or was deleted, their role in one, their inbox. (Their
 * channel stays as it is: every circle they are in is announced on it.)
 */
export interface UserChanged {
  kind: "user";
}

export type LiveAnnouncement = CircleChanged | UserChanged;

/**
 * How the browser reaches the channel, as `live.connect` answers it. `websocket`: the local
 * server's own socket, authenticated by the session cookie. `mqtt`: AWS IoT Core over
 * WebSockets through a custom authorizer (named as `x-amz-customauthorizer-name` in `url`'s
 * query or the MQTT username's) that checks the short-lived `token`, the MQTT password, with
 * `clientId`; `topics` are the only ones the authorizer lets them subscribe to: their own, on
 * which every circle they are in is announced (docs/decisions/018-live-sync.md, "AWS").
 */
export type LiveConnection =
  | { transport: "websocket"; url: string }
  | {
      transport: "mqtt";
      url: string;
      authorizer: string;
      token: string;
      clientId: string;
      topics: string[];
      /** When `token` stops being accepted (ISO instant): ask `live.connect` again before. */
      expiresAt: string;
    }
  | { transport: "none" };

/**
 * The fallback when the channel is down: `live.version` answers one opaque string that
 * changes whenever any circle of the caller's (or the caller's own inbox and memberships)
 * changes. Equal to the last answer: nothing new, nothing to refetch.
 */
export interface LiveVersion {
  version: string;
}

/** The most often a visible tab asks `live.version` while the channel is down. */
export const LIVE_VERSION_CHECK_MS = 60_000;

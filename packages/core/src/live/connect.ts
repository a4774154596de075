/**
 * `live.connect` (docs/decisions/018-live-sync.md): how the caller's browser reaches the
 * channel. Locally, the server's own WebSocket (the session cookie authenticates it); on AWS,
 * IoT Core with a token for LIVE_TOKEN_TTL_MS, a client id of the caller's own and one topic,
 * theirs, on which they hear every circle they are in (joining or leaving one changes nothing
 * here); without a channel, none (the browser checks `live.version`).
 */
import { randomBytes } from "node:crypto";
import type { LiveConnection } from "@circleplan/shared/live-protocol";
import type { Call, SignedInCaller } from "../deps";
import { LIVE_TOKEN_TTL_MS, signLiveToken } from "./live-token";
import { clientIdPrefixOf, userTopicOf } from "./topics";

export async function liveConnection({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<LiveConnection> {
  const { transport } = deps.live;
  if (transport.kind === "none") return { transport: "none" };
  if (transport.kind === "websocket") return { transport: "websocket", url: transport.url };
  const expiresAt = new Date(deps.clock.now().getTime() + LIVE_TOKEN_TTL_MS);
  const clientId = clientIdPrefixOf(transport.topicPrefix, caller.userId);
  return {
    transport: "mqtt",
    url: `wss://${transport.endpoint}/mqtt`,
    authorizer: transport.authorizer,
    token: signLiveToken(deps.secretKey, caller.userId, expiresAt),
    // One per connection: IoT ends an older connection that reuses a client id.
    clientId: `${clientId}${randomBytes(8).toString("hex")}`,
    topics: [userTopicOf(transport.topicPrefix, caller.userId)],
    expiresAt: expiresAt.toISOString(),
  };
}

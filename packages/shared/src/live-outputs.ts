/**
 * Live sync's two answers as both doors give them (`live.connect`, `live.version`;
 * docs/decisions/018-live-sync.md), checked against the wire protocol's types so the two never
 * drift apart.
 */
import * as z from "zod";
import type { LiveConnection, LiveVersion } from "./live-protocol";

export const liveConnectionOutput = z.discriminatedUnion("transport", [
  z.object({
    transport: z.literal("websocket").describe("The local server's WebSocket"),
    url: z.string().describe("The WebSocket's address (`ws://` or `wss://`)"),
  }),
  z.object({
    transport: z.literal("mqtt").describe("AWS IoT Core, MQTT over WebSocket"),
    url: z.string().describe("The IoT endpoint's WebSocket address"),
    authorizer: z
      .string()
      .describe("The name of the IoT custom authorizer to present the token to"),
    token: z.string().describe("A short-lived token that lets this caller subscribe to `topics`"),
    clientId: z.string().describe("The MQTT client id to connect with"),
    topics: z
      .array(z.string())
      .describe("The topics to subscribe to: the caller's and their circles'"),
    expiresAt: z.string().describe("When the token expires (ISO 8601, UTC): ask again before"),
  }),
  z.object({
    transport: z.literal("none").describe("No live channel here: poll GET /api/live/version"),
  }),
]) satisfies z.ZodType<LiveConnection>;

export const liveVersionOutput = z.object({
  version: z
    .string()
    .describe("Opaque: equal to the last answer's, nothing the caller sees has changed"),
}) satisfies z.ZodType<LiveVersion>;

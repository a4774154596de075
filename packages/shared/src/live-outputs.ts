/**
 * Live sync's two answers as both doors give them (`live.connect`, `live.version`;
 * docs/decisions/018-live-sync.md), checked against the wire protocol's types so the two never
 * drift apart.
 */
import * as z from "zod";
import type { LiveConnection, LiveVersion } from "./live-protocol";

export const liveConnectionOutput = z.discriminatedUnion("transport", [
  z.object({ transport: z.literal("websocket"), url: z.string() }),
  z.object({
    transport: z.literal("mqtt"),
    url: z.string(),
    authorizer: z.string(),
    token: z.string(),
    clientId: z.string(),
    topics: z.array(z.string()),
    expiresAt: z.string(),
  }),
  z.object({ transport: z.literal("none") }),
]) satisfies z.ZodType<LiveConnection>;

export const liveVersionOutput = z.object({
  version: z.string(),
}) satisfies z.ZodType<LiveVersion>;

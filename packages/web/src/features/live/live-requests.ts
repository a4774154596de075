import type { LiveConnection, LiveVersion } from "@circleplan/shared/live-protocol";
import { TRPCClientError } from "@trpc/client";
import { LiveRequestError, type LiveRequests } from "./live-channel";

/** The one tRPC call the channel makes, as the app's client offers it. */
export interface LiveConnectClient {
  live: { connect: { query(): Promise<LiveConnection> } };
}

/**
 * The channel's two requests (decision 018, "The client"). `live.connect` goes through the app's
 * tRPC client, so on a page load it rides in the same request as the first screen's queries; the
 * version check through the REST door (GET /api/live/version), its answer a few bytes of plain
 * JSON without tRPC's envelope.
 */
export function liveRequests(client: LiveConnectClient): LiveRequests {
  return {
    async connect() {
      try {
        return await client.live.connect.query();
      } catch (error) {
        const status = error instanceof TRPCClientError ? error.data?.httpStatus : undefined;
        throw new LiveRequestError(typeof status === "number" ? status : null);
      }
    },
    version: () => getJson<LiveVersion>("/api/live/version"),
  };
}

async function getJson<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    throw new LiveRequestError(null);
  }
  if (!response.ok) throw new LiveRequestError(response.status);
  return (await response.json()) as T;
}

import type { LiveConnection, LiveVersion } from "@circleplan/shared/live-protocol";
import { LiveRequestError, type LiveRequests } from "./live-channel";

/**
 * The channel's two requests, through the REST door (GET /api/live/connect and
 * /api/live/version): plain JSON of the shared protocol's types, the version check's answer a
 * few bytes without tRPC's envelope (decision 018, "The client").
 */
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

export const liveRequests: LiveRequests = {
  connect: () => getJson<LiveConnection>("/api/live/connect"),
  version: () => getJson<LiveVersion>("/api/live/version"),
};

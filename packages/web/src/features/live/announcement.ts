import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/**
 * A message from the channel as an announcement, or null for anything else: a message this
 * version does not know (a newer server) is ignored rather than breaking the channel.
 */
export function parseAnnouncement(text: string): LiveAnnouncement | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (!message || typeof message !== "object") return null;
  const { kind, circleId, version } = message as Record<string, unknown>;
  if (kind === "user") return { kind };
  if (kind === "circle" && isId(circleId) && isId(version)) return { kind, circleId, version };
  return null;
}

/**
 * The local server's channel (docs/decisions/018-live-sync.md, "Local"): announcements handed
 * to the screens listening in this process (api/src/live-socket.ts connects WebSockets here),
 * each to its own user's.
 */
import type { LivePublisher } from "./live-publisher";

/** Where the local server's socket door listens (api/src/live-socket.ts), beside the API. */
export const LIVE_SOCKET_PATH = "/api/live/socket";

/** One open screen: whose it is, and how to hand it an announcement (JSON text). */
export interface LiveListener {
  userId: number;
  send(message: string): void;
}

export interface LocalLiveHub extends LivePublisher {
  /** Starts handing `listener` its user's announcements; answers how to stop. */
  join(listener: LiveListener): () => void;
  /** Screens listening: one user's, or everyone's. */
  listening(userId?: number): number;
}

export function createLocalLiveHub(): LocalLiveHub {
  const byUser = new Map<number, Set<LiveListener>>();
  let total = 0;
  return {
    join(listener) {
      const mine = byUser.get(listener.userId) ?? new Set();
      byUser.set(listener.userId, mine);
      if (!mine.has(listener)) total += 1;
      mine.add(listener);
      return () => {
        if (!mine.delete(listener)) return;
        total -= 1;
        if (mine.size === 0 && byUser.get(listener.userId) === mine) byUser.delete(listener.userId);
      };
    },
    listening(userId) {
      return userId === undefined ? total : (byUser.get(userId)?.size ?? 0);
    },
    async publish(userId, announcement) {
      const listeners = byUser.get(userId);
      if (!listeners) return;
      const message = JSON.stringify(announcement);
      for (const listener of listeners) listener.send(message);
    },
  };
}

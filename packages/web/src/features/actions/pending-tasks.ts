import { trpc } from "@/lib/trpc";
import type { PendingTask } from "./action-counts";

/** Pending tasks are asked every 5 s in the Action Center and every 30 s elsewhere (spec section 9). */
export const ACTION_CENTER_POLL_MS = 5_000;
export const BADGE_POLL_MS = 30_000;

/**
 * The caller's unanswered tasks, both ways (assigned to me, assigned by me). Both the Action
 * Center and the badge read this one query, so an answer given in one shows in the other at once.
 */
export function usePendingTasks({ poll, eager = false }: { poll: number; eager?: boolean }): {
  data: PendingTask[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
} {
  const query = trpc.tasks.pending.useQuery(undefined, {
    refetchInterval: poll,
    // The Action Center also asks when it opens and when the window comes back (section 7).
    ...(eager ? { refetchOnMount: "always", refetchOnWindowFocus: "always" } : {}),
  });
  return {
    data: query.data,
    error: query.error,
    isPending: query.isPending,
    refetch: query.refetch,
  };
}

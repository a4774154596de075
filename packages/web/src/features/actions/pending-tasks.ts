import { trpc } from "@/lib/trpc";
import type { PendingTask } from "./action-counts";

/**
 * The caller's unanswered tasks, both ways (assigned to me, assigned by me). Both the Action
 * Center and the badge read this one query, so an answer given in one shows in the other at once.
 * Nothing polls it: live sync refetches it when a task changes (decision 018, "The client"),
 * where the spec asked every 5 s in the Action Center and every 30 s for the badge.
 */
export function usePendingTasks({ eager = false }: { eager?: boolean } = {}): {
  data: PendingTask[] | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
} {
  // The Action Center also asks when it opens (section 7); the tab coming back refetches it
  // only if something changed meanwhile (use-live-sync.ts).
  const query = trpc.tasks.pending.useQuery(undefined, eager ? { refetchOnMount: "always" } : {});
  return {
    data: query.data,
    error: query.error,
    isPending: query.isPending,
    refetch: query.refetch,
  };
}

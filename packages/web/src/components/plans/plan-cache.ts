import { trpc } from "@/lib/trpc";

/**
 * What a plan or task change makes stale. Queries never go stale by themselves (spec section
 * 9), so every plan mutation calls this: every list, day, calendar, pending and history query.
 */
export function usePlanInvalidation(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.plans.invalidate(), utils.tasks.invalidate()]);
  };
}

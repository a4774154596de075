/**
 * The plans the reminder system keeps loaded (use-reminders.ts), one query wherever the user
 * is. The reminder system downloads after the shell (lazy-reminders.tsx), but its plans are asked
 * for at once, in the same request as the first screen's queries (decision 018, "The client"):
 * this file is in the first screen's JS, so it stays this small.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect } from "react";
import { trpc } from "@/lib/trpc";
import { reminderRange } from "./reminder-range";

/** How the reminder system reads its plans: `trpc.plans.list.useQuery(range, REMINDER_PLANS_QUERY)`. */
export const REMINDER_PLANS_QUERY = {
  // Across midnight the range moves on: the previous days stay in use until the new arrive.
  placeholderData: keepPreviousData,
};

/**
 * Starts the reminder plans' query when the shell mounts: effects of one render run together,
 * so it joins the batch of the queries the shell and the first screen start then, instead of
 * going alone once the reminder system has downloaded (it then finds the answer in the cache).
 */
export function usePrefetchReminderPlans(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    void utils.plans.list.prefetch(reminderRange(Date.now()));
  }, [utils]);
}

/** What the Action Center and the Actions badge count and say (spec sections 2 and 9). */
import { ACTION_BADGE_CAP } from "@circleplan/shared/limits";
import type { pendingTaskSchema } from "@circleplan/shared/plan-outputs";
import type * as z from "zod";

export type PendingTask = z.infer<typeof pendingTaskSchema>;

/** What the badge counts: tasks waiting for my own answer. */
export function awaitingMyAnswer(tasks: readonly PendingTask[]): PendingTask[] {
  return tasks.filter((task) => task.isAssignedToMe);
}

/** The badge's text: the count, capped at "9+". */
export function badgeText(count: number): string {
  return count > ACTION_BADGE_CAP ? `${ACTION_BADGE_CAP}+` : String(count);
}

/**
 * The Action Center's heading: "1 item needs your attention", "3 items need your attention",
 * or "No pending actions".
 */
export function attentionText(count: number): string {
  if (count === 0) return "No pending actions";
  return count === 1 ? "1 item needs your attention" : `${count} items need your attention`;
}

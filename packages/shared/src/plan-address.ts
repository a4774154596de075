import type { Day } from "./days";

/**
 * A circle's page on `day` with a plan marked (the web's route `/circle/:id`, which reads `date`
 * and `eventId`): where an inbox entry and a search result open their plan, and the `URL` a
 * calendar feed gives each event (prefixed with the app's address there).
 */
export function circlePlanAddress(circleId: number, day: Day, planId: number): string {
  const query = new URLSearchParams({ date: day, eventId: String(planId) });
  return `/circle/${circleId}?${query}`;
}

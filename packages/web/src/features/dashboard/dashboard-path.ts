import { paths } from "@/app/paths";

/** The dashboard at `day` (no `date` for today), optionally pointing at one plan. */
export function dashboardPath(day: string, today: string, planId?: number): string {
  const query = new URLSearchParams();
  if (day !== today || planId) query.set("date", day);
  if (planId) query.set("eventId", String(planId));
  const search = query.toString();
  return search ? `${paths.dashboard}?${search}` : paths.dashboard;
}

import { paths } from "@/app/paths";

/** The dashboard at `day` (no `date` for today), optionally pointing at one plan. */
export function dashboardPath(day: string, today: string, eventId?: number): string {
  const query = new URLSearchParams();
  if (day !== today || eventId) query.set("date", day);
  if (eventId) query.set("eventId", String(eventId));
  const search = query.toString();
  return search ? `${paths.dashboard}?${search}` : paths.dashboard;
}

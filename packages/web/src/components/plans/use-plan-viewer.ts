import { useCurrentUser } from "@/lib/session";
import { browserTimeZone } from "@/lib/time-zones";

/**
 * Who is looking at the plans: their id (what is theirs to edit, answer or complete) and the
 * zone of their profile, which every day and time on the plan screens is read in.
 */
export function usePlanViewer(): { userId: number; zone: string } {
  const { user } = useCurrentUser();
  return { userId: user?.id ?? 0, zone: user?.timeZone ?? browserTimeZone() ?? "UTC" };
}

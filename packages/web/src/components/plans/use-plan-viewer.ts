import { useMemo } from "react";
import { useCurrentUser } from "@/lib/session";
import { browserTimeZone } from "@/lib/time-zones";
import { trpc } from "@/lib/trpc";

/**
 * Who is looking at the plans: their id (what is theirs to edit, answer or complete) and the
 * zone of their profile, which every day and time on the plan screens is read in.
 */
export function usePlanViewer(): { userId: number; zone: string } {
  const { user } = useCurrentUser();
  return { userId: user?.id ?? 0, zone: user?.timeZone ?? browserTimeZone() ?? "UTC" };
}

/**
 * The circles the viewer administers (or created), from the circle list the app already holds:
 * there they may delete any plan. Empty until the list has loaded, or when it fails.
 */
export function useAdminCircles(): ReadonlySet<number> {
  const circles = trpc.circles.list.useQuery();
  return useMemo(
    () =>
      new Set(
        (circles.data ?? [])
          .filter((circle) => circle.role === "admin" || circle.isCreator)
          .map((circle) => circle.id),
      ),
    [circles.data],
  );
}

import { screenClock } from "@circleplan/shared/days";
import type { TimeFormat, WeekStart } from "@circleplan/shared/limits";
import { useMemo } from "react";
import { useCurrentUser } from "@/lib/session";
import { browserTimeZone } from "@/lib/time-zones";
import { trpc } from "@/lib/trpc";

export interface PlanViewer {
  userId: number;
  zone: string;
  /** The clock of every screen: the one they chose, else the spec's 24-hour. */
  timeFormat: TimeFormat;
  /**
   * The clock they chose, null when they have not: the reminder notification reads it, since
   * the spec wrote that one 12-hour (`reminderClock`).
   */
  chosenTimeFormat: TimeFormat | null;
  weekStart: WeekStart;
}

/** How a viewer reads a time: in their zone, on their clock. */
export type PlanReader = Pick<PlanViewer, "zone" | "timeFormat">;

/**
 * Who is looking at the plans: their id (what is theirs to edit, answer or complete), the zone of
 * their profile, which every day and time on the plan screens is read in, and how they read
 * times and weeks (docs/decisions/023, "Locale preferences"). Until they choose, until the
 * profile is known, and for a user remembered by an older build, the spec's 24-hour clock and
 * Sunday.
 */
export function usePlanViewer(): PlanViewer {
  const { user } = useCurrentUser();
  return {
    userId: user?.id ?? 0,
    zone: user?.timeZone ?? browserTimeZone() ?? "UTC",
    timeFormat: screenClock(user?.timeFormat),
    chosenTimeFormat: user?.timeFormat ?? null,
    weekStart: user?.weekStart ?? "sunday",
  };
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

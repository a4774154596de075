import type { Day } from "@circleplan/shared/days";
import { useEffect, useState } from "react";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { todayIn } from "@/lib/days";

/** How often a screen checks whether midnight has passed: plenty for a day change, and cheap. */
const DAY_CHECK_MS = 60_000;

/**
 * The user's time zone (their profile's, which the server reads days in too) and today in it.
 * Today moves on by itself at midnight, so a calendar left open overnight does not keep
 * yesterday marked.
 */
export function useToday(): { timeZone: string; today: Day } {
  const { zone: timeZone } = usePlanViewer();
  const [state, setState] = useState(() => ({ timeZone, today: todayIn(timeZone) }));
  useEffect(() => {
    const update = () =>
      setState((previous) => {
        const today = todayIn(timeZone);
        return previous.timeZone === timeZone && previous.today === today
          ? previous
          : { timeZone, today };
      });
    update();
    const timer = window.setInterval(update, DAY_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return { timeZone, today: state.timeZone === timeZone ? state.today : todayIn(timeZone) };
}

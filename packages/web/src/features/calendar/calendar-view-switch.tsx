import { useEffect } from "react";
import { Link } from "wouter";
import { cn } from "@/lib/utils";
import { type CalendarView, calendarViewPath, rememberCalendarView } from "./calendar-view";

const VIEWS: readonly { view: CalendarView; label: string }[] = [
  { view: "month", label: "Month" },
  { view: "week", label: "Week" },
];

/**
 * Month or Week, on both calendar screens (issue 21): links to the two routes (the week planner
 * keeps its own), the current one marked, and the one shown remembered for the bottom bar.
 */
export function CalendarViewSwitch({ current }: { current: CalendarView }) {
  useEffect(() => rememberCalendarView(current), [current]);
  return (
    <nav aria-label="Calendar view" className="inline-flex w-fit rounded-lg border bg-muted p-1">
      {VIEWS.map(({ view, label }) => (
        <Link
          key={view}
          href={calendarViewPath[view]}
          aria-current={view === current ? "page" : undefined}
          className={cn(
            "rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            view === current && "bg-card text-foreground shadow-sm",
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

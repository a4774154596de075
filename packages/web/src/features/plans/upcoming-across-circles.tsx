import { daySpan } from "@circleplan/shared/days";
import { CalendarRange, RotateCcw } from "lucide-react";
import { useState } from "react";
import { PlanLine } from "@/components/plans/plan-line";
import { groupByDay } from "@/components/plans/plan-lists";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Button } from "@/components/ui/button";
import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import { relativeDayHeading } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

/** The panel's range (spec section 9): 7 days at first, 7 more at a time. */
const DAYS_DEFAULT = 7;
const DAYS_STEP = 7;

/**
 * My Day's Upcoming Across Circles panel (spec section 2): collapsible, titled Next N days,
 * from today; each day lists its plans or Free Day, and choosing a day selects it on the page.
 * Show More Days adds 7, Reset goes back to 7.
 */
export function UpcomingAcrossCircles({
  today,
  selected,
  onSelect,
}: {
  today: string;
  selected: string;
  onSelect: (day: string) => void;
}) {
  const { zone, timeFormat } = usePlanViewer();
  const [count, setCount] = useState(DAYS_DEFAULT);
  const days = daySpan(today, count);
  const plans = trpc.plans.list.useQuery(
    { from: today, to: days[days.length - 1] ?? today },
    // More days keep the ones shown until the longer list arrives.
    { placeholderData: (previous) => previous },
  );

  return (
    <CollapsiblePanel
      title={`Next ${count} days`}
      icon={<CalendarRange aria-hidden="true" className="size-5 text-primary" />}
    >
      <p className="mb-3 text-sm text-muted-foreground">Upcoming across circles</p>
      <PlansQueryState query={plans}>
        <ol className="grid gap-2">
          {groupByDay(plans.data ?? [], days, zone).map(({ day, plans: dayPlans }) => (
            <li key={day}>
              <button
                type="button"
                onClick={() => onSelect(day)}
                aria-current={day === selected ? "date" : undefined}
                className={cn(
                  "grid w-full cursor-pointer gap-1 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                  day === selected && "border-primary bg-accent",
                )}
              >
                <span className="font-semibold">{relativeDayHeading(day, today)}</span>
                {dayPlans.length === 0 ? (
                  <span className="text-success-foreground">Free Day</span>
                ) : (
                  dayPlans.map((plan) => (
                    <span
                      key={`${plan.id}-${plan.date}`}
                      className="flex min-w-0 items-center gap-2"
                    >
                      <PlanLine plan={plan} zone={zone} timeFormat={timeFormat} shownOn={day} />
                    </span>
                  ))
                )}
              </button>
            </li>
          ))}
        </ol>
      </PlansQueryState>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setCount(count + DAYS_STEP)}>
          Show More Days
        </Button>
        {count > DAYS_DEFAULT ? (
          <Button variant="ghost" size="sm" onClick={() => setCount(DAYS_DEFAULT)}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
        ) : null}
      </div>
    </CollapsiblePanel>
  );
}

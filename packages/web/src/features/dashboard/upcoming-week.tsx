import { addDays, daySpan } from "@circleplan/shared/days";
import { CalendarRange } from "lucide-react";
import { Link } from "wouter";
import { PlanLink } from "@/components/plans/plan-line";
import { groupByDay } from "@/components/plans/plan-lists";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import { relativeDayHeading } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { dashboardPath } from "./dashboard-path";

const WEEK_DAYS = 7;

/**
 * The dashboard's collapsible Upcoming Week (spec sections 2 and 9): the 7 days beginning
 * tomorrow, each with its plans or Free Day. A plan opens its day with the plan pointed at; a
 * free day opens that day.
 */
export function UpcomingWeek({ today }: { today: string }) {
  const { zone, timeFormat } = usePlanViewer();
  const first = addDays(today, 1);
  const days = daySpan(first, WEEK_DAYS);
  const plans = trpc.plans.list.useQuery({ from: first, to: days[days.length - 1] ?? first });

  return (
    <CollapsiblePanel
      title="Upcoming Week"
      icon={<CalendarRange aria-hidden="true" className="size-5 text-primary" />}
    >
      <PlansQueryState query={plans}>
        {/* One column no wider than the card (grid-cols-1 is minmax(0, 1fr)): an auto column
            grew to a row's unwrapped width and cut the circle names off on a phone. */}
        <ol className="grid grid-cols-1 gap-3">
          {groupByDay(plans.data ?? [], days, zone).map(({ day, plans: dayPlans }) => (
            <li key={day} className="grid grid-cols-1 gap-1.5">
              <h3 className="text-sm font-semibold">{relativeDayHeading(day, today)}</h3>
              {dayPlans.length === 0 ? (
                <Link
                  href={dashboardPath(day, today)}
                  className="rounded-md border border-dashed px-3 py-2 text-sm text-success-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  Free Day
                </Link>
              ) : (
                <ul className="grid grid-cols-1 gap-1">
                  {dayPlans.map((plan) => (
                    <li key={`${plan.id}-${plan.date}`}>
                      <PlanLink
                        plan={plan}
                        zone={zone}
                        timeFormat={timeFormat}
                        shownOn={day}
                        href={dashboardPath(day, today, plan.id)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </PlansQueryState>
    </CollapsiblePanel>
  );
}

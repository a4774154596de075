import type { Day } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { Clock, Sun } from "lucide-react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { AssigneeLabel } from "@/components/plans/assignee-label";
import { usePlanDetails } from "@/components/plans/plan-details/plan-details";
import { PlanLocation } from "@/components/plans/plan-line";
import { sortPlans } from "@/components/plans/plan-lists";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { CircleTag } from "@/components/ui/circle-tag";
import { planTimesOn } from "@/lib/plan-times";
import { trpc } from "@/lib/trpc";

/**
 * Today's Plans (spec section 2): each plan's title, circle, start to end as HH:mm, a task's
 * assignee with their colour, and location; "No plans today, Enjoy your free day!" when there
 * are none; a link to the day view. Tapping a plan opens its details.
 */
export function TodaysPlansCard({ today, timeZone }: { today: Day; timeZone: string }) {
  const plans = trpc.plans.list.useQuery({ date: today });
  const details = usePlanDetails();
  return (
    <Card role="region" aria-labelledby="todays-plans-title">
      <CardHeader className="pb-3">
        <CardTitle id="todays-plans-title" className="text-lg">
          Today's Plans
        </CardTitle>
      </CardHeader>
      <CardContent>
        <PlansQueryState query={plans}>
          {plans.data?.length ? (
            <ul className="grid gap-2">
              {sortPlans(plans.data).map((plan) => (
                <TodayPlan
                  key={`${plan.id}-${plan.startTime.getTime()}`}
                  plan={plan}
                  today={today}
                  timeZone={timeZone}
                  onOpen={() => details.show({ plan })}
                />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-1 py-4 text-center">
              <Sun aria-hidden="true" className="mb-1 size-8 text-amber-600 dark:text-amber-400" />
              <p className="font-semibold">No plans today</p>
              <p className="text-sm text-muted-foreground">Enjoy your free day!</p>
            </div>
          )}
        </PlansQueryState>
        {details.sheet}
      </CardContent>
      <CardFooter>
        <Link
          href={paths.dashboard}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View all plans for today
        </Link>
      </CardFooter>
    </Card>
  );
}

function TodayPlan({
  plan,
  today,
  timeZone,
  onOpen,
}: {
  plan: Plan;
  /** A plan that began on an earlier day says until when (docs/decisions/023). */
  today: Day;
  timeZone: string;
  onOpen: () => void;
}) {
  const { timeFormat } = usePlanViewer();
  return (
    <li className="relative grid gap-1 rounded-lg border p-3 hover:bg-accent/50">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* The title is the row's target: its area covers the row. */}
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onOpen}
          className="min-w-0 cursor-pointer text-left font-medium wrap-anywhere focus-visible:outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-ring"
        >
          {plan.title}
        </button>
        <CircleTag name={plan.circleName} color={plan.circleColor} />
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-3.5 shrink-0" />
        {planTimesOn(plan, timeZone, timeFormat, today)}
      </p>
      <AssigneeLabel plan={plan} className="text-sm text-muted-foreground" />
      {plan.location ? <PlanLocation location={plan.location} className="gap-1.5 text-sm" /> : null}
    </li>
  );
}

import { addDays, daySpan, isWeekendDay } from "@circleplan/shared/days";
import { NotebookPen } from "lucide-react";
import { useLocation, useSearch } from "wouter";
import { paths } from "@/app/paths";
import { AddPlanButtons } from "@/components/plans/add-plan-buttons";
import { PlanList } from "@/components/plans/plan-list";
import { groupByDay } from "@/components/plans/plan-lists";
import { planCount } from "@/components/plans/plan-text";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { StepNav } from "@/components/ui/step-nav";
import { longDay, parseDay, todayIn } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { UpcomingAcrossCircles } from "./upcoming-across-circles";

/** Days the list shows from the chosen one on. */
const LIST_DAYS = 7;

function myDayPath(day: string, today: string): string {
  return day === today ? paths.plans : `${paths.plans}?date=${day}`;
}

/**
 * /plans, My Day (plans spec, section 2): every circle's plans day by day from the chosen day
 * (today unless `?date=` says otherwise), with the Weekend badge, a count per day, Today, and
 * the Upcoming Across Circles panel, where choosing a day moves the list to it.
 */
export function MyDayScreen() {
  const { zone } = usePlanViewer();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const today = todayIn(zone);
  const first = parseDay(params.get("date")) ?? today;
  const days = daySpan(first, LIST_DAYS);
  const plans = trpc.plans.list.useQuery({ from: first, to: days[days.length - 1] ?? first });
  const groups = groupByDay(plans.data ?? [], days, zone);
  const empty = plans.data !== undefined && groups.every((group) => group.plans.length === 0);
  const goTo = (day: string) => navigate(myDayPath(day, today));

  return (
    <section aria-labelledby="my-day-title" className="mx-auto grid w-full max-w-5xl gap-5">
      <div className="grid gap-1">
        <ScreenHeading
          id="my-day-title"
          title="My Day"
          className="text-2xl font-bold tracking-tight"
        />
        <p className="text-sm text-muted-foreground">
          View and manage all your plans across circles in one place.
        </p>
      </div>

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-4">
          <StepNav
            unit="days"
            onStep={(step) => goTo(addDays(first, step * LIST_DAYS))}
            onToday={first === today ? undefined : () => goTo(today)}
            className="flex-wrap"
          />

          <PlansQueryState query={plans}>
            {empty ? (
              <Card>
                <CardContent className="grid justify-items-center gap-2 py-10 text-center">
                  <NotebookPen aria-hidden="true" className="size-10 text-muted-foreground" />
                  <h2 className="text-lg font-semibold">Your planner is empty</h2>
                  <p className="text-sm text-muted-foreground">
                    Add plans and tasks to get started
                  </p>
                </CardContent>
              </Card>
            ) : (
              <ol className="grid gap-5">
                {groups.map(({ day, plans: dayPlans }) => (
                  <li key={day} className="grid gap-2" aria-labelledby={`my-day-${day}`}>
                    <h2
                      id={`my-day-${day}`}
                      className="flex flex-wrap items-center gap-2 text-base font-semibold"
                    >
                      {longDay(day)}
                      {day === today ? <Badge>Today</Badge> : null}
                      {isWeekendDay(day) ? <Badge variant="outline">Weekend</Badge> : null}
                      <span className="text-sm font-normal text-muted-foreground">
                        {planCount(dayPlans.length)}
                      </span>
                    </h2>
                    {dayPlans.length > 0 ? (
                      <PlanList plans={dayPlans} day={day} />
                    ) : (
                      <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
                        No plans for this day
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </PlansQueryState>
        </div>

        <UpcomingAcrossCircles today={today} selected={first} onSelect={goTo} />
      </div>

      <AddPlanButtons defaultDate={first} />
    </section>
  );
}

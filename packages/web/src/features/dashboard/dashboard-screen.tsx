import type { Day } from "@circleplan/shared/days";
import { addDays } from "@circleplan/shared/days";
import { ListTodo } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { AddPlanButtons } from "@/components/plans/add-plan-buttons";
import { planCardId } from "@/components/plans/plan-card";
import { PlanList } from "@/components/plans/plan-list";
import { sortPlans } from "@/components/plans/plan-lists";
import { daySummary } from "@/components/plans/plan-text";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { StepNav } from "@/components/ui/step-nav";
import { longDayHeading, parseDay, todayIn } from "@/lib/days";
import { scrollToElement } from "@/lib/scroll-to-element";
import { NAMED_PLAN_HIGHLIGHT_MS, PLANS_HIGHLIGHT_MS } from "@/lib/timings";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { dashboardPath } from "./dashboard-path";
import { UpcomingWeek } from "./upcoming-week";

const PLANS_SECTION_ID = "dashboard-plans";

/**
 * /dashboard, Your Day at a Glance (plans spec, section 2): one day's plans across every
 * circle with its summary, arrows to the days around it, the Upcoming Week, and the two add
 * buttons. `?date=yyyy-MM-dd` opens a day (today when absent or not a day), `tab=plans` points
 * at the plans for 2 s and `eventId` at one plan for 5 s.
 */
export function DashboardScreen() {
  const { zone } = usePlanViewer();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const today = todayIn(zone);
  const day = parseDay(params.get("date")) ?? today;
  const tab = params.get("tab");
  const planId = Number(params.get("eventId")) || null;

  const plans = trpc.plans.list.useQuery({ date: day });
  const dayPlans = plans.data ? sortPlans(plans.data) : [];
  const highlightedPlan = useHighlightedPlan(planId, dayPlans.length > 0 ? dayPlans : null, day);
  const plansHighlighted = usePlansSectionHighlight(tab === "plans" && !plans.isPending, day);

  const goTo = (next: string) => navigate(dashboardPath(next, today));

  return (
    <section aria-labelledby="dashboard-title" className="mx-auto grid w-full max-w-3xl gap-5">
      <div className="grid gap-1">
        <ScreenHeading
          id="dashboard-title"
          title="Dashboard"
          className="grid gap-0.5 text-2xl font-bold tracking-tight"
        >
          <span className="text-sm font-medium tracking-normal text-muted-foreground">
            Dashboard
          </span>
          Your Day at a Glance
        </ScreenHeading>
      </div>

      <StepNav
        unit="day"
        onStep={(step) => goTo(addDays(day, step))}
        current={
          <p className="min-w-0 flex-1 text-center text-base font-semibold sm:flex-none sm:px-2">
            {longDayHeading(day)}
          </p>
        }
        onToday={day === today ? undefined : () => goTo(today)}
        className="flex-wrap"
      />

      <p aria-live="polite" className="text-muted-foreground">
        {plans.data ? daySummary(plans.data.length, day, today) : "\u00a0"}
      </p>

      <Card
        id={PLANS_SECTION_ID}
        className={cn(
          "scroll-mt-24 transition-shadow",
          plansHighlighted && "ring-2 ring-primary ring-offset-2 ring-offset-background",
        )}
      >
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-lg">
            <ListTodo aria-hidden="true" className="size-5 text-primary" />
            Plans
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PlansQueryState query={plans}>
            {dayPlans.length > 0 ? (
              <PlanList
                plans={dayPlans}
                day={day}
                highlightedId={highlightedPlan}
                label="Plans of the day"
              />
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                No plans for this day
              </p>
            )}
          </PlansQueryState>
        </CardContent>
      </Card>

      <UpcomingWeek today={today} />

      <AddPlanButtons defaultDate={day} />
    </section>
  );
}

/** `?tab=plans`: once the day's plans are in, scrolls to them and draws them out for 2 s. */
function usePlansSectionHighlight(active: boolean, day: string): boolean {
  const [on, setOn] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per day opened with the parameter, not on every list refresh
  useEffect(() => {
    if (!active) return;
    const cancelScroll = scrollToElement(PLANS_SECTION_ID);
    setOn(true);
    const timer = window.setTimeout(() => setOn(false), PLANS_HIGHLIGHT_MS);
    return () => {
      cancelScroll();
      window.clearTimeout(timer);
    };
  }, [active, day]);
  return on;
}

/** `?eventId=`: once that plan is listed, scrolls to its card and draws it out for 5 s. */
function useHighlightedPlan(
  planId: number | null,
  plans: readonly { id: number; date: string }[] | null,
  day: Day,
): number | null {
  const [on, setOn] = useState<number | null>(null);
  const target = planId && plans ? plans.find((plan) => plan.id === planId) : undefined;
  // A plan begun on an earlier day is listed as its later-day card (decision 023).
  const targetKey = target ? planCardId(target, day) : null;
  useEffect(() => {
    if (!targetKey || !planId) return;
    const cancelScroll = scrollToElement(targetKey);
    setOn(planId);
    const timer = window.setTimeout(() => setOn(null), NAMED_PLAN_HIGHLIGHT_MS);
    return () => {
      cancelScroll();
      window.clearTimeout(timer);
    };
  }, [targetKey, planId]);
  return on;
}

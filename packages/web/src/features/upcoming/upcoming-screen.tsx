import { addDays, type Day, daySpan } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { ToggleGroup } from "radix-ui";
import { useState } from "react";
import { LoadFailure } from "@/components/load-failure";
import { PlanList } from "@/components/plans/plan-list";
import { groupByDay } from "@/components/plans/plan-lists";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StepNav } from "@/components/ui/step-nav";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { planCountText, shortDate } from "@/features/calendar/calendar-days";
import { useToday } from "@/features/calendar/use-today";
import { longDay } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import {
  nextRange,
  RANGES,
  type RangeDays,
  TYPE_FILTERS,
  type TypeFilter,
} from "./upcoming-ranges";

/**
 * /upcoming, Upcoming Plans (spec section 2): 1 Week, 2 Weeks or 1 Month from today; previous
 * and next move by the range's length; a type filter; plans grouped by day with Today marked;
 * Show More Plans widens the range (1 week to 2 weeks to 1 month).
 */
export function UpcomingScreen() {
  const { today, timeZone } = useToday();
  const [range, setRange] = useState<RangeDays>(7);
  // How many ranges away from the one starting today (negative: the past).
  const [offset, setOffset] = useState(0);
  const [filter, setFilter] = useState<TypeFilter>("all");
  const from = addDays(today, offset * range);
  const to = addDays(from, range - 1);
  const plans = trpc.plans.list.useQuery({ from, to });

  const chooseRange = (next: RangeDays) => {
    // The new range starts where the shown one does, rounded to whole ranges from today.
    setOffset(Math.floor((offset * range) / next));
    setRange(next);
  };
  const more = nextRange(range);

  return (
    <section aria-labelledby="upcoming-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <ScreenHeading
        id="upcoming-title"
        title="Upcoming Plans"
        className="text-2xl font-bold tracking-tight"
      />
      <Tabs
        value={String(range)}
        onValueChange={(value) => chooseRange(Number(value) as RangeDays)}
      >
        <TabsList aria-label="Range">
          {RANGES.map((choice) => (
            <TabsTrigger key={choice.days} value={String(choice.days)}>
              {choice.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={String(range)} className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StepNav
              unit="range"
              onStep={(step) => setOffset(offset + step)}
              current={
                <p className="min-w-36 text-center text-sm font-medium" aria-live="polite">
                  {shortDate(from)} - {shortDate(to)}
                </p>
              }
            />
            <TypeFilterChoice value={filter} onChange={setFilter} />
          </div>
          {plans.error ? (
            <LoadFailure
              title="Failed to fetch upcoming events"
              error={plans.error}
              onRetry={() => void plans.refetch()}
            />
          ) : plans.isPending ? (
            <LoadingDays />
          ) : (
            <UpcomingDays
              plans={plans.data.filter((plan) => filter === "all" || plan.type === filter)}
              days={daySpan(from, range)}
              zone={timeZone}
              today={today}
            />
          )}
          {more ? (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => chooseRange(more)}
            >
              Show More Plans
            </Button>
          ) : null}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function TypeFilterChoice({
  value,
  onChange,
}: {
  value: TypeFilter;
  onChange: (value: TypeFilter) => void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label="Type"
      value={value}
      // Pressing the chosen one again would leave nothing chosen: it stays.
      onValueChange={(next) => next && onChange(next as TypeFilter)}
      className="inline-flex rounded-lg bg-muted p-1"
    >
      {TYPE_FILTERS.map((choice) => (
        <ToggleGroup.Item
          key={choice.value}
          value={choice.value}
          className="h-8 cursor-pointer rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm"
        >
          {choice.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

function UpcomingDays({
  plans,
  days: range,
  zone,
  today,
}: {
  plans: Plan[];
  /** The range's days: a plan over several days is under each it covers. */
  days: Day[];
  zone: string;
  today: Day;
}) {
  if (plans.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        No upcoming events in this date range.
      </p>
    );
  }
  const days = groupByDay(plans, range, zone).filter((group) => group.plans.length > 0);
  return (
    <ol className="grid gap-5">
      {days.map(({ day, plans: dayPlans }) => {
        const headingId = `upcoming-day-${day}`;
        return (
          <li key={day} className="grid gap-2">
            <h2
              id={headingId}
              className={cn(
                "flex flex-wrap items-center gap-2 text-base font-semibold",
                day === today && "text-primary",
              )}
            >
              {longDay(day)}
              {day === today ? <Badge>Today</Badge> : null}
              <span className="text-sm font-normal text-muted-foreground">
                {planCountText(dayPlans.length)}
              </span>
            </h2>
            <PlanList plans={dayPlans} day={day} />
          </li>
        );
      })}
    </ol>
  );
}

function LoadingDays() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading plans</span>
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
    </div>
  );
}

import { addDays, type Day, daySpan } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { useState } from "react";
import { PlanList } from "@/components/plans/plan-list";
import { groupByDay } from "@/components/plans/plan-lists";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { relativeDayHeading } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { nextDaysInput } from "./circle-next-days";

/** The circle's upcoming list asks for 10 plans (spec section 9) and pages 7 days at a time. */
export const CIRCLE_UPCOMING_LIMIT = 10;
export const UPCOMING_PAGE_DAYS = 7;

/**
 * Which days a page of the upcoming dialog shows: every day of the first 7 (an empty one says
 * Free Day), then only the days that hold plans.
 */
export function upcomingDays(
  today: Day,
  pages: number,
  byDay: ReadonlyMap<Day, readonly unknown[]>,
): Day[] {
  const firstWeekEnd = addDays(today, UPCOMING_PAGE_DAYS - 1);
  return daySpan(today, pages * UPCOMING_PAGE_DAYS).filter(
    (day) => day <= firstWeekEnd || byDay.has(day),
  );
}

/** The circle's upcoming events, 7 days a page (spec section 2). */
export function CircleUpcomingDialog({
  circle,
  today,
  open,
  onOpenChange,
}: {
  circle: { id: number; name: string };
  today: Day;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { zone } = usePlanViewer();
  const [pages, setPages] = useState(1);
  const plans = trpc.plans.list.useQuery(
    { upcoming: true, limit: CIRCLE_UPCOMING_LIMIT, circleId: circle.id },
    { enabled: open },
  );
  // Whether today had plans that have since passed (the upcoming list starts now): the Next
  // Days panel's own query, which the circle screen has usually loaded already.
  const week = trpc.plans.list.useQuery(nextDaysInput(circle.id, today, null), { enabled: open });
  // The days with plans, a plan over several days (one under way now too) on each it covers.
  const byDay = new Map(
    groupByDay(plans.data ?? [], daySpan(today, pages * UPCOMING_PAGE_DAYS), zone)
      .filter((group) => group.plans.length > 0)
      .map((group) => [group.day, group.plans]),
  );
  const days = upcomingDays(today, pages, byDay);
  const todayHadPlans = (week.data ?? []).some((plan) => plan.date === today);
  const shownUntil = addDays(today, pages * UPCOMING_PAGE_DAYS - 1);
  const later = (plans.data ?? []).some((plan) => plan.date > shownUntil);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setPages(1);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Upcoming Events</DialogTitle>
          <DialogDescription>What is coming up in {circle.name}.</DialogDescription>
        </DialogHeader>
        <PlansQueryState query={bothQueries(plans, week)}>
          <ol className="grid gap-3">
            {days.map((day) => (
              <UpcomingDay
                key={day}
                day={day}
                today={today}
                plans={byDay.get(day) ?? []}
                emptyText={day === today && todayHadPlans ? NOTHING_MORE_TODAY : "Free Day"}
              />
            ))}
          </ol>
        </PlansQueryState>
        {later ? (
          <Button variant="outline" onClick={() => setPages(pages + 1)}>
            Show 7 More Days
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Today with nothing left to come: not a free day when its plans have passed. */
export const NOTHING_MORE_TODAY = "No more plans today";

type ListQuery = { isPending: boolean; error: unknown; refetch: () => unknown };

/** Loading until both answer; a failure of either is the list's failure. */
function bothQueries(first: ListQuery, second: ListQuery): ListQuery {
  return {
    isPending: first.isPending || second.isPending,
    error: first.error ?? second.error,
    refetch: () => Promise.all([first.refetch(), second.refetch()]),
  };
}

function UpcomingDay({
  day,
  today,
  plans,
  emptyText,
}: {
  day: Day;
  today: Day;
  plans: Plan[];
  emptyText: string;
}) {
  return (
    <li className="grid gap-1.5">
      <h3 className="text-sm font-semibold">{relativeDayHeading(day, today)}</h3>
      {plans.length === 0 ? (
        <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <PlanList plans={plans} day={day} />
      )}
    </li>
  );
}

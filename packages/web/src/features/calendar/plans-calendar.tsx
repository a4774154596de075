import type { Day } from "@circleplan/shared/days";
import { CalendarDays } from "lucide-react";
import { useDeferredValue } from "react";
import { LoadFailure } from "@/components/load-failure";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import type { Month } from "./calendar-days";
import { MonthCalendar } from "./month-calendar";

/**
 * A month of plans in a card: every circle of the user's, or one circle's (`circleId`). The grid
 * asks `plans.calendarDays` for each day's count and first colours only, its days already read
 * in the user's zone: a busy month's full plans (`plans.calendarMonth`) run to megabytes.
 */
/** The month grid's query: every circle's days, or one circle's. */
export function calendarDaysInput(month: Month, circleId?: number) {
  return circleId === undefined ? { month } : { month, circleId };
}

export function PlansCalendar({
  title,
  circleId,
  month,
  onMonthChange,
  today,
  onDayClick,
  onFreeDayClick,
  selected,
}: {
  title: string;
  circleId?: number;
  month: Month;
  onMonthChange(month: Month): void;
  today: Day;
  onDayClick(day: Day): void;
  /** Where a free day adds a plan (MonthCalendar's). */
  onFreeDayClick?(day: Day): void;
  selected?: Day | null;
}) {
  const days = trpc.plans.calendarDays.useQuery(calendarDaysInput(month, circleId));
  // The month's days are drawn by a deferred render, in slices: react-query's answer renders
  // at once, where the grid (memoised, its props unchanged) is skipped (decision 005).
  const shownDays = useDeferredValue(days.data?.days);
  const { weekStart } = usePlanViewer();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 px-3 sm:px-6">
        {days.error ? (
          <LoadFailure
            title="Failed to fetch events"
            error={days.error}
            onRetry={() => void days.refetch()}
          />
        ) : null}
        <MonthCalendar
          label={title}
          month={month}
          onMonthChange={onMonthChange}
          days={shownDays}
          today={today}
          onDayClick={onDayClick}
          selected={selected}
          {...(onFreeDayClick ? { onFreeDayClick } : {})}
          weekStart={weekStart}
        />
      </CardContent>
    </Card>
  );
}

import type { Day } from "@circleplan/shared/days";
import { useCallback, useState } from "react";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { usePlanDialogs } from "@/components/plans/plan-dialogs";
import { ScreenHeading } from "@/components/screen-heading";
import { monthOf } from "./calendar-days";
import { CalendarViewSwitch } from "./calendar-view-switch";
import { MonthSummaryCard } from "./month-summary-card";
import { PlansCalendar } from "./plans-calendar";
import { TodaysPlansCard } from "./todays-plans-card";
import { useToday } from "./use-today";

/**
 * /calendar (spec section 2): the month of every circle's plans, the month's summary when the
 * server has one, and today's plans. A day with plans opens in the day view,
 * /dashboard?date=yyyy-MM-dd; a free day opens Create Plan on that date (issue 21). Month or
 * Week (the planner) above it.
 */
export function CalendarScreen() {
  const { today, timeZone } = useToday();
  const [month, setMonth] = useState(() => monthOf(today));
  const [, navigate] = useLocation();
  const { PlanDialog } = usePlanDialogs();
  const [adding, setAdding] = useState<Day | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The same functions on every render: the month grid is memoised (decision 005).
  const openDay = useCallback((day: Day) => navigate(`${paths.dashboard}?date=${day}`), [navigate]);
  const addOnDay = useCallback((day: Day) => {
    setAdding(day);
    setDialogOpen(true);
  }, []);
  return (
    <section aria-labelledby="calendar-title" className="mx-auto grid w-full max-w-5xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenHeading
          id="calendar-title"
          title="Calendar"
          className="text-2xl font-bold tracking-tight"
        />
        <CalendarViewSwitch current="month" />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PlansCalendar
          title="All circles"
          month={month}
          onMonthChange={setMonth}
          today={today}
          onDayClick={openDay}
          onFreeDayClick={addOnDay}
        />
        <div className="grid gap-4">
          <MonthSummaryCard month={month} />
          <TodaysPlansCard today={today} timeZone={timeZone} />
        </div>
      </div>
      {adding ? (
        <PlanDialog
          key={adding}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          defaultDate={adding}
        />
      ) : null}
    </section>
  );
}

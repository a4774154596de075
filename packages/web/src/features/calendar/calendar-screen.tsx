import { useState } from "react";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { monthOf } from "./calendar-days";
import { MonthSummaryCard } from "./month-summary-card";
import { PlansCalendar } from "./plans-calendar";
import { TodaysPlansCard } from "./todays-plans-card";
import { useToday } from "./use-today";

/**
 * /calendar (spec section 2): the month of every circle's plans, the month's summary when the
 * server has one, and today's plans. A day opens in the day view, /dashboard?date=yyyy-MM-dd.
 */
export function CalendarScreen() {
  const { today, timeZone } = useToday();
  const [month, setMonth] = useState(() => monthOf(today));
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="calendar-title" className="mx-auto grid w-full max-w-5xl gap-4">
      <ScreenHeading
        id="calendar-title"
        title="Calendar"
        className="text-2xl font-bold tracking-tight"
      />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <PlansCalendar
          title="All circles"
          month={month}
          onMonthChange={setMonth}
          today={today}
          onDayClick={(day) => navigate(`${paths.dashboard}?date=${day}`)}
        />
        <div className="grid gap-4">
          <MonthSummaryCard month={month} />
          <TodaysPlansCard today={today} timeZone={timeZone} />
        </div>
      </div>
    </section>
  );
}

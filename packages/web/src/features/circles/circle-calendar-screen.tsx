import type { Circle } from "@circleplan/shared/circle-outputs";
import { useState } from "react";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { monthOf } from "@/features/calendar/calendar-days";
import { MonthSummaryCard } from "@/features/calendar/month-summary-card";
import { PlansCalendar } from "@/features/calendar/plans-calendar";
import { useToday } from "@/features/calendar/use-today";
import { CircleGate } from "./circle-gate";
import { CircleSubScreen } from "./circle-sub-screen";

/**
 * /circle/{id}/calendar: the circle's month on its own. A day opens the circle page on that
 * date, /circle/{id}?date=yyyy-MM-dd (spec section 2).
 */
export function CircleCalendarScreen() {
  return <CircleGate>{(circle) => <CircleCalendar circle={circle} />}</CircleGate>;
}

function CircleCalendar({ circle }: { circle: Circle }) {
  const { today } = useToday();
  const [month, setMonth] = useState(() => monthOf(today));
  const [, navigate] = useLocation();
  return (
    <CircleSubScreen circle={circle} titleId="circle-calendar-title" title="Calendar">
      <PlansCalendar
        title={`${circle.name} calendar`}
        circleId={circle.id}
        month={month}
        onMonthChange={setMonth}
        today={today}
        onDayClick={(day) => navigate(`${paths.circle.build(circle.id)}?date=${day}`)}
      />
      <MonthSummaryCard month={month} circleId={circle.id} />
    </CircleSubScreen>
  );
}

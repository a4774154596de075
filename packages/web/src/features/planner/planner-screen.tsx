import { addDays, type Day, daySpan, isWeekendDay } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { useState } from "react";
import { LoadFailure } from "@/components/load-failure";
import { AssigneeLabel } from "@/components/plans/assignee-label";
import { usePlanDetails } from "@/components/plans/plan-details/plan-details";
import { usePlanDialogs } from "@/components/plans/plan-dialogs";
import { groupByDay } from "@/components/plans/plan-lists";
import { usePlanMove } from "@/components/plans/use-plan-move";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { displayColor } from "@/components/ui/circle-avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { StepNav } from "@/components/ui/step-nav";
import { fullDate, shortDate, shortWeekday, weekStart } from "@/features/calendar/calendar-days";
import { CalendarViewSwitch } from "@/features/calendar/calendar-view-switch";
import { useToday } from "@/features/calendar/use-today";
import { useMediaQuery, WIDE_SCREEN } from "@/lib/media-query";
import { planTimesOn } from "@/lib/plan-times";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { AddOnDayButton } from "./add-on-day-button";
import { WeekGrid } from "./week-grid";

/**
 * /planner (the spec names it and does not show it): one week of every circle's plans, from the
 * user's first day of the week (Sunday unless they chose Monday). On a wide screen a time grid
 * (week-grid.tsx) where an empty half hour adds a plan and the creator drags or keys a plan to
 * another time; on a phone the days one under another, each adding a plan on that date. A plan
 * opens its details for everyone (issue 20), where its creator finds Edit and Move.
 */
export function PlannerScreen() {
  const { today, timeZone } = useToday();
  const viewer = usePlanViewer();
  const { PlanDialog } = usePlanDialogs();
  const details = usePlanDetails();
  const wide = useMediaQuery(WIDE_SCREEN);
  // Weeks from this one rather than a day: the first day follows the profile if it changes.
  const [weeksAway, setWeeksAway] = useState(0);
  const thisWeek = weekStart(today, viewer.weekStart);
  const start = addDays(thisWeek, weeksAway * 7);
  const end = addDays(start, 6);
  const plans = trpc.plans.list.useQuery({ from: start, to: end });
  const [adding, setAdding] = useState<{ day: Day; time?: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const add = (day: Day, time?: string) => {
    setAdding(time ? { day, time } : { day });
    setDialogOpen(true);
  };
  const mover = usePlanMove();
  const days = daySpan(start, 7);
  // Each day with every plan it covers: one over several days is on each (decision 023).
  const byDay = plans.data
    ? new Map(groupByDay(plans.data, days, timeZone).map((group) => [group.day, group.plans]))
    : null;

  return (
    <section aria-labelledby="planner-title" className="grid w-full gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <ScreenHeading
            id="planner-title"
            title="Planner"
            className="text-2xl font-bold tracking-tight"
          />
          <p className="text-sm text-muted-foreground">Your week across all your circles.</p>
        </div>
        <CalendarViewSwitch current="week" />
      </div>
      <StepNav
        unit="week"
        onStep={(step) => setWeeksAway(weeksAway + step)}
        current={
          <p className="min-w-36 text-center text-sm font-medium" aria-live="polite">
            {shortDate(start)} - {shortDate(end)}, {end.slice(0, 4)}
          </p>
        }
        className="flex-wrap"
      >
        {weeksAway !== 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setWeeksAway(0)}>
            This week
          </Button>
        ) : null}
      </StepNav>
      {plans.error ? (
        <LoadFailure
          title="Failed to fetch events"
          error={plans.error}
          onRetry={() => void plans.refetch()}
        />
      ) : null}
      {wide ? (
        <WeekGrid
          days={days}
          today={today}
          zone={timeZone}
          userId={viewer.userId}
          timeFormat={viewer.timeFormat}
          byDay={byDay}
          onAdd={add}
          onOpen={(plan) => details.show({ plan })}
          onMove={mover.move}
        />
      ) : (
        <ol className="grid gap-3">
          {days.map((day) => (
            <PlannerDay
              key={day}
              day={day}
              today={today}
              timeZone={timeZone}
              plans={byDay ? (byDay.get(day) ?? []) : null}
              onAdd={() => add(day)}
              onOpen={(plan) => details.show({ plan })}
            />
          ))}
        </ol>
      )}
      {adding ? (
        <PlanDialog
          // A fresh form for each day and slot, not the last one's leftovers.
          key={`new-${adding.day}-${adding.time ?? ""}`}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          defaultDate={adding.day}
          // A slot has said when: straight to the form, its date and time filled in.
          {...(adding.time ? { defaultTime: adding.time, startIn: "form" as const } : {})}
        />
      ) : null}
      {mover.dialogs}
      {details.sheet}
    </section>
  );
}

function PlannerDay({
  day,
  today,
  timeZone,
  plans,
  onAdd,
  onOpen,
}: {
  day: Day;
  today: Day;
  timeZone: string;
  /** null while the week loads. */
  plans: Plan[] | null;
  onAdd: () => void;
  onOpen: (plan: Plan) => void;
}) {
  const isToday = day === today;
  const headingId = `planner-day-${day}`;
  return (
    <li
      className={cn(
        "flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3",
        isToday && "border-primary ring-1 ring-primary",
        isWeekendDay(day) && !isToday && "bg-muted/40",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={headingId} className="text-sm font-semibold">
          <span className="sr-only">{fullDate(day)}</span>
          <span aria-hidden="true" className="flex items-baseline gap-1.5">
            <span className="text-muted-foreground uppercase">{shortWeekday(day)}</span>
            <span className="text-lg whitespace-nowrap">{shortDate(day)}</span>
          </span>
        </h2>
        {isToday ? <Badge>Today</Badge> : null}
      </div>
      {plans === null ? (
        <Skeleton className="h-10" />
      ) : plans.length === 0 ? (
        <p className="text-xs text-muted-foreground">Free Day</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-1.5">
          {plans.map((plan) => (
            <li key={`${plan.id}-${plan.startTime.getTime()}`}>
              <PlannerEntry plan={plan} day={day} timeZone={timeZone} onOpen={() => onOpen(plan)} />
            </li>
          ))}
        </ul>
      )}
      <AddOnDayButton day={day} onClick={onAdd} className="mt-auto" />
    </li>
  );
}

/**
 * One plan in a phone's day: its time or range, title, circle (its colour the left border) and a
 * task's assignee (their colour a dot).
 */
function PlannerEntry({
  plan,
  day,
  timeZone,
  onOpen,
}: {
  plan: Plan;
  /** The day it is listed under: after its first, it says until when. */
  day: Day;
  timeZone: string;
  onOpen: () => void;
}) {
  const faded = plan.isCompleted || plan.status === "declined";
  const { timeFormat } = usePlanViewer();
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={cn(
        "grid w-full cursor-pointer content-start gap-0.5 rounded-md border-l-4 bg-background px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        faded && "opacity-70",
      )}
      style={{ borderLeftColor: displayColor(plan.eventColor ?? plan.circleColor) }}
      onClick={onOpen}
    >
      <span className="text-xs text-muted-foreground">
        {planTimesOn(plan, timeZone, timeFormat, day)}
      </span>
      <span className={cn("line-clamp-3 font-medium wrap-anywhere", faded && "line-through")}>
        {plan.title}
      </span>
      <span className="truncate text-xs text-muted-foreground">{plan.circleName}</span>
      <AssigneeLabel plan={plan} className="text-xs text-muted-foreground" />
    </button>
  );
}

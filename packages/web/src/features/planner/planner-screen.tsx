import { addDays, type Day, daySpan, isWeekendDay } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { Plus } from "lucide-react";
import { type CSSProperties, useState } from "react";
import { LoadFailure } from "@/components/load-failure";
import { AssigneeLabel } from "@/components/plans/assignee-label";
import { usePlanDetails } from "@/components/plans/plan-details/plan-details";
import { usePlanDialogs } from "@/components/plans/plan-dialogs";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { displayColor } from "@/components/ui/circle-avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { StepNav } from "@/components/ui/step-nav";
import {
  fullDate,
  plansByDay,
  shortDate,
  shortWeekday,
  weekStart,
} from "@/features/calendar/calendar-days";
import { CalendarViewSwitch } from "@/features/calendar/calendar-view-switch";
import { useToday } from "@/features/calendar/use-today";
import { planMinutes, planTimes } from "@/lib/plan-times";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

/**
 * /planner (the spec names it and does not show it): one week, Sunday to Saturday, of every
 * circle's plans, seven columns side by side on a wide screen and the days one under another
 * on a phone. Each day adds a plan on that date; a plan opens its details for everyone (issue
 * 20), where its creator finds Edit.
 */
export function PlannerScreen() {
  const { today, timeZone } = useToday();
  const { PlanDialog } = usePlanDialogs();
  const details = usePlanDetails();
  const [start, setStart] = useState(() => weekStart(today));
  const end = addDays(start, 6);
  const plans = trpc.plans.list.useQuery({ from: start, to: end });
  const [adding, setAdding] = useState<Day | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const add = (day: Day) => {
    setAdding(day);
    setDialogOpen(true);
  };
  const thisWeek = weekStart(today);
  const byDay = plans.data ? plansByDay(plans.data) : null;

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
        onStep={(step) => setStart(addDays(start, step * 7))}
        current={
          <p className="min-w-36 text-center text-sm font-medium" aria-live="polite">
            {shortDate(start)} - {shortDate(end)}, {end.slice(0, 4)}
          </p>
        }
        className="flex-wrap"
      >
        {start !== thisWeek ? (
          <Button variant="ghost" size="sm" onClick={() => setStart(thisWeek)}>
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
      <ol className="grid gap-3 lg:grid-cols-7 lg:gap-2">
        {daySpan(start, 7).map((day) => (
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
      {adding ? (
        <PlanDialog
          // A fresh form for each day, not the last one's leftovers.
          key={`new-${adding}`}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          defaultDate={adding}
        />
      ) : null}
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
        "flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 lg:min-h-64 lg:p-2",
        isToday && "border-primary ring-1 ring-primary",
        isWeekendDay(day) && !isToday && "bg-muted/40",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={headingId} className="text-sm font-semibold">
          <span className="sr-only">{fullDate(day)}</span>
          <span aria-hidden="true" className="flex items-baseline gap-1.5 lg:flex-col lg:gap-0">
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
              <PlannerEntry plan={plan} timeZone={timeZone} onOpen={() => onOpen(plan)} />
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="mt-auto justify-start text-muted-foreground"
        aria-label={`Add a plan on ${fullDate(day)}`}
        onClick={onAdd}
      >
        <Plus aria-hidden="true" />
        Add
      </Button>
    </li>
  );
}

/**
 * How tall a plan with an end stands in a wide week's column: 2.5rem and 3rem an hour, so an
 * hour's plan is clearly shorter than an afternoon's, up to 12rem (a little over three hours) so
 * a long plan does not push the rest of its day out of sight. Null without an end: the plan's
 * own lines decide, as before end times.
 */
export function plannerEntryHeight(minutes: number | null): string | null {
  if (minutes === null) return null;
  return `${Math.min(2.5 + (minutes / 60) * 3, 12)}rem`;
}

/**
 * One plan in a day column: its time or range, title, circle (its colour the left border) and a
 * task's assignee (their colour a dot), small enough for a seventh of a screen. On a wide screen
 * a plan with an end stands as tall as its length (plannerEntryHeight); a phone's list shows the
 * range alone.
 */
function PlannerEntry({
  plan,
  timeZone,
  onOpen,
}: {
  plan: Plan;
  timeZone: string;
  onOpen: () => void;
}) {
  const faded = plan.isCompleted || plan.status === "declined";
  const height = plannerEntryHeight(planMinutes(plan));
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={cn(
        "grid w-full cursor-pointer content-start gap-0.5 rounded-md lg:min-h-(--plan-length) border-l-4 bg-background px-2 py-1.5 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        faded && "opacity-70",
      )}
      style={
        {
          borderLeftColor: displayColor(plan.eventColor ?? plan.circleColor),
          ...(height ? { "--plan-length": height } : {}),
        } as CSSProperties
      }
      onClick={onOpen}
    >
      <span className="text-xs text-muted-foreground">{planTimes(plan, timeZone)}</span>
      <span className={cn("line-clamp-3 font-medium wrap-anywhere", faded && "line-through")}>
        {plan.title}
      </span>
      <span className="truncate text-xs text-muted-foreground">{plan.circleName}</span>
      <AssigneeLabel plan={plan} className="text-xs text-muted-foreground" />
    </button>
  );
}

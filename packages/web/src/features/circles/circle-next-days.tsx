import { addDays, daySpan } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { CalendarRange } from "lucide-react";
import { useState } from "react";
import { PlanList } from "@/components/plans/plan-list";
import { groupByDay } from "@/components/plans/plan-lists";
import { PlansQueryState } from "@/components/plans/plans-query-state";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Button } from "@/components/ui/button";
import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import { shortDate } from "@/features/calendar/calendar-days";
import { relativeDayHeading } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

/** The panel starts at 7 days and Show More Days adds 7 (spec section 2). */
export const NEXT_DAYS_START = 7;
export const NEXT_DAYS_STEP = 7;
/** Around a chosen date the panel shows this many days before and after it. */
export const DAYS_AROUND_SELECTED = 3;

/** The days the panel lists: from today on, or the week around a chosen date. */
export function nextDaysRange(today: string, count: number, selected: string | null): string[] {
  if (selected) {
    return daySpan(addDays(selected, -DAYS_AROUND_SELECTED), 2 * DAYS_AROUND_SELECTED + 1);
  }
  return daySpan(today, count);
}

/** The Next Days panel's query: the circle's plans over the days it shows. */
export function nextDaysInput(
  circleId: number,
  today: string,
  selected: string | null,
  count: number = NEXT_DAYS_START,
): { circleId: number; from: string; to: string } {
  const days = nextDaysRange(today, count, selected);
  return { circleId, from: days[0] ?? today, to: days.at(-1) ?? today };
}

/**
 * The circle's Next N Days panel (spec section 2): collapsible, titled with the circle's name
 * and Next N Days; Today (date), Tomorrow (date) or the weekday and date over each day; Free
 * Day for an empty one. Tapping a day chooses it, and a chosen day shows the 3 days before and
 * after it instead. Tapping a plan opens it (its card's own behaviour).
 */
export function CircleNextDays({
  circle,
  today,
  selected,
  onSelect,
  highlightedId,
}: {
  circle: { id: number; name: string };
  today: string;
  selected: string | null;
  onSelect: (day: string | null) => void;
  /** A plan to draw out for a moment (the page's eventId). */
  highlightedId: number | null;
}) {
  const { zone } = usePlanViewer();
  const [count, setCount] = useState(NEXT_DAYS_START);
  const days = nextDaysRange(today, count, selected);
  const plans = trpc.plans.list.useQuery(
    nextDaysInput(circle.id, today, selected, count),
    // More days keep the ones shown until the longer list arrives.
    { placeholderData: (previous) => previous },
  );

  return (
    <CollapsiblePanel
      id={`circle-${circle.id}-next-days`}
      icon={<CalendarRange aria-hidden="true" className="size-5 shrink-0 text-primary" />}
      title={
        <span className="grid min-w-0">
          <span className="truncate">{circle.name}</span>
          <span className="text-sm font-medium text-muted-foreground">
            {selected ? `Around ${shortDate(selected)}` : `Next ${count} Days`}
          </span>
        </span>
      }
    >
      <div className="grid gap-3">
        <PlansQueryState query={plans}>
          <ol className="grid gap-3">
            {groupByDay(plans.data ?? [], days, zone).map(({ day, plans: dayPlans }) => (
              <NextDay
                key={day}
                day={day}
                today={today}
                selected={day === selected}
                plans={dayPlans}
                highlightedId={highlightedId}
                onSelect={() => onSelect(day)}
              />
            ))}
          </ol>
        </PlansQueryState>
        {selected ? (
          <Button variant="outline" onClick={() => onSelect(null)}>
            Show the next days
          </Button>
        ) : (
          <Button variant="outline" onClick={() => setCount(count + NEXT_DAYS_STEP)}>
            Show More Days
          </Button>
        )}
      </div>
    </CollapsiblePanel>
  );
}

function NextDay({
  day,
  today,
  selected,
  plans,
  highlightedId,
  onSelect,
}: {
  day: string;
  today: string;
  selected: boolean;
  plans: Plan[];
  highlightedId: number | null;
  onSelect: () => void;
}) {
  return (
    <li className="grid gap-1.5">
      <h3>
        <button
          type="button"
          onClick={onSelect}
          aria-current={selected ? "date" : undefined}
          className={cn(
            "cursor-pointer rounded-sm text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring",
            day === today && "text-primary",
            selected && "underline",
          )}
        >
          {relativeDayHeading(day, today)}
        </button>
      </h3>
      {plans.length === 0 ? (
        <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">Free Day</p>
      ) : (
        <PlanList plans={plans} highlightedId={highlightedId} day={day} />
      )}
    </li>
  );
}

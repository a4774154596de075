import { clockText, type Day, isWeekendDay } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type Modifier,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type CSSProperties, type KeyboardEvent, useEffect, useLayoutEffect, useRef } from "react";
import { AssigneeLabel } from "@/components/plans/assignee-label";
import { movedBy, type PlanMoveTarget, timedTarget } from "@/components/plans/plan-move";
import { isPlanCreator } from "@/components/plans/plan-permissions";
import { Badge } from "@/components/ui/badge";
import { displayColor } from "@/components/ui/circle-avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { fullDate, shortDate, shortWeekday } from "@/features/calendar/calendar-days";
import { clockOf } from "@/lib/days";
import { planTimesOn } from "@/lib/plan-times";
import { cn } from "@/lib/utils";
import { AddOnDayButton } from "./add-on-day-button";
import {
  allDayBars,
  DAY_MINUTES,
  droppedStart,
  firstHourShown,
  isOverSeveralDays,
  layoutDay,
  type Placed,
  SLOT_MINUTES,
  SNAP_MINUTES,
} from "./week-layout";

/** An hour's height: a half-hour slot is 2rem, room for a line of text and a finger. */
const HOUR_REM = 4;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const SLOTS = Array.from(
  { length: DAY_MINUTES / SLOT_MINUTES },
  (_, index) => index * SLOT_MINUTES,
);
const COLUMNS = "grid grid-cols-[4rem_repeat(7,minmax(0,1fr))]";

/** The keys a focused plan of one's own moves by (docs/decisions/023). */
const MOVE_KEYS: Record<string, { days?: number; minutes?: number }> = {
  ArrowLeft: { days: -1 },
  ArrowRight: { days: 1 },
  ArrowUp: { minutes: -SNAP_MINUTES },
  ArrowDown: { minutes: SNAP_MINUTES },
};
const KEYS_HINT_ID = "week-grid-keys";

/** Where a plan is drawn and found again after it moved: its id and start. */
const planKey = (plan: Pick<Plan, "id" | "startTime">) => `${plan.id}-${plan.startTime.getTime()}`;

/**
 * The week on a wide screen as a time grid (issue 21; docs/decisions/023, "The week as a time
 * grid, and moving plans"): the days as columns under an all-day row, the hours down the side in
 * the reader's time format, each timed plan placed at its start and as tall as its length,
 * overlapping plans side by side. An empty half hour adds a plan there; the creator of a plan
 * drags it to another day or time (quarter hours, its length kept), or moves it with Shift and
 * the arrow keys.
 */
export function WeekGrid({
  days,
  today,
  zone,
  userId,
  timeFormat,
  byDay,
  onAdd,
  onOpen,
  onMove,
}: {
  days: Day[];
  today: Day;
  zone: string;
  userId: number;
  timeFormat: TimeFormat;
  /** The week's plans by day; null while they load. */
  byDay: Map<Day, Plan[]> | null;
  /** A day's Add (no time) or an empty slot (its time, "HH:mm"). */
  onAdd: (day: Day, time?: string) => void;
  onOpen: (plan: Plan) => void;
  /** Saves a move; answers the plan where it is now, or null when it did not move. */
  onMove: (plan: Plan, target: PlanMoveTarget) => Promise<Plan | null>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    // A click opens the plan; a drag starts after a few pixels, or after a press on a touch screen
    // (so a finger still scrolls the grid).
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const timed = (day: Day) => (byDay?.get(day) ?? []).filter((plan) => !plan.allDay);
  // An all-day plan over several days is a bar across them, above the days' own.
  const allDay = (day: Day) =>
    (byDay?.get(day) ?? []).filter((plan) => plan.allDay && !isOverSeveralDays(plan, zone));
  // Each of the week's plans once: one over several days is in each of its days' lists.
  const weekPlans = new Map(
    [...(byDay?.values() ?? [])].flat().map((plan) => [planKey(plan), plan]),
  );
  const bars = allDayBars([...weekPlans.values()], days, zone);
  const lanes = Array.from({ length: Math.max(0, ...bars.map((bar) => bar.lane + 1)) }, (_, lane) =>
    bars.filter((bar) => bar.lane === lane),
  );

  // Once a week's plans are in: its earliest plan's hour (or 7:00) at the top.
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    const week = days[0] ?? "";
    if (!byDay || scrolledFor.current === week || !scroller.current || !body.current) return;
    scrolledFor.current = week;
    const hourHeight = body.current.offsetHeight / 24;
    // A quarter hour above it, so its label is not cut by the days' heading.
    const hour = firstHourShown(days.flatMap(timed), zone);
    scroller.current.scrollTop = Math.max(0, (hour - 0.25) * hourHeight);
  });

  // A plan moved by its keys is drawn anew (another column, another start): focus follows it
  // once the week shows it there.
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const moved = body.current?.querySelector<HTMLElement>(
      `[data-plan-key="${focusAfterMove.current}"]`,
    );
    if (!moved) return;
    focusAfterMove.current = null;
    moved.focus();
  });
  const actions: PlanActions = {
    zone,
    timeFormat,
    userId,
    onOpen,
    onKeyMove: (plan, target) => {
      void onMove(plan, target).then((saved) => {
        if (saved) focusAfterMove.current = planKey(saved);
      });
    },
  };

  function onDragEnd({ active, over, delta }: DragEndEvent) {
    const plan = active.data.current?.plan as Plan | undefined;
    if (!plan || !over) return;
    const [row, day = ""] = String(over.id).split(":");
    if (plan.allDay) {
      if (row === "all-day" && day !== plan.date) void onMove(plan, { allDay: true, date: day });
      return;
    }
    if (row !== "timed") return;
    const start = droppedStart(
      plan,
      { day, movedPixels: delta.y, pixelsPerMinute: over.rect.height / DAY_MINUTES },
      zone,
    );
    if (start) void onMove(plan, timedTarget(plan, start));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      modifiers={[toQuarterHours]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <div ref={scroller} className="max-h-[70vh] overflow-y-auto rounded-xl border bg-card">
        <div className={cn(COLUMNS, "sticky top-0 z-30 border-b bg-card")}>
          <span aria-hidden="true" />
          {days.map((day) => (
            <DayHeading key={day} day={day} isToday={day === today} />
          ))}
          {lanes.map((lane) => (
            <ul
              key={lane.map((bar) => planKey(bar.plan)).join()}
              aria-label="All day, over several days"
              className={cn(COLUMNS, "col-span-full px-px pt-1")}
            >
              {lane.map((bar) => (
                <li
                  key={planKey(bar.plan)}
                  className="min-w-0 px-0.5"
                  style={{ gridColumn: `${bar.column + 2} / span ${bar.span}` }}
                >
                  <GridPlan plan={bar.plan} shownOn={days[bar.column]} actions={actions} />
                </li>
              ))}
            </ul>
          ))}
          <span className="self-center px-1 text-right text-xs text-muted-foreground">All day</span>
          {days.map((day) => (
            <AllDayCell
              key={day}
              day={day}
              plans={byDay ? allDay(day) : null}
              onAdd={() => onAdd(day)}
              actions={actions}
            />
          ))}
        </div>
        <div
          ref={body}
          className={cn(COLUMNS, "relative")}
          style={{ height: `${24 * HOUR_REM}rem` }}
        >
          <HourGutter timeFormat={timeFormat} />
          {days.map((day) => (
            <DayColumn
              key={day}
              day={day}
              isToday={day === today}
              plans={byDay ? timed(day) : []}
              onAdd={(time) => onAdd(day, time)}
              actions={actions}
            />
          ))}
        </div>
      </div>
      <p id={KEYS_HINT_ID} className="text-xs text-muted-foreground">
        Click an empty half hour to add a plan there. Drag a plan you created to another day or
        time, or focus it and press Shift with an arrow key: left and right move it a day, up and
        down 15 minutes.
      </p>
    </DndContext>
  );
}

/** A drag moves by quarter hours down the columns (the column's height is the day's). */
const toQuarterHours: Modifier = ({ transform, over, active }) => {
  const plan = active?.data.current?.plan as Plan | undefined;
  if (!over || !plan || plan.allDay || !String(over.id).startsWith("timed:")) return transform;
  const step = (over.rect.height / DAY_MINUTES) * SNAP_MINUTES;
  return { ...transform, y: Math.round(transform.y / step) * step };
};

const titleOf = (data: { current?: Record<string, unknown> | undefined }) =>
  (data.current?.plan as Plan | undefined)?.title ?? "the plan";

/** What a screen reader hears while a plan is dragged; the move itself is announced by its toast. */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.data)}.`,
  onDragOver: () => undefined,
  onDragEnd: ({ active, over }) =>
    over ? `Dropped ${titleOf(active.data)}.` : `${titleOf(active.data)} was not moved.`,
  onDragCancel: ({ active }) => `${titleOf(active.data)} was not moved.`,
};

function DayHeading({ day, isToday }: { day: Day; isToday: boolean }) {
  return (
    <div
      className={cn(
        "flex items-start justify-between gap-1 border-l px-2 py-2",
        isToday && "bg-primary/10",
      )}
    >
      <h2 id={`planner-day-${day}`} className="text-sm font-semibold">
        <span className="sr-only">{fullDate(day)}</span>
        <span aria-hidden="true" className="flex flex-col">
          <span className={cn("uppercase", isToday ? "text-primary" : "text-muted-foreground")}>
            {shortWeekday(day)}
          </span>
          <span className="text-lg whitespace-nowrap">{shortDate(day)}</span>
        </span>
      </h2>
      {isToday ? <Badge>Today</Badge> : null}
    </div>
  );
}

/** What every plan of the grid needs: whose it is, its zone, and what opens and moves it. */
interface PlanActions {
  zone: string;
  timeFormat: TimeFormat;
  userId: number;
  onOpen: (plan: Plan) => void;
  /** Shift and an arrow key on a plan of one's own. */
  onKeyMove: (plan: Plan, target: PlanMoveTarget) => void;
}

function AllDayCell({
  day,
  plans,
  onAdd,
  actions,
}: {
  day: Day;
  plans: Plan[] | null;
  onAdd: () => void;
  actions: PlanActions;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `all-day:${day}` });
  return (
    <div
      ref={setNodeRef}
      className={cn("grid min-w-0 content-start gap-1 border-l p-1", isOver && "bg-accent")}
    >
      {plans === null ? (
        <Skeleton className="h-6" />
      ) : plans.length > 0 ? (
        <ul aria-label={`All day, ${fullDate(day)}`} className="grid gap-1">
          {plans.map((plan) => (
            <li key={planKey(plan)}>
              <GridPlan plan={plan} actions={actions} />
            </li>
          ))}
        </ul>
      ) : null}
      <AddOnDayButton day={day} onClick={onAdd} className="h-7 px-1.5" />
    </div>
  );
}

function HourGutter({ timeFormat }: { timeFormat: TimeFormat }) {
  return (
    <div aria-hidden="true" className="relative">
      {HOURS.slice(1).map((hour) => (
        <span
          key={hour}
          className="absolute right-2 -translate-y-1/2 text-xs whitespace-nowrap text-muted-foreground"
          style={{ top: `${hour * HOUR_REM}rem` }}
        >
          {clockText(clockOf(hour * 60), timeFormat)}
        </span>
      ))}
    </div>
  );
}

function DayColumn({
  day,
  isToday,
  plans,
  onAdd,
  actions,
}: {
  day: Day;
  isToday: boolean;
  plans: Plan[];
  onAdd: (time: string) => void;
  actions: PlanActions;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `timed:${day}` });
  const placed = layoutDay(plans, actions.zone, day);
  return (
    <div
      ref={setNodeRef}
      className={cn(
        "relative border-l",
        isToday ? "bg-primary/5" : isWeekendDay(day) && "bg-muted/40",
        isOver && "bg-accent/60",
      )}
    >
      {/*
        The empty half hours, for a pointer: hidden from assistive technology, whose users add
        with the day's Add (336 unlabelled stops would bury the plans). Plans lie above them.
      */}
      <div
        aria-hidden="true"
        className="absolute inset-0 grid grid-rows-[repeat(48,minmax(0,1fr))]"
      >
        {SLOTS.map((minutes) => (
          <button
            key={minutes}
            type="button"
            tabIndex={-1}
            data-slot={`${day} ${clockOf(minutes)}`}
            className={cn(
              "cursor-pointer border-t hover:bg-accent/70",
              minutes % 60 === 0 ? "border-border" : "border-dashed border-border/50",
            )}
            onClick={() => onAdd(clockOf(minutes))}
          />
        ))}
      </div>
      {plans.length > 0 ? (
        <ul aria-labelledby={`planner-day-${day}`}>
          {placed.map((item) => (
            <li
              key={planKey(item.plan)}
              // Lifted while dragged, above the other days' plans.
              className="absolute z-10 p-px has-[[data-dragging]]:z-40"
              style={placeStyle(item)}
            >
              <GridPlan
                plan={item.plan}
                shownOn={day}
                compact={item.length <= SLOT_MINUTES}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function placeStyle({ top, length, column, columns }: Placed<Plan>): CSSProperties {
  return {
    top: `${(top / DAY_MINUTES) * 100}%`,
    height: `${(length / DAY_MINUTES) * 100}%`,
    left: `${(column / columns) * 100}%`,
    width: `${100 / columns}%`,
  };
}

/**
 * One plan in the grid: its times and title (and circle and assignee when tall enough), the
 * circle's colour its left border. The details open on a click; its creator drags it or moves it
 * with Shift and the arrows (announced by the "Plan moved" toast). The part of a plan on a day
 * after its first (`shownOn`) says until when, and is moved by its keys or its first day's part.
 */
function GridPlan({
  plan,
  shownOn,
  compact = false,
  actions: { zone, timeFormat, userId, onOpen, onKeyMove },
}: {
  plan: Plan;
  shownOn?: Day | undefined;
  compact?: boolean;
  actions: PlanActions;
}) {
  const mine = isPlanCreator(plan, userId);
  const later = shownOn !== undefined && shownOn > plan.date;
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: later ? `${planKey(plan)}:${shownOn}` : planKey(plan),
    data: { plan },
    // A drag moves the start by where the part is dropped: only the start's part knows it.
    disabled: !mine || later,
  });
  const faded = plan.isCompleted || plan.status === "declined";
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = MOVE_KEYS[event.key];
    if (!mine || !event.shiftKey || !step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (plan.allDay && step.minutes) return;
    onKeyMove(plan, movedBy(plan, step, zone));
  }
  return (
    <button
      ref={setNodeRef}
      type="button"
      aria-haspopup="dialog"
      data-plan-key={planKey(plan)}
      data-dragging={isDragging ? "" : undefined}
      {...(mine
        ? {
            "aria-describedby": KEYS_HINT_ID,
            "aria-keyshortcuts": "Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown",
          }
        : {})}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen(plan)}
      className={cn(
        "flex h-full w-full min-w-0 cursor-pointer flex-col overflow-hidden rounded-md border border-l-4 bg-background px-1.5 py-0.5 text-left text-xs shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        compact && "flex-row items-baseline gap-1",
        mine && "touch-manipulation",
        isDragging && "relative z-40 cursor-grabbing shadow-lg",
        faded && "opacity-70",
      )}
      style={{
        borderLeftColor: displayColor(plan.eventColor ?? plan.circleColor),
        ...(transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : {}),
      }}
    >
      <span className={cn("truncate font-medium", faded && "line-through")}>{plan.title}</span>
      <span className="shrink-0 text-muted-foreground">
        {planTimesOn(plan, zone, timeFormat, shownOn)}
      </span>
      {compact ? null : (
        <>
          <span className="truncate text-muted-foreground">{plan.circleName}</span>
          <AssigneeLabel plan={plan} className="text-muted-foreground" />
        </>
      )}
    </button>
  );
}

import type { Day } from "@circleplan/shared/days";
import type { CalendarDay } from "@circleplan/shared/plan-outputs";
import { createContext, useContext, useMemo } from "react";
import { type DayButtonProps, DayPicker, type DayProps } from "react-day-picker";
import { displayColor } from "@/components/ui/circle-avatar";
import { StepNav } from "@/components/ui/step-nav";
import { dayOf, noonOf } from "@/lib/days";
import { cn } from "@/lib/utils";
import {
  addMonths,
  firstDayOf,
  fullDate,
  type Month,
  monthOf,
  monthTitle,
  planCountText,
} from "./calendar-days";

/** Above this many plans a day shows one dot and the count instead of a dot each (spec section 2). */
const MAX_DOTS = 2;

interface DayPlans {
  /** The days that hold plans; null while they load (no day is called free before we know). */
  byDay: Map<Day, CalendarDay> | null;
  today: Day;
  selected: Day | null;
}

// The day cells read the plans from here, so the components handed to DayPicker stay the same
// objects between renders (a new one each render would remount every cell).
const DayPlansContext = createContext<DayPlans>({ byDay: null, today: "", selected: null });

export interface MonthCalendarProps {
  month: Month;
  onMonthChange(month: Month): void;
  /**
   * The month's days that hold plans (each `date` in the user's zone), any other day being
   * free; undefined while loading.
   */
  days: readonly CalendarDay[] | undefined;
  today: Day;
  onDayClick(day: Day): void;
  /** A day to mark as chosen (the circle page's `date=`). */
  selected?: Day | null;
  /** Names the grid for assistive technology beyond its month ("Family calendar"). */
  label?: string;
}

/**
 * The month grid of the calendar screens (spec section 2): Sunday to Saturday, previous and
 * next month, a dot per plan (two at most; more shows one dot and the count), today ringed,
 * days with plans blue, free days green, days of the neighbouring months grey. DayPicker
 * brings the grid semantics and the arrow-key movement between days.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  days,
  today,
  onDayClick,
  selected = null,
  label,
}: MonthCalendarProps) {
  const context = useMemo<DayPlans>(
    () => ({
      byDay: days ? new Map(days.map((day) => [day.date, day])) : null,
      today,
      selected,
    }),
    [days, today, selected],
  );
  // DayPicker takes local dates: the grid's days are plain calendar days (only "today" depends
  // on a zone, and it arrives read in the user's), so each is its local noon, which no
  // daylight-saving change can move to another day.
  const monthDate = useMemo(() => noonOf(firstDayOf(month)), [month]);
  const todayDate = useMemo(() => noonOf(today), [today]);
  const title = monthTitle(month);
  // The grid is named by its month, and by whose calendar it is when there are several kinds.
  const labels = useMemo(
    () => ({ labelGrid: () => (label ? `${label}, ${monthTitle(month)}` : monthTitle(month)) }),
    [label, month],
  );

  return (
    <div className="grid gap-3">
      <StepNav
        unit="month"
        onStep={(step) => onMonthChange(addMonths(month, step))}
        // DayPicker's own hidden caption announces a change of month; this one only shows it.
        current={<h2 className="text-lg font-semibold">{title}</h2>}
        className="justify-between"
      />
      <DayPlansContext.Provider value={context}>
        <DayPicker
          labels={labels}
          month={monthDate}
          onMonthChange={(date) => onMonthChange(monthOf(dayOf(date)))}
          today={todayDate}
          weekStartsOn={0}
          showOutsideDays
          fixedWeeks
          hideNavigation
          onDayClick={(date) => onDayClick(dayOf(date))}
          components={COMPONENTS}
          classNames={CLASS_NAMES}
        />
      </DayPlansContext.Provider>
      <Legend />
    </div>
  );
}

const CLASS_NAMES = {
  root: "w-full",
  months: "w-full",
  month: "w-full",
  // The visible heading above names the month; DayPicker's caption stays for the grid's label.
  month_caption: "sr-only",
  month_grid: "w-full table-fixed border-separate border-spacing-1",
  weekdays: "",
  weekday: "pb-1 text-xs font-medium text-muted-foreground",
  weeks: "",
  week: "",
  day: "relative p-0 align-top",
  day_button: "",
  outside: "",
  today: "",
  hidden: "invisible",
} as const;

/** What one cell of the grid shows: its day, its plans once known, today, chosen. */
function useDayCell(day: DayProps["day"]) {
  const { byDay, today, selected } = useContext(DayPlansContext);
  const iso = dayOf(day.date);
  const outside = day.outside;
  const planned = outside ? undefined : byDay?.get(iso);
  return {
    iso,
    outside,
    colors: planned?.colors ?? [],
    count: planned?.count ?? 0,
    known: byDay !== null && !outside,
    isToday: iso === today,
    isSelected: iso === selected,
  };
}

/**
 * The cell holds the button and, drawn over the button's lower half, the dots: outside the
 * button, so its name is its label alone (a "+3" inside would be visible text missing from
 * the name, which speech input users say to press it).
 */
function PlanDayCell({ day, modifiers, children, ...cellProps }: DayProps) {
  const { iso, colors, count } = useDayCell(day);
  return (
    <td {...cellProps}>
      {children}
      {count > 0 ? <Dots day={iso} count={count} colors={colors} /> : null}
    </td>
  );
}

function PlanDayButton({ day, modifiers, className, ...buttonProps }: DayButtonProps) {
  const { iso, outside, count, known, isToday, isSelected } = useDayCell(day);

  const details = [fullDate(iso)];
  if (isToday) details.push("today");
  if (known) details.push(count > 0 ? planCountText(count) : "free day");
  if (isSelected) details.push("selected");

  return (
    <button
      {...buttonProps}
      aria-label={details.join(", ")}
      aria-current={isToday ? "date" : undefined}
      data-day={iso}
      data-plans={known ? count : undefined}
      className={cn(
        "flex h-14 w-full cursor-pointer flex-col items-center justify-start gap-1 rounded-md border pt-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:h-20",
        outside
          ? "border-transparent bg-muted/60 text-muted-foreground hover:bg-muted"
          : !known
            ? "border-border bg-card hover:bg-accent"
            : count > 0
              ? "border-blue-300 bg-blue-100 text-blue-950 hover:bg-blue-200 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-50 dark:hover:bg-blue-900"
              : "border-green-200 bg-green-50 text-green-950 hover:bg-green-100 dark:border-green-900 dark:bg-green-950 dark:text-green-50 dark:hover:bg-green-900",
        isToday && "font-bold ring-2 ring-primary ring-offset-1 ring-offset-background",
        isSelected && "outline-2 outline-offset-1 outline-foreground",
        className,
      )}
    >
      <span
        className={cn(
          "flex size-7 items-center justify-center rounded-full",
          isToday && "bg-primary text-primary-foreground",
        )}
      >
        {Number(iso.slice(8))}
      </span>
    </button>
  );
}

/**
 * 1 dot, 2 dots, or one dot and the count (spec section 2); the button's label says it in words.
 * `colors` holds the day's first two plans' colours; past two only the first is drawn.
 */
function Dots({ day, count, colors }: { day: string; count: number; colors: readonly string[] }) {
  const shown = count > MAX_DOTS ? colors.slice(0, 1) : colors;
  return (
    <span
      aria-hidden="true"
      data-testid="day-dots"
      data-day={day}
      className="pointer-events-none absolute inset-x-0 bottom-2 flex items-center justify-center gap-1 text-blue-950 sm:bottom-3 dark:text-blue-50"
    >
      {shown.map((color, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a dot stands for a place in the day's order, and two plans may share a colour
          key={index}
          className="size-2 rounded-full ring-1 ring-black/10 dark:ring-white/30"
          style={{ backgroundColor: displayColor(color) }}
        />
      ))}
      {count > MAX_DOTS ? (
        <span className="text-xs leading-none font-semibold">+{count}</span>
      ) : null}
    </span>
  );
}

const COMPONENTS = { Day: PlanDayCell, DayButton: PlanDayButton } as const;

/** The colours are never the only sign (the dots and the day's label say it too), but named here. */
function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 rounded-sm border border-blue-300 bg-blue-100 dark:border-blue-700 dark:bg-blue-950"
        />
        Has plans
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 rounded-sm border border-green-200 bg-green-50 dark:border-green-900 dark:bg-green-950"
        />
        Free day
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-3 rounded-full bg-primary" />
        Today
      </li>
    </ul>
  );
}

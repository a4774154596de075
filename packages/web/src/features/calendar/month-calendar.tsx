import type { Day } from "@circleplan/shared/days";
import type { WeekStart } from "@circleplan/shared/limits";
import type { CalendarDay } from "@circleplan/shared/plan-outputs";
import {
  createContext,
  type KeyboardEvent,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { displayColor } from "@/components/ui/circle-avatar";
import { StepNav } from "@/components/ui/step-nav";
import { weekdaysFrom } from "@/lib/days";
import { cn } from "@/lib/utils";
import {
  addMonths,
  dayMovedBy,
  firstDayOf,
  fullDate,
  type Month,
  monthOf,
  monthTitle,
  monthWeeks,
  planCountText,
} from "./calendar-days";

/** Above this many plans a day shows one dot and the count instead of a dot each (spec section 2). */
const MAX_DOTS = 2;

/** Past this many named plans a wide grid says "+N more" (the server sends three at most). */
const MAX_PREVIEWS = 3;

interface DayPlans {
  /** The days that hold plans; null while they load (no day is called free before we know). */
  byDay: Map<Day, CalendarDay> | null;
  today: Day;
  selected: Day | null;
  /** A free day adds a plan when chosen (its label says so). */
  addsOnFreeDays: boolean;
}

// The day cells read the plans from here, so the grid itself renders again only when its month,
// week start or focus changes.
const DayPlansContext = createContext<DayPlans>({
  byDay: null,
  today: "",
  selected: null,
  addsOnFreeDays: false,
});

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
  /**
   * A free day of the month, chosen: where the screen offers to add a plan on that day
   * (issue 21, "Add where you look"); `onDayClick` otherwise.
   */
  onFreeDayClick?(day: Day): void;
  /** Names the grid for assistive technology beyond its month ("Family calendar"). */
  label?: string;
  /** The person's first day of the week (issue 21): the spec's Sunday unless they chose Monday. */
  weekStart?: WeekStart;
}

/**
 * The month grid of the calendar screens (spec section 2): Sunday to Saturday (or Monday to
 * Sunday, the person's choice: issue 21), previous and
 * next month; on a phone a dot per plan (two at most; more shows one dot and the count), on a
 * wider screen the first three plans' titles in their colours and "+N more" (issue 21); today
 * filled and ringed, days with plans tinted, past days quieter, free days plain (the spec's
 * green for free days made a heavy wall, darkest in the dark theme), days of the neighbouring
 * months grey. The grid is a WAI-ARIA grid with the date grids' keys (`MonthGrid`).
 */
export const MonthCalendar = memo(function MonthCalendar({
  month,
  onMonthChange,
  days,
  today,
  onDayClick,
  selected = null,
  label,
  onFreeDayClick,
  weekStart = "sunday",
}: MonthCalendarProps) {
  // Whether free days add, not the handler: a screen passes a new one each render.
  const addsOnFreeDays = onFreeDayClick !== undefined;
  const context = useMemo<DayPlans>(
    () => ({
      byDay: days ? new Map(days.map((day) => [day.date, day])) : null,
      today,
      selected,
      addsOnFreeDays,
    }),
    [days, today, selected, addsOnFreeDays],
  );
  const title = monthTitle(month);
  // The grid's handlers stay the same functions, reading the latest props: the month's days
  // reach the day cells through the context, so their arrival re-renders the cells, not the
  // whole grid.
  const latest = useRef({ byDay: context.byDay, month, onDayClick, onFreeDayClick, onMonthChange });
  useLayoutEffect(() => {
    latest.current = { byDay: context.byDay, month, onDayClick, onFreeDayClick, onMonthChange };
  });
  const showMonth = useCallback((shown: Month) => latest.current.onMonthChange(shown), []);
  const clickDay = useCallback((day: Day) => {
    const { byDay, month, onDayClick, onFreeDayClick } = latest.current;
    const free = byDay !== null && !byDay.has(day);
    if (onFreeDayClick && free && monthOf(day) === month) onFreeDayClick(day);
    else onDayClick(day);
  }, []);
  // The grid is named by its month, and by whose calendar it is when there are several kinds.
  const gridLabel = label ? `${label}, ${title}` : title;

  return (
    <div className="grid gap-3">
      <StepNav
        unit="month"
        onStep={(step) => onMonthChange(addMonths(month, step))}
        // The grid's own hidden status announces a change of month; this one only shows it.
        current={<h2 className="text-lg font-semibold">{title}</h2>}
        className="justify-between"
      />
      <DayPlansContext.Provider value={context}>
        <MonthGrid
          month={month}
          label={gridLabel}
          weekStart={weekStart}
          onMonthChange={showMonth}
          onDayClick={clickDay}
        />
      </DayPlansContext.Provider>
      <Legend />
    </div>
  );
});

interface MonthGridProps {
  month: Month;
  label: string;
  weekStart: WeekStart;
  onMonthChange(month: Month): void;
  onDayClick(day: Day): void;
}

/**
 * The month's six weeks as a grid: a row of weekdays hidden from assistive technology (each
 * day's label names its weekday), a row per week, a button per day. One day at a time is in the
 * Tab order (roving focus): the day last focused while it is shown, else the chosen day, today,
 * or the month's first. Arrows move a day or a week, Home and End to the week's ends, Page Up
 * and Page Down a month (Shift: a year); a day of another month shows that month and keeps
 * focus on the day. A status, visually hidden, says the month as it changes.
 */
const MonthGrid = memo(function MonthGrid({
  month,
  label,
  weekStart,
  onMonthChange,
  onDayClick,
}: MonthGridProps) {
  const { today, selected } = useContext(DayPlansContext);
  const weeks = useMemo(() => monthWeeks(month, weekStart), [month, weekStart]);
  const weekdays = useMemo(() => weekdaysFrom(weekStart), [weekStart]);
  const [focused, setFocused] = useState<Day | null>(null);
  // Set by a key that moved focus: the moved-to day's button takes it once it is in the grid.
  const moving = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  const shown = (day: Day | null): day is Day =>
    day !== null && weeks.some((week) => week.includes(day));
  const inMonth = (day: Day | null): day is Day => day !== null && monthOf(day) === month;
  const tabDay = shown(focused)
    ? focused
    : inMonth(selected)
      ? selected
      : inMonth(today)
        ? today
        : firstDayOf(month);

  useEffect(() => {
    if (!moving.current || !focused || !shown(focused)) return;
    moving.current = false;
    grid.current?.querySelector<HTMLElement>(`button[data-day="${focused}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Day) => {
    const next = dayMovedBy(event.key, event.shiftKey, day, weekStart);
    if (!next) return;
    event.preventDefault();
    moving.current = true;
    setFocused(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
  };

  return (
    <div className="w-full">
      <span role="status" aria-live="polite" className="sr-only">
        {monthTitle(month)}
      </span>
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid (WAI-ARIA's date picker pattern, as react-day-picker's): arrows move between the days
        role="grid"
        aria-label={label}
        className="w-full table-fixed border-separate border-spacing-1"
      >
        <thead aria-hidden="true">
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday}
                scope="col"
                aria-label={capitalised(weekday)}
                className="pb-1 text-xs font-medium text-muted-foreground"
              >
                {capitalised(weekday).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <PlanDayCell
                  key={day}
                  day={day}
                  outside={monthOf(day) !== month}
                  tabbable={day === tabDay}
                  onClick={onDayClick}
                  onFocus={setFocused}
                  onKeyDown={onKeyDown}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** What one cell of the grid shows: its day, its plans once known, today, chosen. */
function useDayCell(iso: Day, outside: boolean) {
  const { byDay, today, selected, addsOnFreeDays } = useContext(DayPlansContext);
  const planned = outside ? undefined : byDay?.get(iso);
  return {
    colors: planned?.colors ?? [],
    previews: planned?.previews ?? [],
    count: planned?.count ?? 0,
    known: byDay !== null && !outside,
    isToday: iso === today,
    isPast: iso < today,
    isSelected: iso === selected,
    addsOnFreeDays,
  };
}

interface DayCellProps {
  day: Day;
  outside: boolean;
  tabbable: boolean;
  onClick(day: Day): void;
  onFocus(day: Day): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: Day): void;
}

/**
 * The cell holds the button and, drawn over the button's lower half, the dots: outside the
 * button, so its name is its label alone (a "+3" inside would be visible text missing from
 * the name, which speech input users say to press it).
 */
function PlanDayCell(props: DayCellProps) {
  const { day, outside } = props;
  const { colors, count, previews } = useDayCell(day, outside);
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the grid's cell is focused through its day's button (the date grid pattern)
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the date grid, as react-day-picker's
      role="gridcell"
      data-day={day}
      data-outside={outside || undefined}
      className="relative p-0 align-top"
    >
      <PlanDayButton {...props} />
      {count > 0 ? <Dots day={day} count={count} colors={colors} /> : null}
      {count > 0 ? <Previews count={count} previews={previews} /> : null}
    </td>
  );
}

function PlanDayButton({ day, outside, tabbable, onClick, onFocus, onKeyDown }: DayCellProps) {
  const { count, previews, known, isToday, isPast, isSelected, addsOnFreeDays } = useDayCell(
    day,
    outside,
  );

  const details = [fullDate(day)];
  if (isToday) details.push("today");
  if (known && count > 0) details.push(`${planCountText(count)}: ${namedPlans(count, previews)}`);
  if (known && count === 0) details.push(addsOnFreeDays ? "free day, add a plan" : "free day");
  if (isSelected) details.push("selected");

  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onClick(day)}
      onFocus={() => onFocus(day)}
      onKeyDown={(event) => onKeyDown(event, day)}
      aria-label={details.join(", ")}
      aria-current={isToday ? "date" : undefined}
      data-day={day}
      data-plans={known ? count : undefined}
      className={cn(
        "flex h-14 w-full cursor-pointer flex-col items-center justify-start gap-1 rounded-md border pt-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:h-20 md:h-28 md:items-start md:px-1.5",
        outside
          ? "border-transparent bg-muted/60 text-muted-foreground hover:bg-muted"
          : known && count > 0
            ? "border-blue-200 bg-blue-50 text-blue-950 hover:bg-blue-100 dark:border-blue-900 dark:bg-blue-950/50 dark:text-blue-50 dark:hover:bg-blue-900/60"
            : "border-border bg-card hover:bg-accent",
        // Past days step back, whatever they held: the eye goes to what is still ahead.
        !outside && isPast && "bg-muted/40 text-muted-foreground dark:bg-muted/30",
        isToday && "font-bold ring-2 ring-primary ring-offset-1 ring-offset-background",
        isSelected && "outline-2 outline-offset-1 outline-foreground",
      )}
    >
      <span
        className={cn(
          "flex size-7 items-center justify-center rounded-full",
          isToday && "bg-primary text-primary-foreground",
        )}
      >
        {Number(day.slice(8))}
      </span>
    </button>
  );
}

/** The day's plans named in its label: the first three, and how many more. */
function namedPlans(count: number, previews: readonly { title: string }[]): string {
  const named = previews.map((preview) => preview.title).join(", ");
  return count > previews.length ? `${named} and ${count - previews.length} more` : named;
}

/**
 * A wider screen's view of the day (issue 21): its first three plans' titles, each marked with
 * its colour, and "+N more". Drawn over the button's lower part like the dots, and hidden from
 * assistive technology: the button's label names them.
 */
function Previews({
  count,
  previews,
}: {
  count: number;
  previews: readonly { title: string; color: string }[];
}) {
  const shown = previews.slice(0, MAX_PREVIEWS);
  return (
    <span
      aria-hidden="true"
      data-testid="day-previews"
      className="pointer-events-none absolute inset-x-1.5 top-9 hidden gap-0.5 text-left text-xs leading-tight md:grid"
    >
      {shown.map((preview, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a line stands for a place in the day's order, and two plans may share a title
          key={index}
          className="flex min-w-0 items-center gap-1"
        >
          <span
            className="h-3 w-1 shrink-0 rounded-full"
            style={{ backgroundColor: displayColor(preview.color) }}
          />
          <span className="truncate">{preview.title}</span>
        </span>
      ))}
      {count > shown.length ? (
        <span className="font-medium text-muted-foreground">+{count - shown.length} more</span>
      ) : null}
    </span>
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
      className="pointer-events-none absolute inset-x-0 bottom-2 flex items-center justify-center gap-1 text-blue-950 sm:bottom-3 md:hidden dark:text-blue-50"
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

/** The tints are never the only sign (the dots, titles and each day's label say it too), but named here. */
function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 rounded-sm border border-blue-200 bg-blue-50 dark:border-blue-900 dark:bg-blue-950/50"
        />
        Has plans
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-3 rounded-sm border border-border bg-card" />
        Free day
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 rounded-sm border border-border bg-muted/40 dark:bg-muted/30"
        />
        Past
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="size-3 rounded-full bg-primary" />
        Today
      </li>
    </ul>
  );
}

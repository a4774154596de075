import { CalendarDays } from "lucide-react";
import { useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { buttonVariants } from "@/components/ui/button";
import type { FieldControlProps } from "@/components/ui/field";
import { inputClassName } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { dayOf, noonOf, parseDay, todayIn, weekStartsOn } from "@/lib/days";
import { cn } from "@/lib/utils";

/** DayPicker drawn with the app's tokens (no stylesheet of its own to load). */
const calendarClassNames = {
  root: "relative p-1 text-sm",
  months: "relative",
  month: "grid gap-2",
  month_caption: "flex h-9 items-center justify-center px-10 font-semibold",
  caption_label: "text-sm",
  nav: "absolute inset-x-0 top-0 flex items-center justify-between",
  button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-9"),
  button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-9"),
  chevron: "size-4 fill-current",
  month_grid: "border-collapse",
  weekdays: "",
  weekday: "size-10 text-xs font-medium text-muted-foreground",
  week: "",
  day: "size-10 p-0 text-center",
  day_button:
    "inline-flex size-10 cursor-pointer items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-40",
  selected:
    "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary/90 [&>button]:hover:text-primary-foreground",
  today: "[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4",
  outside: "text-muted-foreground",
  disabled: "text-muted-foreground",
  hidden: "invisible",
};

/**
 * A day chosen from a calendar that pops up under a button showing the chosen day (plans spec,
 * section 2: "date (calendar pop-up)"). The value is `yyyy-MM-dd`; `min` keeps earlier days
 * out of reach.
 */
export function DateField({
  control,
  label,
  value,
  onChange,
  min,
  placeholder = "Pick a date",
  disabled,
}: {
  control: FieldControlProps;
  /** The field's label: the button says it with the chosen day. */
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string | undefined;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const { zone, weekStart } = usePlanViewer();
  const day = parseDay(value);
  const minDay = parseDay(min);
  const shown = day ? noonOf(day).toLocaleDateString("en-US", dateFormat) : placeholder;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          {...control}
          aria-label={`${label}: ${shown}`}
          disabled={disabled}
          className={cn(
            inputClassName,
            "cursor-pointer items-center justify-between gap-2 text-left",
            !day && "text-muted-foreground",
          )}
        >
          <span className="truncate">{shown}</span>
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        ref={pickerRef}
        align="start"
        // Focus opens on the chosen day (the picker's focus target, the one day in the Tab
        // order), where arrows move from: the popover's own first focus is "previous month",
        // and the picker's autoFocus comes before the popover takes focus over from the dialog.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          pickerRef.current
            ?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')
            ?.focus();
        }}
      >
        <DayPicker
          mode="single"
          required
          selected={day ? noonOf(day) : undefined}
          defaultMonth={day ? noonOf(day) : minDay ? noonOf(minDay) : undefined}
          disabled={minDay ? { before: noonOf(minDay) } : undefined}
          onSelect={(date) => {
            onChange(dayOf(date));
            setOpen(false);
          }}
          classNames={calendarClassNames}
          // Today as the profile's zone has it, as every plan screen reads days.
          today={noonOf(todayIn(zone))}
          weekStartsOn={weekStartsOn(weekStart)}
          autoFocus
        />
      </PopoverContent>
    </Popover>
  );
}

const dateFormat: Intl.DateTimeFormatOptions = {
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
};

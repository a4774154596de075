import { weekOfMonth } from "@circleplan/shared/days";
import { RECURRENCE_INTERVAL_MAX, type Weekday } from "@circleplan/shared/limits";
import { format } from "date-fns";
import { Repeat } from "lucide-react";
import type { ReactNode } from "react";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { FieldError } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { noonOf, weekdaysFrom } from "@/lib/days";
import { DateField } from "./date-field";
import {
  countChoices,
  type MonthlyChoice,
  monthlyChoicesFor,
  REPEAT_CHOICES,
  type RecurrenceValues,
  type RepeatChoice,
  withRepeatType,
} from "./plan-form-values";

const REPEAT_LABELS: Record<RepeatChoice, string> = {
  none: "Does not repeat",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  yearly: "Yearly",
};

const UNITS: Record<Exclude<RepeatChoice, "none">, [string, string]> = {
  daily: ["day", "days"],
  weekly: ["week", "weeks"],
  monthly: ["month", "months"],
  yearly: ["year", "years"],
};

const ORDINALS = ["first", "second", "third", "fourth"] as const;

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "On day 17", "On the third Tuesday", "On the last Tuesday" (yearly: "… of November"). */
function monthlyLabel(choice: MonthlyChoice, day: string, yearly: boolean): string {
  const date = noonOf(day);
  const weekday = format(date, "EEEE");
  const ofMonth = yearly ? ` of ${format(date, "MMMM")}` : "";
  if (choice === "dayOfMonth")
    return yearly ? `On ${format(date, "MMMM d")}` : `On day ${date.getDate()}`;
  if (choice === "lastWeekday") return `On the last ${weekday}${ofMonth}`;
  return `On the ${ORDINALS[weekOfMonth(day) - 1] ?? "last"} ${weekday}${ofMonth}`;
}

interface RecurrenceEditorProps {
  id: string;
  value: RecurrenceValues;
  onChange: (value: RecurrenceValues) => void;
  /** The plan's date: the rule's weekday and day of month come from it. */
  date: string;
  errors: { daysOfWeek?: string | undefined; endDate?: string | undefined };
  disabled?: boolean;
}

/**
 * The repeat rule (plans spec, sections 4, 5 and 9): daily every 1-7 days or every weekday;
 * weekly every 1-4 weeks on chosen days; monthly every 1-6 months on the date's day or its nth
 * (or last) weekday; yearly on the date or its nth weekday of the month; ending never, after
 * 5-50 times, or on a day not before the plan's date.
 */
export function RecurrenceEditor({
  id,
  value,
  onChange,
  date,
  errors,
  disabled,
}: RecurrenceEditorProps) {
  const set = (patch: Partial<RecurrenceValues>) => onChange({ ...value, ...patch });
  const { type } = value;

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="sr-only">Repeat</legend>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`} className="flex items-center gap-1.5">
          <Repeat aria-hidden="true" className="size-4 text-muted-foreground" />
          Repeat
        </Label>
        <NativeSelect
          id={`${id}-type`}
          value={type}
          onChange={(change) =>
            onChange(withRepeatType(value, change.target.value as RepeatChoice, date))
          }
        >
          {REPEAT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {REPEAT_LABELS[choice]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {type === "none" ? null : (
        <div className="grid gap-3 rounded-lg border bg-muted/30 p-3">
          {type === "daily" ? (
            <RadioRow
              name={`${id}-daily`}
              options={[
                {
                  value: "interval",
                  label: <IntervalPicker id={id} value={value} onChange={set} />,
                  ariaLabel: "Every few days",
                },
                { value: "weekdays", label: "Every weekday (Monday to Friday)" },
              ]}
              checked={value.weekdaysOnly ? "weekdays" : "interval"}
              onChange={(choice) => set({ weekdaysOnly: choice === "weekdays" })}
            />
          ) : null}

          {type === "weekly" ? (
            <>
              <IntervalPicker id={id} value={value} onChange={set} />
              <WeekdayPicker
                id={id}
                days={value.daysOfWeek}
                onChange={(daysOfWeek) => set({ daysOfWeek })}
                error={errors.daysOfWeek}
              />
            </>
          ) : null}

          {type === "monthly" || type === "yearly" ? (
            <>
              {type === "monthly" ? <IntervalPicker id={id} value={value} onChange={set} /> : null}
              <RadioRow
                name={`${id}-monthly`}
                options={monthlyChoicesFor(date).map((choice) => ({
                  value: choice,
                  label: monthlyLabel(choice, date, type === "yearly"),
                }))}
                checked={
                  monthlyChoicesFor(date).includes(value.monthly) ? value.monthly : "dayOfMonth"
                }
                onChange={(choice) => set({ monthly: choice as MonthlyChoice })}
              />
            </>
          ) : null}

          <EndsPicker id={id} value={value} onChange={set} date={date} error={errors.endDate} />
        </div>
      )}
    </fieldset>
  );
}

function IntervalPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: RecurrenceValues;
  onChange: (patch: Partial<RecurrenceValues>) => void;
}) {
  if (value.type === "none" || value.type === "yearly") return null;
  const max = RECURRENCE_INTERVAL_MAX[value.type];
  const [one, many] = UNITS[value.type];
  return (
    <div className="flex items-center gap-2 text-sm">
      <span aria-hidden="true">Every</span>
      <div className="w-20">
        <NativeSelect
          id={`${id}-interval`}
          aria-label={`Every how many ${many}`}
          value={String(Math.min(value.interval, max))}
          disabled={value.type === "daily" && value.weekdaysOnly}
          onChange={(change) => onChange({ interval: Number(change.target.value) })}
        >
          {Array.from({ length: max }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </NativeSelect>
      </div>
      <span aria-hidden="true">{value.interval === 1 ? one : many}</span>
    </div>
  );
}

function WeekdayPicker({
  id,
  days,
  onChange,
  error,
}: {
  id: string;
  days: Weekday[];
  onChange: (days: Weekday[]) => void;
  error?: string | undefined;
}) {
  const errorId = error ? `${id}-days-error` : undefined;
  const { weekStart } = usePlanViewer();
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">On these days</legend>
      <div className="flex flex-wrap gap-1.5">
        {weekdaysFrom(weekStart).map((day) => (
          <label
            key={day}
            className="relative flex size-10 cursor-pointer items-center justify-center rounded-full border border-input bg-card text-sm font-medium has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="checkbox"
              checked={days.includes(day)}
              onChange={(change) =>
                onChange(
                  change.target.checked ? [...days, day] : days.filter((other) => other !== day),
                )
              }
              aria-label={capitalized(day)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-none"
            />
            <span aria-hidden="true">{capitalized(day).charAt(0)}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function EndsPicker({
  id,
  value,
  onChange,
  date,
  error,
}: {
  id: string;
  value: RecurrenceValues;
  onChange: (patch: Partial<RecurrenceValues>) => void;
  date: string;
  error?: string | undefined;
}) {
  const errorId = error ? `${id}-end-error` : undefined;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Ends</legend>
      <RadioRow
        name={`${id}-ends`}
        checked={value.ends}
        onChange={(ends) => onChange({ ends: ends as RecurrenceValues["ends"] })}
        options={[
          { value: "never", label: "Never" },
          {
            value: "after",
            ariaLabel: "After a number of times",
            label: (
              <span className="flex items-center gap-2">
                <label htmlFor={`${id}-ends-after`} className="cursor-pointer">
                  After
                </label>
                <span className="w-20">
                  <NativeSelect
                    aria-label="Number of times"
                    value={String(value.count)}
                    onChange={(change) =>
                      onChange({ ends: "after", count: Number(change.target.value) })
                    }
                  >
                    {countChoices(value.count).map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </NativeSelect>
                </span>
                times
              </span>
            ),
          },
          {
            value: "on",
            ariaLabel: "On a date",
            label: (
              <span className="flex min-w-0 flex-1 items-center gap-2">
                <label htmlFor={`${id}-ends-on`} className="cursor-pointer">
                  On
                </label>
                <span className="min-w-0 flex-1">
                  <DateField
                    control={{
                      id: `${id}-end-date`,
                      "aria-invalid": Boolean(error),
                      "aria-describedby": errorId,
                    }}
                    label="Ends on"
                    value={value.endDate}
                    min={date}
                    placeholder="Choose the last day"
                    onChange={(endDate) => onChange({ ends: "on", endDate })}
                  />
                </span>
              </span>
            ),
          },
        ]}
      />
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * Radio buttons whose labels may hold a control of their own (the count, the end day): the
 * radio is named by `ariaLabel` then, and the control stays outside the radio's label.
 */
function RadioRow({
  name,
  options,
  checked,
  onChange,
}: {
  name: string;
  options: { value: string; label: ReactNode; ariaLabel?: string }[];
  checked: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      {options.map((option) => {
        const radioId = `${name}-${option.value}`;
        const plain = typeof option.label === "string";
        return (
          <div key={option.value} className="flex min-h-10 items-center gap-3 text-sm">
            <input
              id={radioId}
              type="radio"
              name={name}
              value={option.value}
              checked={checked === option.value}
              onChange={() => onChange(option.value)}
              aria-label={plain ? undefined : option.ariaLabel}
              className="size-4 shrink-0 cursor-pointer accent-primary"
            />
            {plain ? (
              <label htmlFor={radioId} className="cursor-pointer">
                {option.label}
              </label>
            ) : (
              option.label
            )}
          </div>
        );
      })}
    </div>
  );
}

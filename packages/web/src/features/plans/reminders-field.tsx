import { REMINDERS_MAX } from "@circleplan/shared/limits";
import {
  REMINDER_UNIT_BOUNDS,
  REMINDER_UNITS,
  type ReminderUnit,
  reminderParts,
  reminderPhrase,
} from "@circleplan/shared/reminder-phrases";
import { Bell, Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { REMINDER_CHOICES } from "./plan-form-values";

/** The select's value for a row whose reminder is an amount of its own. */
const CUSTOM = "custom";
/** What a row turned custom starts at. */
const FIRST_CUSTOM = "45 minutes before";

const isListed = (reminder: string) =>
  REMINDER_CHOICES.includes(reminder as (typeof REMINDER_CHOICES)[number]);

/** What a new row starts at: a common choice not taken yet. */
function nextChoice(taken: readonly string[]): string {
  const preferred = ["30 minutes before", ...REMINDER_CHOICES.slice(1)];
  return preferred.find((choice) => !taken.includes(choice)) ?? "None";
}

/**
 * The plan's reminders (spec sections 3, 5 and 9): up to 4 rows, each a choice of the list
 * with None, or Custom: an amount of minutes, hours, days or weeks before (decision 011), which
 * the form's schema bounds. A choice taken by one row is not offered by another. None rows are
 * dropped when the plan is saved.
 */
export function RemindersField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (reminders: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const errorId = error ? `${id}-error` : undefined;
  // Rows the person turned to Custom stay custom while they type an amount the list also has
  // ("1" on the way to "15 minutes").
  const [customRows, setCustomRows] = useState<readonly number[]>([]);
  const markCustom = (index: number, custom: boolean) =>
    setCustomRows((rows) =>
      custom
        ? [...rows.filter((row) => row !== index), index]
        : rows.filter((row) => row !== index),
    );
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 flex items-center gap-1.5 text-sm leading-none font-medium">
        <Bell aria-hidden="true" className="size-4 text-muted-foreground" />
        Reminders
      </legend>
      {value.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reminders.</p>
      ) : (
        <ul className="grid gap-2">
          {value.map((reminder, index) => {
            const others = value.filter((_, other) => other !== index);
            const parts =
              isListed(reminder) && !customRows.includes(index) ? null : reminderParts(reminder);
            // A phrase neither listed nor an amount (an old or foreign one) is shown as it is.
            const choices: string[] =
              isListed(reminder) || parts ? [...REMINDER_CHOICES] : [...REMINDER_CHOICES, reminder];
            const setRow = (phrase: string) =>
              onChange(value.map((old, at) => (at === index ? phrase : old)));
            return (
              // Rows have no identity beyond their place; the list only grows at its end.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="flex flex-wrap items-center gap-2">
                <div className="min-w-40 flex-1">
                  <NativeSelect
                    id={`${id}-${index}`}
                    aria-label={`Reminder ${index + 1}`}
                    aria-invalid={Boolean(error)}
                    value={parts ? CUSTOM : reminder}
                    disabled={disabled}
                    onChange={(change) => {
                      const custom = change.target.value === CUSTOM;
                      markCustom(index, custom);
                      setRow(custom ? FIRST_CUSTOM : change.target.value);
                    }}
                  >
                    {choices.map((choice) => (
                      <option
                        key={choice}
                        value={choice}
                        disabled={choice !== "None" && others.includes(choice)}
                      >
                        {choice}
                      </option>
                    ))}
                    <option value={CUSTOM}>Custom…</option>
                  </NativeSelect>
                </div>
                {parts ? (
                  <CustomReminder
                    id={`${id}-${index}`}
                    row={index + 1}
                    amount={parts.amount}
                    unit={parts.unit}
                    invalid={Boolean(error)}
                    disabled={disabled}
                    onChange={setRow}
                  />
                ) : null}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove reminder ${index + 1}`}
                  disabled={disabled}
                  onClick={() => {
                    setCustomRows((rows) =>
                      rows
                        .filter((row) => row !== index)
                        .map((row) => (row > index ? row - 1 : row)),
                    );
                    onChange(value.filter((_, at) => at !== index));
                  }}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || value.length >= REMINDERS_MAX}
          onClick={() => onChange([...value, nextChoice(value)])}
        >
          <Plus aria-hidden="true" />
          Add reminder
        </Button>
        {value.length >= REMINDERS_MAX ? (
          <span className="ml-3 text-xs text-muted-foreground">
            At most {REMINDERS_MAX} reminders.
          </span>
        ) : null}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** "[45] [minutes] before": a custom reminder's amount and unit, as one phrase. */
function CustomReminder({
  id,
  row,
  amount,
  unit,
  invalid,
  disabled,
  onChange,
}: {
  id: string;
  row: number;
  amount: number;
  unit: ReminderUnit;
  invalid: boolean;
  disabled?: boolean | undefined;
  onChange: (phrase: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Input
        id={`${id}-amount`}
        type="number"
        inputMode="numeric"
        min={1}
        max={REMINDER_UNIT_BOUNDS[unit].max}
        step={1}
        className="w-20"
        aria-label={`Reminder ${row} amount`}
        aria-invalid={invalid}
        value={amount || ""}
        disabled={disabled}
        onChange={(change) => onChange(reminderPhrase(Number(change.target.value) || 0, unit))}
      />
      <NativeSelect
        aria-label={`Reminder ${row} unit`}
        className="w-28"
        value={unit}
        disabled={disabled}
        onChange={(change) => onChange(reminderPhrase(amount, change.target.value as ReminderUnit))}
      >
        {REMINDER_UNITS.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </NativeSelect>
      <span className="text-sm text-muted-foreground">before</span>
    </div>
  );
}

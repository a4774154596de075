import { REMINDERS_MAX } from "@circleplan/shared/limits";
import { Bell, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { REMINDER_CHOICES } from "./plan-form-values";

/** What a new row starts at: a common choice not taken yet. */
function nextChoice(taken: readonly string[]): string {
  const preferred = ["30 minutes before", ...REMINDER_CHOICES.slice(1)];
  return preferred.find((choice) => !taken.includes(choice)) ?? "None";
}

/**
 * The plan's reminders (spec sections 3, 5 and 9): up to 4 rows, each a choice of the list
 * with None; a choice taken by one row is not offered by another. None rows are dropped when
 * the plan is saved.
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
            const choices: string[] = REMINDER_CHOICES.includes(
              reminder as (typeof REMINDER_CHOICES)[number],
            )
              ? [...REMINDER_CHOICES]
              : [...REMINDER_CHOICES, reminder];
            return (
              // Rows have no identity beyond their place; the list only grows at its end.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="flex items-center gap-2">
                <div className="flex-1">
                  <NativeSelect
                    id={`${id}-${index}`}
                    aria-label={`Reminder ${index + 1}`}
                    aria-invalid={Boolean(error)}
                    value={reminder}
                    disabled={disabled}
                    onChange={(change) =>
                      onChange(value.map((old, at) => (at === index ? change.target.value : old)))
                    }
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
                  </NativeSelect>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove reminder ${index + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, at) => at !== index))}
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

import { Check } from "lucide-react";
import { cn } from "@/lib/utils";
import { textColorOn } from "./circle-avatar";

export interface ColorChoice {
  value: string;
  /** Said by screen readers and shown as a tooltip: a colour is never told by its look alone. */
  name: string;
}

/**
 * Round swatches to pick one colour from, as radio buttons: arrow keys move between them, and
 * each is named. The chosen one carries a tick as well as a ring.
 */
export function ColorSwatches({
  name,
  choices,
  value,
  onChange,
  disabled = false,
  className,
}: {
  /** The radio group's name: unique on the page. */
  name: string;
  choices: readonly ColorChoice[];
  /** The chosen colour, #RRGGBB in any case. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      {choices.map((choice) => {
        const checked = value.toUpperCase() === choice.value.toUpperCase();
        return (
          <label
            key={choice.value}
            title={choice.name}
            className={cn(
              "relative flex size-9 items-center justify-center rounded-full ring-offset-2 ring-offset-card has-checked:ring-2 has-checked:ring-foreground",
              disabled && "opacity-60",
            )}
            style={{ backgroundColor: choice.value, color: textColorOn(choice.value) }}
          >
            {/* The radio itself covers the swatch, so it is what a pointer presses. */}
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(choice.value)}
              aria-label={choice.name}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring disabled:cursor-not-allowed"
            />
            {checked ? <Check aria-hidden="true" className="pointer-events-none size-4" /> : null}
          </label>
        );
      })}
    </div>
  );
}

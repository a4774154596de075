import { useId } from "react";
import { ColorSwatches } from "@/components/ui/color-swatches";
import { Label } from "@/components/ui/label";
import { COLOR_CHOICES } from "./circle-colors";

/**
 * A circle's colour: the swatches, and any other colour through the browser's own picker. The
 * creation dialog and the settings' Appearance tab both choose with it.
 */
export function CircleColorPicker({
  name,
  value,
  onChange,
  disabled = false,
}: {
  /** The swatches' radio group name: unique on the page. */
  name: string;
  /** #RRGGBB. */
  value: string;
  /** Called with an upper-case #RRGGBB. */
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const customColorId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ColorSwatches
        name={name}
        choices={COLOR_CHOICES}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
      <span className="ml-1 flex items-center gap-2">
        <input
          id={customColorId}
          type="color"
          value={value.toLowerCase()}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-9 w-12 cursor-pointer rounded-md border border-input bg-card p-1 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <Label htmlFor={customColorId} className="font-normal text-muted-foreground">
          Other colour
        </Label>
      </span>
    </div>
  );
}

import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

type SliderProps = Omit<ComponentProps<typeof SliderPrimitive.Root>, "aria-label"> & {
  /**
   * The thumb's accessible name. Radix gives the thumb, not the root, the slider role, so a
   * label on the root would name nothing a screen reader lands on.
   */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** Read instead of the bare number, e.g. "1.5 times". */
  "aria-valuetext"?: string;
};

/** A single-thumb range input (Radix Slider): arrow keys step, Home and End jump to the ends. */
export function Slider({
  className,
  "aria-label": ariaLabel,
  "aria-labelledby": ariaLabelledBy,
  "aria-valuetext": ariaValueText,
  ...props
}: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn(
        "relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-valuetext={ariaValueText}
        className="block size-5 cursor-grab rounded-full border-2 border-primary bg-card shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
      />
    </SliderPrimitive.Root>
  );
}

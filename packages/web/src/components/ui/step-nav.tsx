import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

interface StepNavProps {
  /** What one step moves by, naming the arrows: "day" gives "Previous day" and "Next day". */
  unit: string;
  onStep: (step: -1 | 1) => void;
  /** Shown between the arrows: the day, week, month or range in view. */
  current?: ReactNode;
  /** Given, a Today button after the arrows leads back to today (leave it out on today). */
  onToday?: (() => void) | undefined;
  /** After the arrows and Today. */
  children?: ReactNode;
  className?: string;
}

/**
 * The arrows every dated screen moves through time with (a day, a week, a month, a range),
 * around what is in view, with the way back to today.
 */
export function StepNav({ unit, onStep, current, onToday, children, className }: StepNavProps) {
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button
        variant="outline"
        size="icon"
        aria-label={`Previous ${unit}`}
        onClick={() => onStep(-1)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      {current}
      <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={() => onStep(1)}>
        <ChevronRight aria-hidden="true" />
      </Button>
      {onToday ? (
        <Button variant="secondary" onClick={onToday}>
          Today
        </Button>
      ) : null}
      {children}
    </div>
  );
}

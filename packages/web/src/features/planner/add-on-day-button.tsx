import type { Day } from "@circleplan/shared/days";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { fullDate } from "@/features/calendar/calendar-days";
import { cn } from "@/lib/utils";

/** A day's Add, named for the day it adds on: a phone's day, or the grid's all-day row. */
export function AddOnDayButton({
  day,
  onClick,
  className,
}: {
  day: Day;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn("justify-start text-muted-foreground", className)}
      aria-label={`Add a plan on ${fullDate(day)}`}
      onClick={onClick}
    >
      <Plus aria-hidden="true" />
      Add
    </Button>
  );
}

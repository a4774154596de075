import { cn } from "@/lib/utils";
import { displayColor } from "./circle-avatar";

/** A circle's colour as a small dot, beside words that name the circle or its plan. */
export function CircleDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      className="size-2 shrink-0 rounded-full"
      style={{ backgroundColor: displayColor(color) }}
    />
  );
}

/** The circle a plan belongs to: its colour as a dot and its name (Personal for one's own). */
export function CircleTag({
  name,
  color,
  className,
}: {
  name: string;
  color: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full border bg-card px-2 py-0.5 text-xs font-medium text-foreground",
        className,
      )}
    >
      <CircleDot color={color} />
      <span className="truncate">{name}</span>
    </span>
  );
}

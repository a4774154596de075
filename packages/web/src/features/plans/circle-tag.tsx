import { displayColor } from "@/components/ui/circle-avatar";
import { cn } from "@/lib/utils";

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
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: displayColor(color) }}
      />
      <span className="truncate">{name}</span>
    </span>
  );
}

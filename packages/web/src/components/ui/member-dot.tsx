import { cn } from "@/lib/utils";
import { displayColor } from "./circle-avatar";

/**
 * A member's colour in a circle as a small dot, always drawn beside their name: the colour
 * helps the eye find someone's plans, the name says whose they are. The ring keeps the dot's
 * edge on any card, the amber of a task awaiting an answer included.
 */
export function MemberDot({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="member-dot"
      className={cn(
        "inline-block size-2.5 shrink-0 rounded-full ring-1 ring-black/15 dark:ring-white/40",
        className,
      )}
      style={{ backgroundColor: displayColor(color) }}
    />
  );
}

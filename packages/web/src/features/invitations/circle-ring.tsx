import { circleInitial, displayColor } from "@/components/ui/circle-avatar";
import { cn } from "@/lib/utils";

/**
 * The invited-to circle's first letter in a ring of its colour: an invitation carries no photo.
 * Decorative, since the circle's name is always written beside it.
 */
export function CircleRing({
  name,
  color,
  className,
}: {
  name: string;
  color: string;
  /** Size and spacing; the ring's width and the letter's weight are the same everywhere. */
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex items-center justify-center rounded-full border-4 bg-card font-semibold",
        className,
      )}
      style={{ borderColor: displayColor(color) }}
    >
      {circleInitial(name)}
    </span>
  );
}

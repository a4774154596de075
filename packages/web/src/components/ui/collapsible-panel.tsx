import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "@/lib/utils";
import { Card } from "./card";

/**
 * A card whose heading opens and closes its content (Upcoming Week, Next N days): a disclosure
 * button and the region it controls, rendered only while open. Not Radix Collapsible: it
 * measured its content's height and read its computed animation on mount (a forced layout and a
 * style read), for an animation this card never had, on the dashboard's first render.
 */
export function CollapsiblePanel({
  title,
  icon,
  defaultOpen = true,
  children,
  className,
  id,
}: {
  title: ReactNode;
  icon?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const headingId = useId();
  const contentId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn("overflow-hidden", className)}
      id={id}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
          className="flex w-full cursor-pointer items-center gap-2 px-4 py-3 text-left hover:bg-accent/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          {icon}
          <span className="flex-1">{title}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              "size-5 text-muted-foreground transition-transform",
              open && "rotate-180",
            )}
          />
        </button>
      </h2>
      <div id={contentId} hidden={!open} className="border-t px-4 py-3">
        {open ? children : null}
      </div>
    </Card>
  );
}

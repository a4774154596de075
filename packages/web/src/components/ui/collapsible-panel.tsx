import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { cn } from "@/lib/utils";
import { Card } from "./card";

/** A card whose heading opens and closes its content (Upcoming Week, Next N days). */
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
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <Card
        role="region"
        aria-labelledby={headingId}
        className={cn("overflow-hidden", className)}
        id={id}
      >
        <h2 id={headingId} className="text-lg font-semibold">
          <Collapsible.Trigger className="flex w-full cursor-pointer items-center gap-2 px-4 py-3 text-left hover:bg-accent/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
            {icon}
            <span className="flex-1">{title}</span>
            <ChevronDown
              aria-hidden="true"
              className={cn(
                "size-5 text-muted-foreground transition-transform",
                open && "rotate-180",
              )}
            />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="border-t px-4 py-3">{children}</Collapsible.Content>
      </Card>
    </Collapsible.Root>
  );
}

import { Tooltip as TooltipPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useState } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/timings";
import { cn } from "@/lib/utils";

export const TooltipProvider = TooltipPrimitive.Provider;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md",
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/** A trigger with a short text tip; the trigger keeps its own accessible name. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  // Its content mounted only while shown (overlay-open.tsx).
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      {open ? <TooltipContent>{content}</TooltipContent> : null}
    </TooltipPrimitive.Root>
  );
}

/** The app-wide tooltip timing from the accounts spec, section 9. */
export function AppTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipProvider>
  );
}

import type { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { OverlayRoot, OverlayTrigger, overlayKit, useOverlayOpen } from "./overlay-open";

// Radix's popover, loaded when a popover first opens (overlay-open.tsx).
export function Popover(props: ComponentProps<typeof PopoverPrimitive.Root>) {
  return <OverlayRoot kind="Popover" {...props} />;
}

export function PopoverTrigger(props: ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <OverlayTrigger kind="Popover" {...props} />;
}

export function PopoverContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  if (!useOverlayOpen()) return null;
  const { Portal, Content } = overlayKit().Popover;
  return (
    <Portal>
      <Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          "z-50 rounded-md border bg-popover p-2 text-popover-foreground shadow-md",
          className,
        )}
        {...props}
      />
    </Portal>
  );
}

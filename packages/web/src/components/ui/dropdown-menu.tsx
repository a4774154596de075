import type { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import {
  OverlayRoot,
  OverlayTrigger,
  overlayKit,
  useOverlayOpen,
  useTakeOpenedByKeyboard,
} from "./overlay-open";

// Radix's menu, loaded when a menu first opens (overlay-open.tsx).
export function DropdownMenu(props: ComponentProps<typeof MenuPrimitive.Root>) {
  return <OverlayRoot kind="DropdownMenu" {...props} />;
}

export function DropdownMenuTrigger(props: ComponentProps<typeof MenuPrimitive.Trigger>) {
  return <OverlayTrigger kind="DropdownMenu" {...props} />;
}

const itemClassName =
  "relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  onFocus,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  const takeOpenedByKeyboard = useTakeOpenedByKeyboard();
  if (!useOverlayOpen()) return null;
  const { Portal, Content } = overlayKit().DropdownMenu;
  return (
    <Portal>
      <Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-56 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
          className,
        )}
        onFocus={(event) => {
          onFocus?.(event);
          // Radix focuses the menu as it opens; opened with a key, its first item takes it.
          if (event.target !== event.currentTarget || !takeOpenedByKeyboard()) return;
          event.currentTarget
            .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
            ?.focus({ preventScroll: true });
        }}
        {...props}
      />
    </Portal>
  );
}

export function DropdownMenuItem({
  className,
  variant = "default",
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { variant?: "default" | "destructive" }) {
  const { Item } = overlayKit().DropdownMenu;
  return (
    <Item
      className={cn(
        itemClassName,
        variant === "destructive" &&
          "text-destructive-text data-[highlighted]:bg-destructive/10 data-[highlighted]:text-destructive-text",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Label>) {
  const { Label } = overlayKit().DropdownMenu;
  return <Label className={cn("px-2 py-1.5 text-sm", className)} {...props} />;
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  const { Separator } = overlayKit().DropdownMenu;
  return <Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

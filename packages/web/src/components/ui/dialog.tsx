import { X } from "lucide-react";
import type { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, useRef } from "react";
import { cn } from "@/lib/utils";
import { OverlayRoot, OverlayTrigger, overlayKit, useOverlayOpen } from "./overlay-open";

// Radix's dialog, loaded when a dialog first opens (overlay-open.tsx).
export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <OverlayRoot kind="Dialog" {...props} />;
}

export function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <OverlayTrigger kind="Dialog" {...props} />;
}

/**
 * What every shape of dialog shares (this centred one, sheet.tsx's bottom sheet): the dimmed
 * page behind it, its content where `className` places it, and its close button.
 */
export function DialogFrame({
  className,
  closeClassName,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeClassName?: string }) {
  if (!useOverlayOpen()) return null;
  const { Portal, Overlay, Content, Close } = overlayKit().Dialog;
  return (
    <Portal>
      <Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Content className={className} {...props}>
        {children}
        <Close
          className={cn(
            "absolute top-4 right-4 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            closeClassName,
          )}
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close</span>
        </Close>
      </Content>
    </Portal>
  );
}

export function DialogContent({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogFrame
      className={cn(
        "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg",
        className,
      )}
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  const { Title } = overlayKit().Dialog;
  return <Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  const { Description } = overlayKit().Dialog;
  return <Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

/**
 * Focus back to what had it when a dialog opened (the button that opened it), on closing: Radix
 * gives it back only to a DialogTrigger, and a dialog opened from its screen's own state has
 * none, so focus fell to the page's body. Spread onto the dialog's content.
 */
export function useReturnFocus(): {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
    },
  };
}

import type { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { DialogFrame } from "./dialog";

/**
 * A dialog that is a bottom sheet on a phone (full width, from the bottom edge, within thumb's
 * reach, clear of the home indicator) and a centred dialog from the `sm` width on. Radix's
 * Dialog underneath, as dialog.tsx: a title the sheet is named by, focus kept inside, Escape and
 * a click outside close it. Use with dialog.tsx's Dialog, DialogTitle and DialogDescription.
 */
export function SheetContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogFrame
      className={cn(
        "fixed inset-x-0 bottom-0 z-50 grid max-h-[90dvh] gap-4 overflow-y-auto overscroll-contain rounded-t-2xl border-t bg-card px-5 pt-3 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-card-foreground shadow-lg",
        "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:p-6",
        className,
      )}
      // A finger-sized close button on a phone.
      closeClassName="top-3 right-3 p-2 sm:top-4 sm:right-4 sm:p-1"
      {...props}
    >
      {/* The sheet's grip, a phone's cue that it sits on the page; it does nothing itself. */}
      <span
        aria-hidden="true"
        className="mx-auto h-1.5 w-10 rounded-full bg-muted-foreground/30 sm:hidden"
      />
      {children}
    </DialogFrame>
  );
}

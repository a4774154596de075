import type { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button";
import { OverlayRoot, OverlayTrigger, overlayKit, useOverlayOpen } from "./overlay-open";

/**
 * A question that must be answered before going on (delete, remove): unlike Dialog it does not
 * close on a click outside, and focus starts on Cancel, so a stray Enter never confirms.
 */
export function AlertDialog(props: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <OverlayRoot kind="AlertDialog" {...props} />;
}

export function AlertDialogTrigger(props: ComponentProps<typeof AlertDialogPrimitive.Trigger>) {
  return <OverlayTrigger kind="AlertDialog" {...props} />;
}

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  if (!useOverlayOpen()) return null;
  const { Portal, Overlay, Content } = overlayKit().AlertDialog;
  return (
    <Portal>
      <Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg",
          className,
        )}
        {...props}
      />
    </Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-2", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  const { Title } = overlayKit().AlertDialog;
  return <Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  const { Description } = overlayKit().AlertDialog;
  return <Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** Confirms; destructive by default, since that is what alert dialogs here ask about. */
export function AlertDialogAction({
  className,
  variant = "destructive",
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & {
  variant?: "default" | "destructive";
}) {
  const { Action } = overlayKit().AlertDialog;
  return <Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  const { Cancel } = overlayKit().AlertDialog;
  return <Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}

import { OTPInput, OTPInputContext } from "input-otp";
import { type ComponentProps, type MouseEvent, useContext } from "react";
import { cn } from "@/lib/utils";

/**
 * A press on a box selects that box's digit, so typing replaces it. input-otp lays one
 * invisible input over the boxes, and the browser puts the caret by the input's own (squeezed)
 * text, not by the box under the pointer: without this, a press anywhere selects the last digit.
 */
function selectPressedSlot(event: MouseEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const slots = input
    .closest("[data-input-otp-container]")
    ?.querySelectorAll<HTMLElement>("[data-slot='input-otp-slot']");
  const index = [...(slots ?? [])].findIndex((slot) => {
    const box = slot.getBoundingClientRect();
    return event.clientX >= box.left && event.clientX <= box.right;
  });
  if (index < 0) return;
  // Past the digits typed so far, the caret goes to the end: the next digit fills the next box.
  const start = Math.min(index, input.value.length);
  input.setSelectionRange(start, Math.min(start + 1, input.value.length));
}

export function InputOTP({
  className,
  containerClassName,
  onClick,
  ...props
}: ComponentProps<typeof OTPInput>) {
  return (
    <OTPInput
      containerClassName={cn("flex items-center gap-2 has-disabled:opacity-60", containerClassName)}
      className={cn("disabled:cursor-not-allowed", className)}
      onClick={(event) => {
        selectPressedSlot(event);
        onClick?.(event);
      }}
      {...props}
    />
  );
}

export function InputOTPGroup({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center", className)} {...props} />;
}

export function InputOTPSlot({
  index,
  className,
  ...props
}: ComponentProps<"div"> & { index: number }) {
  const context = useContext(OTPInputContext);
  const slot = context.slots[index];
  return (
    <div
      data-slot="input-otp-slot"
      data-active={slot?.isActive}
      className={cn(
        "relative flex size-11 items-center justify-center border-y border-r border-input bg-card text-lg font-medium shadow-xs transition-all first:rounded-l-md first:border-l last:rounded-r-md data-[active=true]:z-10 data-[active=true]:outline-2 data-[active=true]:outline-ring aria-invalid:border-destructive-text",
        className,
      )}
      {...props}
    >
      {slot?.char}
      {slot?.hasFakeCaret ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="h-5 w-px animate-pulse bg-foreground" />
        </div>
      ) : null}
    </div>
  );
}

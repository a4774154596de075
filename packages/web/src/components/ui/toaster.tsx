import { useEffect } from "react";
import { Toaster as Sonner, toast, useSonner } from "sonner";
import { useTheme } from "@/lib/theme";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "@/lib/timings";

/**
 * At the bottom rather than the top: a dialog begins with its title and first field, which a
 * toast at the top covered on a phone (decision 025). Above the bottom bar (its 4 rem and the
 * phone's home indicator), and on a phone left of the floating add buttons (their 3.5 rem at
 * 1 rem from the edge, index.css lets sonner keep the right offset).
 */
const BOTTOM = "calc(4.5rem + env(safe-area-inset-bottom))";
const OFFSET = { bottom: BOTTOM };
const PHONE_OFFSET = { bottom: BOTTOM, left: "1rem", right: "5rem" };

export function Toaster() {
  const { resolved } = useTheme();
  useSuccessClearsFailures();
  return (
    <Sonner
      theme={resolved}
      position="bottom-center"
      offset={OFFSET}
      mobileOffset={PHONE_OFFSET}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}

/**
 * A success dismisses the failure toasts before it: what failed has since worked, and with one
 * toast shown at a time a failure waiting behind the success came back after it, on whatever
 * screen the success had led to.
 */
function useSuccessClearsFailures() {
  const { toasts } = useSonner();
  useEffect(() => {
    // Newest first.
    if (toasts[0]?.type !== "success") return;
    for (const earlier of toasts) {
      if (earlier.type === "error") toast.dismiss(earlier.id);
    }
  }, [toasts]);
}

import { Toaster as Sonner } from "sonner";
import { useTheme } from "@/lib/theme";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "@/lib/timings";

export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      position="top-center"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}

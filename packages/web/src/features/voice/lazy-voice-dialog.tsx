import { lazy, Suspense } from "react";
import type { VoiceDialogProps } from "@/components/plans/plan-dialogs";

// Speech recognition, its advice and the form it leads to load the first time voice entry is
// opened, not with the screens that offer it.
const VoiceDialog = lazy(() => import("./voice-dialog").then((m) => ({ default: m.VoiceDialog })));

/** VoiceDialog, downloaded when first opened. */
export function LazyVoiceDialog(props: VoiceDialogProps) {
  return (
    <Suspense fallback={null}>
      <VoiceDialog {...props} />
    </Suspense>
  );
}

import { Mic, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { usePlanDialogs } from "./plan-dialogs";

/**
 * The two floating buttons of the plan screens (spec section 2): add a plan (the Create Plan
 * dialog, on its free-text step), and add one by voice (Create Event with Voice, which leads
 * to the same form). Rendered last on its screen: it also keeps the room they need at the end.
 */
export function AddPlanButtons({
  defaultDate,
  defaultCircleId,
}: {
  defaultDate?: string;
  defaultCircleId?: number;
}) {
  const { PlanDialog, VoiceDialog } = usePlanDialogs();
  const [adding, setAdding] = useState(false);
  // Each dialog's chunk loads on the first press, then stays mounted so closing keeps focus right.
  const [addAsked, setAddAsked] = useState(false);
  const [voice, setVoice] = useState(false);
  const [voiceAsked, setVoiceAsked] = useState(false);
  const where = {
    ...(defaultDate ? { defaultDate } : {}),
    ...(defaultCircleId ? { defaultCircleId } : {}),
  };

  return (
    <>
      {/* Room at the end of the screen, so its last row scrolls clear of the buttons: they reach
          13.25 rem above the window's bottom (6 + 3.5 + 0.75 + 3), the shell's padding gives 7. */}
      <div aria-hidden="true" className="h-28" />
      <div className="fixed right-4 bottom-24 z-30 flex flex-col items-center gap-3 sm:right-8">
        <Tooltip content="Add by voice">
          <Button
            variant="outline"
            size="icon"
            className="size-12 rounded-full shadow-md"
            aria-label="Add by voice"
            aria-haspopup="dialog"
            onClick={() => {
              setVoiceAsked(true);
              setVoice(true);
            }}
          >
            <Mic aria-hidden="true" className="size-5" />
          </Button>
        </Tooltip>
        <Tooltip content="Add a plan">
          <Button
            size="icon"
            className="size-14 rounded-full shadow-lg"
            aria-label="Add a plan"
            aria-haspopup="dialog"
            onClick={() => {
              setAddAsked(true);
              setAdding(true);
            }}
          >
            <Plus aria-hidden="true" className="size-6" />
          </Button>
        </Tooltip>
      </div>

      {voiceAsked ? <VoiceDialog open={voice} onOpenChange={setVoice} {...where} /> : null}
      {addAsked ? <PlanDialog open={adding} onOpenChange={setAdding} {...where} /> : null}
    </>
  );
}

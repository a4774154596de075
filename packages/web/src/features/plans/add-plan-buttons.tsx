import { Mic, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Tooltip } from "@/components/ui/tooltip";
import { LazyPlanDialog } from "./lazy-plan-dialog";

/**
 * The two floating buttons of the plan screens (spec section 2): add a plan with the form, and
 * add one by voice. Voice entry is its own issue: until it lands, the voice button opens the
 * voice dialog's frame saying so, with the spec's Switch to Manual, so the screen keeps the
 * layout it will have.
 */
export function AddPlanButtons({
  defaultDate,
  defaultCircleId,
}: {
  defaultDate?: string;
  defaultCircleId?: number;
}) {
  const [adding, setAdding] = useState(false);
  // The form's chunk loads on the first press, then stays mounted so closing keeps focus right.
  const [addAsked, setAddAsked] = useState(false);
  const [voice, setVoice] = useState(false);
  const add = () => {
    setAddAsked(true);
    setAdding(true);
  };

  return (
    <>
      <div className="fixed right-4 bottom-24 z-30 flex flex-col items-center gap-3 sm:right-8">
        <Tooltip content="Add by voice">
          <Button
            variant="outline"
            size="icon"
            className="size-12 rounded-full shadow-md"
            aria-label="Add by voice"
            aria-haspopup="dialog"
            onClick={() => setVoice(true)}
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
            onClick={add}
          >
            <Plus aria-hidden="true" className="size-6" />
          </Button>
        </Tooltip>
      </div>

      <Dialog open={voice} onOpenChange={setVoice}>
        <DialogContent className="sm:max-w-sm">
          <DialogHeader>
            <DialogTitle>Create Event with Voice</DialogTitle>
            <DialogDescription>
              Speaking a plan is coming soon. For now, add it with the form.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setVoice(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setVoice(false);
                add();
              }}
            >
              Switch to Manual
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {addAsked ? (
        <LazyPlanDialog
          open={adding}
          onOpenChange={setAdding}
          {...(defaultDate ? { defaultDate } : {})}
          {...(defaultCircleId ? { defaultCircleId } : {})}
        />
      ) : null}
    </>
  );
}

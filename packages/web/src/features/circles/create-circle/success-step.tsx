import type { Circle } from "@circleplan/shared/circle-outputs";
import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/** The last view: the circle is ready; Done closes, Go to Circle opens its page. */
export function SuccessStep({
  circle,
  onDone,
  onOpenCircle,
}: {
  circle: Circle;
  onDone: () => void;
  onOpenCircle: () => void;
}) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-col items-center gap-2 py-2 text-center">
        <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />
        <p className="text-base font-semibold wrap-anywhere">{circle.name} is ready</p>
        <p className="text-sm text-muted-foreground">
          Shared plans and members live on the circle's page.
        </p>
      </div>
      <DialogFooter className="sm:justify-center">
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
        <Button type="button" onClick={onOpenCircle}>
          Go to Circle
        </Button>
      </DialogFooter>
    </div>
  );
}

import type { Circle } from "@circleplan/shared/circle-outputs";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { useCircleExit } from "./circle-exit";

/**
 * Leaves a circle after a confirmation that says what goes with it, then goes to the dashboard:
 * the circle's screens would only say "not found" now.
 */
export function LeaveCircleButton({
  circle,
  onLeft,
}: {
  circle: Pick<Circle, "id" | "name">;
  onLeft?: () => void;
}) {
  const leave = trpc.circles.leave.useMutation();
  const [open, setOpen] = useState(false);
  const confirm = useCircleExit({
    circle,
    exit: leave.mutateAsync,
    goneDescription: `You are no longer in ${circle.name}.`,
    failureTitle: "Failed to leave circle",
    onExited: onLeft,
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" className="text-destructive-text hover:text-destructive-text">
          <LogOut aria-hidden="true" />
          Leave Circle
        </Button>
      }
      title={`Leave ${circle.name}?`}
      description={`You will no longer see ${circle.name}'s plans and members, the plans you added to it are deleted, and tasks assigned to you there are withdrawn. To come back, an admin will need to invite you again.`}
      confirmLabel="Leave Circle"
      pendingLabel="Leaving..."
      pending={leave.isPending}
      onConfirm={() => void confirm(() => setOpen(false))}
    />
  );
}

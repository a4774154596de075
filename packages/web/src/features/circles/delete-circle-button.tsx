import type { Circle } from "@circleplan/shared/circle-outputs";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { useCircleExit } from "./circle-exit";

/**
 * Deletes a circle after the spec's confirmation (an accessible alert dialog, not the
 * browser's confirm), then leaves for the dashboard: the circle's screens would only say
 * "not found" now.
 */
export function DeleteCircleButton({
  circle,
  label = "Delete Circle",
  onDeleted,
  variant = "destructive",
  className,
}: {
  circle: Pick<Circle, "id" | "name">;
  label?: string;
  onDeleted?: () => void;
  /** How the button looks where it sits (a list of options draws it as one of them). */
  variant?: "destructive" | "outline";
  className?: string;
}) {
  const remove = trpc.circles.delete.useMutation();
  const [open, setOpen] = useState(false);
  const confirm = useCircleExit({
    circle,
    exit: remove.mutateAsync,
    goneDescription: `${circle.name} is gone for everyone.`,
    failureTitle: "Failed to delete circle",
    onExited: onDeleted,
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={variant} className={className}>
          <Trash2 aria-hidden="true" />
          {label}
        </Button>
      }
      title={`Delete ${circle.name}?`}
      description="Are you sure you want to delete this circle? This action cannot be undone."
      confirmLabel="Delete Circle"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => void confirm(() => setOpen(false))}
    />
  );
}

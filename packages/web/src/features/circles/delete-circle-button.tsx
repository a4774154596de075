import type { Circle } from "@circleplan/shared/circle-outputs";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";

/**
 * Deletes a circle after the spec's confirmation (an accessible alert dialog, not the
 * browser's confirm), then leaves for the dashboard: the circle's screens would only say
 * "not found" now.
 */
export function DeleteCircleButton({
  circle,
  label = "Delete Circle",
  onDeleted,
}: {
  circle: Pick<Circle, "id" | "name">;
  label?: string;
  onDeleted?: () => void;
}) {
  const remove = trpc.circles.delete.useMutation();
  const cache = useCircleCache();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      const result = await remove.mutateAsync({ id: circle.id });
      setOpen(false);
      onDeleted?.();
      navigate(paths.dashboard, { replace: true });
      await cache.circleDeleted(circle.id);
      toast.success(result.message, { description: `${circle.name} is gone for everyone.` });
    } catch (error) {
      toast.error("Failed to delete circle", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {label}
        </Button>
      }
      title={`Delete ${circle.name}?`}
      description="Are you sure you want to delete this circle? This action cannot be undone."
      confirmLabel="Delete Circle"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

import type { Circle } from "@circleplan/shared/circle-outputs";
import { Pencil, Settings, Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { CircleAvatar } from "@/components/ui/circle-avatar";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { canDeleteFromDialog } from "@/features/circles/circle-permissions";
import { trpc } from "@/lib/trpc";

// The circle's forms and its delete question: downloaded when the options open, not with the
// shell every screen loads.
const CircleDetailDialog = lazy(() =>
  import("@/features/circles/circle-detail-dialog").then((m) => ({
    default: m.CircleDetailDialog,
  })),
);
const DeleteCircleButton = lazy(() =>
  import("@/features/circles/delete-circle-button").then((m) => ({
    default: m.DeleteCircleButton,
  })),
);

/**
 * What holding a circle in the strip opens (spec section 2): Circle Settings, Manage Members,
 * Edit Circle and Delete Circle. The spec's last two only log a message; here (issue 21,
 * defect 7) Edit Circle opens the circle's dialog on its Settings tab (name, description), and
 * Delete Circle, offered where the detail dialog offers it, asks the spec's question and
 * deletes.
 */
export function CircleOptionsDialog({
  circle,
  onClose,
}: {
  circle: Circle | null;
  onClose: () => void;
}) {
  const [editingId, setEditingId] = useState<number | null>(null);
  // The circle as the list has it now: a rename in the dialog shows in its title at once.
  const circles = trpc.circles.list.useQuery(undefined, { enabled: editingId !== null });
  const editing = circles.data?.find((listed) => listed.id === editingId) ?? null;
  return (
    <>
      <Dialog open={circle !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-w-sm">
          {circle ? (
            <>
              <DialogHeader className="flex-row items-center gap-3">
                <CircleAvatar
                  name={circle.name}
                  color={circle.color}
                  src={circle.thumbnailUrl}
                  className="size-10"
                />
                <div className="grid min-w-0 gap-1">
                  <DialogTitle className="wrap-anywhere">{circle.name}</DialogTitle>
                  <DialogDescription>Circle options</DialogDescription>
                </div>
              </DialogHeader>
              <div className="grid gap-2">
                <Button asChild variant="outline" className="justify-start">
                  <Link href={paths.circleSettings.build(circle.id)} onClick={onClose}>
                    <Settings aria-hidden="true" />
                    Circle Settings
                  </Link>
                </Button>
                <Button asChild variant="outline" className="justify-start">
                  <Link href={paths.circleMembers.build(circle.id)} onClick={onClose}>
                    <Users aria-hidden="true" />
                    Manage Members
                  </Link>
                </Button>
                <Button
                  variant="outline"
                  className="justify-start"
                  onClick={() => {
                    setEditingId(circle.id);
                    onClose();
                  }}
                >
                  <Pencil aria-hidden="true" />
                  Edit Circle
                </Button>
                {canDeleteFromDialog(circle) ? (
                  <Suspense fallback={null}>
                    <DeleteCircleButton
                      circle={circle}
                      variant="outline"
                      className="justify-start text-destructive-text hover:text-destructive-text"
                      onDeleted={onClose}
                    />
                  </Suspense>
                ) : null}
              </div>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
      {editing ? (
        <Suspense fallback={null}>
          <CircleDetailDialog
            circle={editing}
            open
            initialTab="settings"
            onOpenChange={(open) => !open && setEditingId(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

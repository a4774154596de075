import type { Circle } from "@circleplan/shared/circle-outputs";
import { Pencil, Settings, Trash2, Users } from "lucide-react";
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

/**
 * What holding a circle in the strip opens (spec section 2): Circle Settings, Manage Members,
 * Edit Circle and Delete Circle. The spec has the last two only log a message; renaming and
 * deleting live on the settings page, which the first entry opens.
 */
export function CircleOptionsDialog({
  circle,
  onClose,
}: {
  circle: Circle | null;
  onClose: () => void;
}) {
  return (
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
                  console.info(`Edit circle ${circle.id}`);
                  onClose();
                }}
              >
                <Pencil aria-hidden="true" />
                Edit Circle
              </Button>
              <Button
                variant="outline"
                className="justify-start text-destructive-text hover:text-destructive-text"
                onClick={() => {
                  console.info(`Delete circle ${circle.id}`);
                  onClose();
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete Circle
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

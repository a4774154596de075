import type { Circle } from "@circleplan/shared/circle-outputs";
import { Settings } from "lucide-react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CircleDetailsForm } from "./circle-details-form";
import { memberCountText } from "./circle-labels";
import { canDeleteFromDialog, canInvite, canLeave } from "./circle-permissions";
import { DeleteCircleButton } from "./delete-circle-button";
import { InviteForm } from "./invite-form";
import { LeaveCircleButton } from "./leave-circle-button";
import { MembersTable } from "./members-table";
import { SentInvitations } from "./sent-invitations";

/**
 * The circle detail dialog (spec section 2): Members, Invitations (admins, never in a personal
 * circle) and Settings (name and description, All Settings, Delete or Leave). Creating an
 * invitation opens the share dialog with its link.
 */
export function CircleDetailDialog({
  circle,
  open,
  onOpenChange,
  initialTab = "members",
}: {
  circle: Circle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab it opens on: Edit Circle in the strip's options opens Settings. */
  initialTab?: "members" | "settings";
}) {
  const invites = canInvite(circle);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">{circle.name}</DialogTitle>
          <DialogDescription>{memberCountText(circle.memberCount)}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={initialTab} className="min-w-0">
          <TabsList>
            <TabsTrigger value="members">Members</TabsTrigger>
            {invites ? <TabsTrigger value="invitations">Invitations</TabsTrigger> : null}
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="members">
            <MembersTable circle={circle} />
          </TabsContent>
          {invites ? (
            <TabsContent value="invitations" className="grid gap-6">
              <section aria-labelledby="dialog-invite-title" className="grid gap-3">
                <h3 id="dialog-invite-title" className="text-sm font-semibold">
                  Invite someone
                </h3>
                <InviteForm circle={circle} variant="dialog" />
              </section>
              <section aria-labelledby="dialog-sent-title" className="grid gap-3">
                <h3 id="dialog-sent-title" className="text-sm font-semibold">
                  Sent invitations
                </h3>
                <SentInvitations circle={circle} variant="dialog" />
              </section>
            </TabsContent>
          ) : null}
          <TabsContent value="settings" className="grid gap-6">
            <CircleDetailsForm circle={circle} variant="dialog" />
            <div className="flex flex-wrap gap-2 border-t pt-4">
              <Button asChild variant="outline">
                <Link href={paths.circleSettings.build(circle.id)}>
                  <Settings aria-hidden="true" />
                  All Settings
                </Link>
              </Button>
              {canDeleteFromDialog(circle) ? (
                <DeleteCircleButton circle={circle} onDeleted={() => onOpenChange(false)} />
              ) : null}
              {canLeave(circle) ? (
                <LeaveCircleButton circle={circle} onLeft={() => onOpenChange(false)} />
              ) : null}
            </div>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

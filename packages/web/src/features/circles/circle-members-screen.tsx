import type { Circle, CreatedInvitation } from "@circleplan/shared/circle-outputs";
import { useState } from "react";
import { ScreenHeading } from "@/components/screen-heading";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BackToCircle } from "./back-to-circle";
import { CircleGate } from "./circle-gate";
import { memberCountText } from "./circle-labels";
import { canInvite } from "./circle-permissions";
import { InvitationShareDialog } from "./invitation-share-dialog";
import { InviteForm } from "./invite-form";
import { MembersTable } from "./members-table";

/** /circle/{id}/members: the members table, and for admins the invite form below it. */
export function CircleMembersScreen() {
  return <CircleGate>{(circle) => <MembersView circle={circle} />}</CircleGate>;
}

function MembersView({ circle }: { circle: Circle }) {
  const [shared, setShared] = useState<CreatedInvitation | null>(null);
  return (
    <section aria-labelledby="circle-members-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <BackToCircle circle={circle} />
      <ScreenHeading
        id="circle-members-title"
        title={`${circle.name} Members`}
        className="text-2xl font-bold tracking-tight wrap-anywhere"
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Members</CardTitle>
          <CardDescription>{memberCountText(circle.memberCount)}</CardDescription>
        </CardHeader>
        <CardContent>
          <MembersTable circle={circle} />
        </CardContent>
      </Card>
      {canInvite(circle) ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Invite Members</CardTitle>
            <CardDescription>They get an email with a link to join.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm circle={circle} variant="page" onCreated={setShared} />
          </CardContent>
        </Card>
      ) : null}
      <InvitationShareDialog
        circle={circle}
        invitation={shared}
        open={shared !== null}
        onOpenChange={(next) => !next && setShared(null)}
      />
    </section>
  );
}

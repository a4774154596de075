import type { Circle } from "@circleplan/shared/circle-outputs";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CircleGate } from "./circle-gate";
import { memberCountText } from "./circle-labels";
import { canInvite } from "./circle-permissions";
import { CircleSubScreen } from "./circle-sub-screen";
import { InviteMembersCard } from "./invite-form";
import { MembersTable } from "./members-table";

/** /circle/{id}/members: the members table, and for admins the invite form below it. */
export function CircleMembersScreen() {
  return <CircleGate>{(circle) => <MembersView circle={circle} />}</CircleGate>;
}

function MembersView({ circle }: { circle: Circle }) {
  return (
    <CircleSubScreen
      circle={circle}
      titleId="circle-members-title"
      title={`${circle.name} Members`}
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Members</CardTitle>
          <CardDescription>{memberCountText(circle.memberCount)}</CardDescription>
        </CardHeader>
        <CardContent>
          <MembersTable circle={circle} />
        </CardContent>
      </Card>
      {canInvite(circle) ? <InviteMembersCard circle={circle} titleClassName="text-lg" /> : null}
    </CircleSubScreen>
  );
}

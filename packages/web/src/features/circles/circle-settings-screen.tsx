import type { Circle } from "@circleplan/shared/circle-outputs";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CalendarSubscriptionCard } from "@/features/calendar-feeds/calendar-subscription-card";
import { CircleColorCard } from "./circle-color-card";
import { CircleDetailsForm } from "./circle-details-form";
import { CircleGate } from "./circle-gate";
import { CircleNotificationsCard } from "./circle-notifications-card";
import { canInvite, canLeave, isCircleAdmin, showsDangerZone } from "./circle-permissions";
import { CirclePhotoCard } from "./circle-photo-card";
import { CircleSubScreen } from "./circle-sub-screen";
import { DeleteCircleButton } from "./delete-circle-button";
import { InviteMembersCard } from "./invite-form";
import { LeaveCircleButton } from "./leave-circle-button";
import { MembersTable } from "./members-table";
import { MyColorCard } from "./my-color-card";
import { SentInvitations } from "./sent-invitations";

/** What deleting takes with it (spec section 2, Danger Zone). */
const DELETED_WITH_CIRCLE = [
  "All events and tasks",
  "All member access",
  "All shared files and photos",
  "All circle data and history",
];

const tabClassName = "h-8 basis-[calc(50%-0.25rem)] sm:basis-0";

/**
 * /circle/{id}/settings (spec section 2): General for everyone (name and description, what the
 * circle notifies them of; Leave for anyone but the creator), Members for admins, Appearance for everyone (photo, the circle's
 * colour, My colour), Danger Zone for the creator of a custom circle.
 */
export function CircleSettingsScreen() {
  return <CircleGate>{(circle) => <SettingsView circle={circle} />}</CircleGate>;
}

function SettingsView({ circle }: { circle: Circle }) {
  const admin = isCircleAdmin(circle);
  const dangerZone = showsDangerZone(circle);

  return (
    <CircleSubScreen
      circle={circle}
      titleId="circle-settings-title"
      title={`${circle.name} Settings`}
    >
      {admin ? null : (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            You don't have admin permissions for this circle. Some settings may not be editable.
          </AlertDescription>
        </Alert>
      )}
      <Tabs defaultValue="general" className="min-w-0">
        {/* Four tabs do not fit a phone's width: there they wrap two by two. */}
        <TabsList className="h-auto flex-wrap gap-1">
          <TabsTrigger value="general" className={tabClassName}>
            General
          </TabsTrigger>
          {admin ? (
            <TabsTrigger value="members" className={tabClassName}>
              Members
            </TabsTrigger>
          ) : null}
          <TabsTrigger value="appearance" className={tabClassName}>
            Appearance
          </TabsTrigger>
          {dangerZone ? (
            <TabsTrigger value="danger" className={tabClassName}>
              Danger Zone
            </TabsTrigger>
          ) : null}
        </TabsList>

        <TabsContent value="general" className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle>General</CardTitle>
              <CardDescription>
                The name and description everyone in the circle sees.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CircleDetailsForm circle={circle} variant="page" />
            </CardContent>
          </Card>
          <CircleNotificationsCard circle={circle} />
          <CalendarSubscriptionCard circle={circle} />
          {canLeave(circle) ? (
            <Card>
              <CardHeader>
                <CardTitle>Leave Circle</CardTitle>
                <CardDescription>
                  Stop seeing {circle.name}. The plans you added to it are deleted.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <LeaveCircleButton circle={circle} />
              </CardContent>
            </Card>
          ) : null}
        </TabsContent>

        {admin ? (
          <TabsContent value="members" className="grid gap-4">
            <Card>
              <CardHeader>
                <CardTitle>Members</CardTitle>
                <CardDescription>Who is in {circle.name}, and who can manage it.</CardDescription>
              </CardHeader>
              <CardContent>
                <MembersTable circle={circle} />
              </CardContent>
            </Card>
            {canInvite(circle) ? (
              <>
                <InviteMembersCard circle={circle} />
                <Card>
                  <CardHeader>
                    <CardTitle>Sent Invitations</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <SentInvitations circle={circle} variant="page" />
                  </CardContent>
                </Card>
              </>
            ) : null}
          </TabsContent>
        ) : null}

        <TabsContent value="appearance" className="grid gap-4">
          <CirclePhotoCard circle={circle} />
          <CircleColorCard circle={circle} />
          <MyColorCard circle={circle} />
        </TabsContent>

        {dangerZone ? (
          <TabsContent value="danger">
            <Card className="border-destructive-text/50">
              <CardHeader>
                <CardTitle className="text-destructive-text">Delete Circle Permanently</CardTitle>
                <CardDescription>Deleting {circle.name} removes:</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {DELETED_WITH_CIRCLE.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
                <p className="text-sm font-medium">This action cannot be undone.</p>
                <div>
                  <DeleteCircleButton circle={circle} label="Delete Circle Permanently" />
                </div>
              </CardContent>
            </Card>
          </TabsContent>
        ) : null}
      </Tabs>
    </CircleSubScreen>
  );
}

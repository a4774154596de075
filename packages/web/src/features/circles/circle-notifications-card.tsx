import type { Circle } from "@circleplan/shared/circle-outputs";
import type { CircleNotifyLevel } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { SwitchRow } from "@/components/ui/switch-row";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

/** Each switch turns its level on; off goes back to the default. */
const SWITCHES = [
  {
    id: "circle-follow-all",
    level: "following",
    label: notificationMessages.followCircleLabel,
    hint: notificationMessages.followCircleHint,
  },
  {
    id: "circle-mute",
    level: "muted",
    label: notificationMessages.muteCircleLabel,
    hint: notificationMessages.muteCircleHint,
  },
] as const;

/**
 * What this circle tells the caller (docs/decisions/019), for every member: "Follow all changes"
 * or "Mute this circle", each the other's opposite; both off is the default (their own plans
 * and tasks). Reminders follow the same choice, so the plans are read again after a change.
 */
export function CircleNotificationsCard({ circle }: { circle: Pick<Circle, "id" | "name"> }) {
  const utils = trpc.useUtils();
  const current = trpc.notifications.circle.useQuery({ id: circle.id });
  const setLevel = trpc.notifications.setCircle.useMutation();

  async function choose(level: CircleNotifyLevel) {
    const before = current.data;
    utils.notifications.circle.setData({ id: circle.id }, { circleId: circle.id, level });
    try {
      const saved = await setLevel.mutateAsync({ id: circle.id, level });
      utils.notifications.circle.setData({ id: circle.id }, saved);
      toast.success(notificationMessages.circleNotificationsSaved);
      // Which plans remind the caller (remindsMe) follows the level.
      void utils.plans.invalidate();
    } catch (error) {
      utils.notifications.circle.setData({ id: circle.id }, before);
      toast.error(notificationMessages.circleNotificationsFailed, {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  const level = current.data?.level;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          By default {circle.name} tells you about your own plans and the tasks given to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {level ? (
          SWITCHES.map((choice) => (
            <SwitchRow
              key={choice.id}
              id={choice.id}
              label={choice.label}
              hint={choice.hint}
              checked={level === choice.level}
              disabled={setLevel.isPending}
              onCheckedChange={(on) => void choose(on ? choice.level : "default")}
            />
          ))
        ) : current.error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessage(current.error, "Your notification settings could not be loaded.")}
          </p>
        ) : (
          <Skeleton className="h-16" />
        )}
      </CardContent>
    </Card>
  );
}

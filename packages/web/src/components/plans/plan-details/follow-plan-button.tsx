import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { Bell, BellOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { usePlanInvalidation } from "../plan-cache";

/**
 * Follow or Unfollow a plan's changes and reminders (docs/decisions/019), for any member. The
 * sheet may show a plan a list read before, so what the server answered is kept here; the lists
 * are read again, as following changes whom the plan reminds (remindsMe).
 */
export function FollowPlanButton({ plan }: { plan: Pick<Plan, "id" | "followedByMe"> }) {
  const [following, setFollowing] = useState(plan.followedByMe === true);
  const follow = trpc.notifications.followPlan.useMutation();
  const unfollow = trpc.notifications.unfollowPlan.useMutation();
  const invalidate = usePlanInvalidation();
  const pending = follow.isPending || unfollow.isPending;

  async function toggle() {
    try {
      const answer = following
        ? await unfollow.mutateAsync({ id: plan.id })
        : await follow.mutateAsync({ id: plan.id });
      setFollowing(answer.following);
      toast.success(
        answer.following ? notificationMessages.planFollowed : notificationMessages.planUnfollowed,
      );
      void invalidate();
    } catch (error) {
      toast.error(notificationMessages.planFollowFailed, {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <Button variant="outline" disabled={pending} onClick={() => void toggle()}>
      {following ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {following ? notificationMessages.unfollowPlan : notificationMessages.followPlan}
    </Button>
  );
}

import type { Plan } from "@circleplan/shared/plan-outputs";
import { useEffect, useMemo } from "react";
import { MemberDot } from "@/components/ui/member-dot";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

/**
 * Each member's colour in each of the viewer's circles, keyed `circleId:userId`, from the one
 * member list every screen shares (cached until members change). Plans answer who is assigned;
 * the colour comes from the member it names (docs/decisions/017).
 */
function useMemberColors(): ReadonlyMap<string, string> {
  const members = trpc.circles.allMembers.useQuery();
  return useMemo(
    () => new Map((members.data ?? []).map((m) => [`${m.circleId}:${m.userId}`, m.color])),
    [members.data],
  );
}

/**
 * Starts the member list when the shell mounts, in the same request as the first screen's
 * queries: a screen that shows a task asks for it only once its plans have arrived, a request of
 * its own on every page load otherwise (decision 018, "The client").
 */
export function usePrefetchMemberColors(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    void utils.circles.allMembers.prefetch();
  }, [utils]);
}

/**
 * "For: {assignee}" of a task, their colour in the plan's circle as a dot before the name (the
 * plan card, the planner, the calendar's day). Nothing for plans that are not tasks.
 */
export function AssigneeLabel({
  plan,
  className,
}: {
  plan: Pick<Plan, "type" | "circleId" | "assignedTo" | "assigneeName">;
  className?: string;
}) {
  const colors = useMemberColors();
  if (plan.type !== "task" || !plan.assigneeName) return null;
  const color =
    plan.assignedTo === null ? undefined : colors.get(`${plan.circleId}:${plan.assignedTo}`);
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1.5", className)}>
      {color ? <MemberDot color={color} /> : null}
      <span className="wrap-anywhere">For: {plan.assigneeName}</span>
    </span>
  );
}

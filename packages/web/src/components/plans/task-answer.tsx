import type { Plan } from "@circleplan/shared/plan-outputs";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

type AssignmentState = "Pending" | "Accepted" | "Declined";

type Answer = Pick<Plan, "type" | "assignedTo" | "assignmentAccepted">;

function assignmentState(plan: Answer): AssignmentState | null {
  if (plan.type !== "task" || plan.assignedTo === null) return null;
  if (plan.assignmentAccepted === true) return "Accepted";
  if (plan.assignmentAccepted === false) return "Declined";
  return "Pending";
}

const STATE_BADGE: Record<AssignmentState, string> = {
  Pending: "border-warning-border bg-warning text-warning-foreground",
  Accepted: "border-success-border bg-success text-success-foreground",
  Declined: "border-destructive-border bg-destructive-soft text-destructive-text line-through",
};

/** Whether the assignee declined the task (its card is struck through and faded). */
export function isDeclined(plan: Answer): boolean {
  return assignmentState(plan) === "Declined";
}

/** A task's answer as a badge: Pending, Accepted or Declined (plans spec, section 2). */
export function TaskStateBadge({ plan }: { plan: Answer }) {
  const state = assignmentState(plan);
  return state ? <Badge className={STATE_BADGE[state]}>{state}</Badge> : null;
}

/**
 * What the assignee wrote with their answer, wherever the answer shows: the acceptance's note
 * or the decline's reason (its line breaks kept; React writes it as text, never as markup).
 * Nothing while the task waits for an answer or when none was written.
 */
export function AnswerNote({
  plan,
  clamp = false,
  className,
}: {
  plan: Pick<Plan, "assignmentAccepted" | "responseNote">;
  /** A few lines at most, in a list; the details give it whole. */
  clamp?: boolean;
  className?: string;
}) {
  if (plan.assignmentAccepted === null || !plan.responseNote) return null;
  return (
    <p className={cn("whitespace-pre-line wrap-anywhere", clamp && "line-clamp-3", className)}>
      <span className="font-medium">{plan.assignmentAccepted ? "Note" : "Reason"}:</span>{" "}
      {plan.responseNote}
    </p>
  );
}

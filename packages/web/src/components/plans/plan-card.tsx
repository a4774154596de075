import type { Day } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { Check, MoreVertical, Pencil, Repeat, Trash2, X } from "lucide-react";
import { useId, useState } from "react";
import { PlanLocation } from "@/components/plans/plan-line";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CircleTag } from "@/components/ui/circle-tag";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { shortDay } from "@/lib/days";
import { planTimesOn } from "@/lib/plan-times";
import { cn } from "@/lib/utils";
import { AssigneeLabel } from "./assignee-label";
import { DeletePlanDialog } from "./delete-plan-dialog";
import { usePlanDetails } from "./plan-details/plan-details";
import { usePlanDialogs } from "./plan-dialogs";
import { awaitsMyAnswer, canCompletePlan, isPlanCreator, mayDeletePlan } from "./plan-permissions";
import { AnswerNote, isDeclined, TaskStateBadge } from "./task-answer";
import { TaskResponseDialog } from "./task-response-dialog";
import { usePlanActions } from "./use-plan-actions";
import { useAdminCircles, usePlanViewer } from "./use-plan-viewer";

export interface PlanCardProps {
  plan: Plan;
  /** Shows the day before the time, for lists that span several days. */
  showDate?: boolean;
  /** Drawn out for a moment, when a link pointed at this plan (?eventId=). */
  highlighted?: boolean;
  /** The day list's day it is shown under: after its first day, it says until when. */
  shownOn?: Day | undefined;
}

/**
 * The element id of a plan's card, for links that scroll to it: its first day's card, the later
 * days' cards of a plan over several days each their own.
 */
export function planCardId(plan: Pick<Plan, "id" | "date">, shownOn?: Day): string {
  const later = shownOn !== undefined && shownOn > plan.date ? `-${shownOn}` : "";
  return `plan-${plan.id}-${plan.date}${later}`;
}

/**
 * One plan in a list (plans spec, sections 2 and 6): time, title, circle, By and For, the
 * task's badge with the note or reason its answer came with, and what the viewer may do with
 * it. Tapping it opens its details for every member (issue 20), where its creator also finds
 * Edit; the creator's menu opens the edit form straight away, and the circle's admins may
 * delete it. Completed plans are struck through and dimmed, declined tasks struck through and
 * faded, and a task waiting for the viewer's answer is amber with Accept and Decline.
 */
export function PlanCard({ plan, showDate = false, highlighted = false, shownOn }: PlanCardProps) {
  const { userId, zone, timeFormat } = usePlanViewer();
  const actions = usePlanActions();
  const { PlanDialog } = usePlanDialogs();
  const [editing, setEditing] = useState(false);
  // Mounted from the first opening on, so closing is a state change (focus goes back).
  const [editAsked, setEditAsked] = useState(false);
  const edit = () => {
    setEditAsked(true);
    setEditing(true);
  };
  const [deleting, setDeleting] = useState(false);
  const [responding, setResponding] = useState<"accept" | "decline" | null>(null);
  // The box shows the new state while the server is asked; a refusal puts it back.
  const [ticking, setTicking] = useState<boolean | null>(null);
  const titleId = useId();
  const details = usePlanDetails();

  const creator = isPlanCreator(plan, userId);
  const deletable = mayDeletePlan(plan, userId, useAdminCircles());
  const awaitingMe = awaitsMyAnswer(plan, userId);
  const completable = canCompletePlan(plan, userId);
  const declined = isDeclined(plan);
  const done = plan.isCompleted;
  const when = planTimesOn(plan, zone, timeFormat, shownOn);

  return (
    <article
      id={planCardId(plan, shownOn)}
      aria-labelledby={titleId}
      className={cn(
        "relative scroll-mt-24 rounded-lg border border-l-4 bg-card p-3 shadow-xs transition-shadow",
        awaitingMe && "border-warning-border bg-warning text-warning-foreground",
        (done || declined) && "bg-muted/50",
        highlighted && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
      style={{ borderLeftColor: plan.circleColor }}
      data-highlighted={highlighted || undefined}
    >
      <div className="flex items-start gap-3">
        {completable ? (
          <input
            type="checkbox"
            checked={ticking ?? done}
            disabled={ticking !== null}
            onChange={(change) => {
              setTicking(change.target.checked);
              void actions
                .setCompleted(plan, change.target.checked)
                .finally(() => setTicking(null));
            }}
            aria-label={`${plan.title} completed`}
            className="relative z-10 mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
          />
        ) : null}
        <div className="grid min-w-0 flex-1 gap-1.5">
          <p
            className={cn(
              "flex items-center gap-1.5 text-xs font-medium",
              awaitingMe ? "text-warning-foreground" : "text-muted-foreground",
            )}
          >
            <time dateTime={plan.allDay ? plan.date : plan.startTime.toISOString()}>
              {showDate ? `${shortDay(plan.date)} · ${when}` : when}
            </time>
            {plan.isRecurring ? (
              <Repeat
                role="img"
                aria-label={plan.recurrencePattern ?? "Repeats"}
                className="size-3.5"
              />
            ) : null}
          </p>
          <h3
            id={titleId}
            className={cn(
              "text-base leading-snug font-semibold wrap-anywhere",
              (done || declined) && "font-medium text-muted-foreground line-through",
            )}
          >
            {/* The title is the card's one big target: its area covers the card, and the
                controls on the card sit above it. */}
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={() => details.show({ plan })}
              className={cn(
                "cursor-pointer text-left focus-visible:outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring",
                // A button is its own box: the heading's line does not reach into it.
                (done || declined) && "line-through",
              )}
            >
              {plan.title}
            </button>
          </h3>
          <div
            className={cn(
              "flex flex-wrap items-center gap-x-3 gap-y-1 text-xs",
              awaitingMe ? "text-warning-foreground" : "text-muted-foreground",
            )}
          >
            <CircleTag name={plan.circleName} color={plan.circleColor} />
            <span className="wrap-anywhere">By: {plan.creatorName}</span>
            <AssigneeLabel plan={plan} />
            <TaskStateBadge plan={plan} />
            {done ? <Badge variant="outline">Completed</Badge> : null}
          </div>
          <AnswerNote
            plan={plan}
            clamp
            className={cn(
              "text-xs",
              awaitingMe ? "text-warning-foreground" : "text-muted-foreground",
            )}
          />
          {plan.location ? (
            <PlanLocation location={plan.location} truncate className="gap-1 text-xs" />
          ) : null}
          {awaitingMe ? (
            <div className="relative z-10 mt-1 flex flex-wrap gap-2">
              <Button size="sm" aria-describedby={titleId} onClick={() => setResponding("accept")}>
                <Check aria-hidden="true" />
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-describedby={titleId}
                onClick={() => setResponding("decline")}
              >
                <X aria-hidden="true" />
                Decline
              </Button>
            </div>
          ) : null}
        </div>
        {creator || deletable ? (
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="relative z-10 -mt-1 -mr-1 size-9 shrink-0"
                aria-label={`More actions for ${plan.title}`}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="min-w-40">
              {creator ? (
                <DropdownMenuItem onSelect={edit}>
                  <Pencil aria-hidden="true" />
                  Edit
                </DropdownMenuItem>
              ) : null}
              {deletable ? (
                <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </DropdownMenuItem>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>

      {details.sheet}
      {creator && editAsked ? (
        <PlanDialog open={editing} onOpenChange={setEditing} plan={plan} />
      ) : null}
      {deletable ? (
        <DeletePlanDialog plan={plan} open={deleting} onOpenChange={setDeleting} />
      ) : null}
      {awaitingMe || responding ? (
        <TaskResponseDialog
          task={plan}
          mode={responding ?? "accept"}
          open={responding !== null}
          onOpenChange={(open) => {
            if (!open) setResponding(null);
          }}
        />
      ) : null}
    </article>
  );
}

import type { Circle, Invitation } from "@circleplan/shared/circle-outputs";
import { clockText, timeIn } from "@circleplan/shared/days";
import { messages } from "@circleplan/shared/messages";
import { CheckCircle2, Inbox, UserCheck, UserRoundPlus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadFailure } from "@/components/load-failure";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import { usePlanDetails } from "@/components/plans/plan-details/plan-details";
import { planFailureToast } from "@/components/plans/plan-toasts";
import { TaskResponseDialog } from "@/components/plans/task-response-dialog";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CircleTag } from "@/components/ui/circle-tag";
import { Skeleton } from "@/components/ui/skeleton";
import { useToday } from "@/features/calendar/use-today";
import { CircleGate } from "@/features/circles/circle-gate";
import { dashboardPath } from "@/features/dashboard/dashboard-path";
import { invitedByText } from "@/features/invitations/invitation-text";
import { useInvitationAnswer } from "@/features/invitations/use-invitation-answer";
import { shortDay } from "@/lib/days";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { attentionText, awaitingMyAnswer, type PendingTask } from "./action-counts";
import { usePendingTasks } from "./pending-tasks";
import { TaskHistory, usePrefetchTaskHistory } from "./task-history";

/** /actions and /action-center: everything waiting for the user, in every circle. */
export function ActionCenterScreen() {
  return <ActionCenter circle={null} />;
}

/** /circle/{id}/actions: the same, for one circle's tasks (invitations belong to no circle yet). */
export function CircleActionCenterScreen() {
  return <CircleGate>{(circle) => <ActionCenter circle={circle} />}</CircleGate>;
}

type Responding = { task: PendingTask; mode: "accept" | "decline" } | null;

/**
 * The Action Center (spec section 2): circle invitations to answer, tasks assigned to me
 * (Review, accept or decline) and by me (Review, Withdraw), each with its Recent History. The
 * pending tasks and invitations are asked when the screen opens, and again when live sync says
 * they changed (decision 018, "The client"; the spec polled them every 5 and 30 s).
 */
function ActionCenter({ circle }: { circle: Circle | null }) {
  const { timeZone, today } = useToday();
  const [, navigate] = useLocation();
  const pending = usePendingTasks({ eager: true });
  usePrefetchTaskHistory();
  const invitations = trpc.invitations.pending.useQuery(undefined, {
    refetchOnMount: "always",
    enabled: circle === null,
  });
  const [responding, setResponding] = useState<Responding>(null);
  const [responseOpen, setResponseOpen] = useState(false);
  // Tapping a plan opens its details, for whoever taps it (issue 20); its creator edits it from
  // there. A history row holds the whole plan; a pending one is read when the sheet opens.
  const details = usePlanDetails();

  const inCircle = (task: PendingTask) => circle === null || task.circleId === circle.id;
  const tasks = (pending.data ?? []).filter(inCircle);
  const toMe = awaitingMyAnswer(tasks);
  const byMe = tasks.filter((task) => task.isCreatedByMe && !task.isAssignedToMe);
  const openInvitations = circle === null ? (invitations.data ?? []) : [];
  const loading = pending.isPending || (circle === null && invitations.isPending);
  // The heading counts what the sections below show (issue 21, defect 6): the tasks I gave that
  // wait for an answer too, which "No pending actions" once stood above.
  const count = toMe.length + byMe.length + openInvitations.length;

  function respond(task: PendingTask, mode: "accept" | "decline") {
    setResponding({ task, mode });
    setResponseOpen(true);
  }

  /** Review goes to the task's day in the day view, the task marked (spec section 2). */
  function review(task: PendingTask) {
    navigate(dashboardPath(task.date, today, task.id));
  }

  return (
    <section aria-labelledby="actions-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">
          Action Center{circle ? ` · ${circle.name}` : ""}
        </p>
        <ScreenHeading
          id="actions-title"
          title={circle ? `Action Center · ${circle.name}` : "Action Center"}
          className="text-2xl font-bold tracking-tight wrap-anywhere"
        >
          {loading ? "Action Center" : attentionText(count)}
        </ScreenHeading>
      </div>

      {pending.error ? (
        <LoadFailure
          title="Failed to fetch pending tasks"
          error={pending.error}
          onRetry={() => void pending.refetch()}
        />
      ) : null}

      {loading ? (
        <LoadingCards />
      ) : (
        <>
          {count === 0 && !pending.error ? <AllCaughtUp /> : null}

          {openInvitations.length > 0 ? <InvitationsSection invitations={openInvitations} /> : null}

          <Section id="assigned-to-me" title="Plans Assigned to Me" icon={<UserCheck />}>
            {toMe.length > 0 ? (
              <ul aria-label="Waiting for your answer" className="grid gap-2">
                {toMe.map((task) => (
                  <PendingRow
                    key={`${task.id}-${task.startTime.getTime()}`}
                    task={task}
                    timeZone={timeZone}
                    person={`From: ${task.creatorName}`}
                    onOpen={() => details.show({ planRef: pendingRef(task) })}
                    onReview={() => review(task)}
                  >
                    {(titleId) => (
                      <>
                        <Button
                          size="sm"
                          aria-describedby={titleId}
                          onClick={() => respond(task, "accept")}
                        >
                          Accept
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-describedby={titleId}
                          onClick={() => respond(task, "decline")}
                        >
                          Decline
                        </Button>
                      </>
                    )}
                  </PendingRow>
                ))}
              </ul>
            ) : null}
            <HistoryHeading />
            <TaskHistory
              type="assigned-to-me"
              circleId={circle?.id}
              timeZone={timeZone}
              onOpenPlan={(plan) => details.show({ plan })}
            />
          </Section>

          <Section id="assigned-by-me" title="Plans Assigned by Me" icon={<UserRoundPlus />}>
            {byMe.length > 0 ? (
              <ul aria-label="Waiting for an answer" className="grid gap-2">
                {byMe.map((task) => (
                  <PendingRow
                    key={`${task.id}-${task.startTime.getTime()}`}
                    task={task}
                    timeZone={timeZone}
                    person={`For: ${task.assigneeName ?? "-"}`}
                    onOpen={() => details.show({ planRef: pendingRef(task) })}
                    onReview={() => review(task)}
                  >
                    {(titleId) => <CancelTaskButton task={task} describedBy={titleId} />}
                  </PendingRow>
                ))}
              </ul>
            ) : null}
            <HistoryHeading />
            <TaskHistory
              type="assigned-by-me"
              circleId={circle?.id}
              timeZone={timeZone}
              onOpenPlan={(plan) => details.show({ plan })}
            />
          </Section>
        </>
      )}

      {responding ? (
        <TaskResponseDialog
          key={`${responding.task.id}-${responding.mode}`}
          task={{
            id: responding.task.id,
            title: responding.task.title,
            description: responding.task.description,
            circleName: responding.task.circleName,
            creatorName: responding.task.creatorName,
          }}
          mode={responding.mode}
          open={responseOpen}
          onOpenChange={setResponseOpen}
        />
      ) : null}
      {details.sheet}
    </section>
  );
}

/** A pending task as the details sheet reads it: its id and the occurrence the list shows. */
function pendingRef(task: PendingTask) {
  return {
    id: task.id,
    title: task.title,
    ...(task.originalStartTime ? { occurrenceStart: task.originalStartTime } : {}),
    ...(task.originalDate ? { occurrenceDate: task.originalDate } : {}),
  };
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="pb-3">
        <CardTitle
          id={`${id}-title`}
          className="flex items-center gap-2 text-lg [&_svg]:size-5 [&_svg]:text-primary"
        >
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

function HistoryHeading() {
  return <h3 className="pt-1 text-sm font-semibold text-muted-foreground">Recent History</h3>;
}

function PendingRow({
  task,
  timeZone,
  person,
  onOpen,
  onReview,
  children,
}: {
  task: PendingTask;
  timeZone: string;
  person: string;
  onOpen: () => void;
  onReview: () => void;
  /** The row's buttons, given the title's id so each says which task it answers. */
  children: (titleId: string) => ReactNode;
}) {
  const { timeFormat } = usePlanViewer();
  const titleId = `pending-task-${task.id}-${task.startTime.getTime()}`;
  return (
    <li className="grid gap-2 rounded-lg border border-warning-border bg-warning/40 p-3 sm:flex sm:items-center">
      <div className="grid min-w-0 flex-1 gap-1">
        <button
          id={titleId}
          type="button"
          onClick={onOpen}
          className="cursor-pointer text-left font-medium wrap-anywhere underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {task.title}
        </button>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>
            {shortDay(task.date)}, {clockText(timeIn(task.startTime, timeZone), timeFormat)}
          </span>
          <span>{person}</span>
          <CircleTag name={task.circleName} color={task.circleColor} />
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button size="sm" variant="ghost" onClick={onReview} aria-describedby={titleId}>
          Review
        </Button>
        {children(titleId)}
      </div>
    </li>
  );
}

/**
 * Withdraws a task I gave from its assignee (POST /api/tasks/{id}/cancel), after saying so: a
 * bare "Cancel" read as cancelling the plan, or closing something (issue 21, defect 6). The plan
 * stays, without an assignee.
 */
function CancelTaskButton({ task, describedBy }: { task: PendingTask; describedBy: string }) {
  const cancel = trpc.tasks.cancel.useMutation();
  const invalidatePlans = usePlanInvalidation();
  const [asking, setAsking] = useState(false);
  const assignee = task.assigneeName ?? "the assignee";
  async function onCancel() {
    try {
      await cancel.mutateAsync({ id: task.id });
      toast.success(messages.taskCancelled);
      setAsking(false);
      await invalidatePlans();
    } catch (error) {
      planFailureToast(error, "Failed to cancel task");
    }
  }
  return (
    <ConfirmDialog
      open={asking}
      onOpenChange={setAsking}
      trigger={
        <Button size="sm" variant="outline" aria-describedby={describedBy}>
          Withdraw
        </Button>
      }
      title={`Withdraw ${task.title} from ${assignee}?`}
      description={`${assignee} will no longer be asked to do it. The plan stays on the calendar, without an assignee.`}
      confirmLabel="Withdraw Task"
      pendingLabel="Withdrawing..."
      pending={cancel.isPending}
      onConfirm={() => void onCancel()}
    />
  );
}

function InvitationsSection({ invitations }: { invitations: Invitation[] }) {
  const answer = useInvitationAnswer();
  return (
    <Section id="circle-invitations" title="Circle Invitations" icon={<Inbox />}>
      <ul className="grid gap-2">
        {invitations.map((invitation) => {
          const nameId = `action-invitation-${invitation.id}`;
          return (
            <li
              key={invitation.id}
              className="grid gap-2 rounded-lg border p-3 sm:flex sm:items-center"
            >
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p id={nameId} className="font-medium wrap-anywhere">
                  {invitation.circleName}
                </p>
                <p className="text-xs text-muted-foreground wrap-anywhere">
                  {invitedByText(invitation.inviterName, invitation.relationship)}
                </p>
              </div>
              <div className="flex gap-2 sm:shrink-0">
                <Button
                  size="sm"
                  disabled={answer.isPending}
                  aria-describedby={nameId}
                  onClick={() => void answer.accept(invitation.id)}
                >
                  {answer.acceptingId === invitation.id ? "Accepting..." : "Accept"}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={answer.isPending}
                  aria-describedby={nameId}
                  onClick={() => void answer.decline(invitation.id)}
                >
                  {answer.decliningId === invitation.id ? "Declining..." : "Decline"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function AllCaughtUp() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
        <CheckCircle2 aria-hidden="true" className="size-10 text-success-foreground" />
        <p className="text-lg font-semibold">All caught up!</p>
        <p className="text-sm text-muted-foreground">You have no pending actions at the moment.</p>
      </CardContent>
    </Card>
  );
}

function LoadingCards() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">Loading your pending actions</span>
      <Skeleton className="h-32 rounded-xl" />
      <Skeleton className="h-32 rounded-xl" />
    </div>
  );
}

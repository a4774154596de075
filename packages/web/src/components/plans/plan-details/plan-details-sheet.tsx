/**
 * A plan's details, for every member of its circle (issue 20): title, when in words, how it
 * repeats, where with a map link, the description with its line breaks, the attachments to open,
 * the circle, who made it and who last changed it, and a task's assignee with their answer and
 * its note or reason. What the viewer may do with it is offered at the foot, as the server
 * allows it (plan-permissions.ts): every member follows or unfollows it (docs/decisions/019), the
 * creator edits (the form, as before) and deletes, an admin of the circle deletes, the assignee
 * answers a task waiting for them. The creator also moves it a day or a quarter hour at a time
 * (Move: the keyboard's and the phone's way to do what dragging does in the week).
 */
import { clockText, dayIn, timeIn } from "@circleplan/shared/days";
import { mapLinkOf } from "@circleplan/shared/map-link";
import type { Plan } from "@circleplan/shared/plan-outputs";
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  Check,
  ExternalLink,
  FileText,
  MapPin,
  Pencil,
  Repeat,
  Trash2,
  X,
} from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { LoadFailure } from "@/components/load-failure";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CircleTag } from "@/components/ui/circle-tag";
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SheetContent } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { shortDay } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { DeletePlanDialog } from "../delete-plan-dialog";
import { usePlanDialogs } from "../plan-dialogs";
import { movedBy } from "../plan-move";
import { awaitsMyAnswer, isPlanCreator, mayDeletePlan } from "../plan-permissions";
import { AnswerNote, TaskStateBadge } from "../task-answer";
import { TaskResponseDialog } from "../task-response-dialog";
import { usePlanMove } from "../use-plan-move";
import { type PlanReader, useAdminCircles, usePlanViewer } from "../use-plan-viewer";
import { FollowPlanButton } from "./follow-plan-button";
import type { PlanDetailsSheetProps } from "./plan-details";
import { planWhen } from "./plan-when";

const TYPE_LABELS: Record<Plan["type"], string> = { event: "Event", task: "Task", todo: "To-do" };

export function PlanDetailsSheet({
  plan: given,
  planRef,
  open,
  onOpenChange,
}: PlanDetailsSheetProps) {
  // A plan known by reference is read when the sheet opens (and again after a change here).
  const loaded = trpc.plans.get.useQuery(
    {
      id: planRef?.id ?? 0,
      ...(planRef?.occurrenceStart ? { occurrenceStart: planRef.occurrenceStart } : {}),
      ...(planRef?.occurrenceDate ? { occurrenceDate: planRef.occurrenceDate } : {}),
    },
    { enabled: open && planRef !== undefined },
  );
  // A move made here answers the plan where it is now, which the sheet shows from then on.
  const [moved, setMoved] = useState<Plan | null>(null);
  const mover = usePlanMove({ onSaved: setMoved });
  const plan = moved ?? given ?? loaded.data ?? null;
  const viewer = usePlanViewer();
  const { userId, zone } = viewer;
  const adminOf = useAdminCircles();
  const { PlanDialog } = usePlanDialogs();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [responding, setResponding] = useState<"accept" | "decline" | null>(null);
  // What opened the sheet (a card's title), where focus goes back when it closes. Edit replaces
  // the sheet with the form, and focus goes back there when the form closes too.
  const opener = useRef<HTMLElement | null>(null);
  const editAfterClose = useRef(false);

  const creator = plan !== null && isPlanCreator(plan, userId);
  const deletable = plan !== null && mayDeletePlan(plan, userId, adminOf);
  const awaitingMe = plan !== null && awaitsMyAnswer(plan, userId);

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <SheetContent
          // Until the plan is read there is no description to point at.
          {...(plan ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix gives focus back to a DialogTrigger; the sheet has none, so to its opener.
            event.preventDefault();
            if (editAfterClose.current) {
              editAfterClose.current = false;
              setEditing(true);
            } else if (opener.current?.isConnected) {
              opener.current.focus();
            }
          }}
        >
          {plan ? (
            <>
              <DetailsHeader plan={plan} viewer={viewer} />
              <Details plan={plan} viewer={viewer} />
              {creator ? (
                <MoveActions
                  allDay={plan.allDay}
                  onMove={(step) => void mover.move(plan, movedBy(plan, step, zone))}
                />
              ) : null}
              <div className="flex flex-wrap justify-end gap-2 border-t pt-4">
                <FollowPlanButton key={plan.id} plan={plan} />
                {awaitingMe ? (
                  <>
                    <Button variant="outline" onClick={() => setResponding("decline")}>
                      <X aria-hidden="true" />
                      Decline
                    </Button>
                    <Button onClick={() => setResponding("accept")}>
                      <Check aria-hidden="true" />
                      Accept
                    </Button>
                  </>
                ) : null}
                {deletable ? (
                  <Button variant="outline" onClick={() => setDeleting(true)}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                ) : null}
                {creator ? (
                  <Button
                    aria-haspopup="dialog"
                    onClick={() => {
                      editAfterClose.current = true;
                      onOpenChange(false);
                    }}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                ) : null}
              </div>
            </>
          ) : (
            <Loading title={planRef?.title} error={loaded.error} onRetry={() => loaded.refetch()} />
          )}
        </SheetContent>
      </Dialog>

      {plan && creator && editing ? (
        <PlanDialog
          open={editing}
          onOpenChange={setEditing}
          plan={plan}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        />
      ) : null}
      {mover.dialogs}
      {plan && deletable ? (
        <DeletePlanDialog
          plan={plan}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={() => onOpenChange(false)}
        />
      ) : null}
      {plan && responding ? (
        <TaskResponseDialog
          task={plan}
          mode={responding}
          open
          onOpenChange={(next) => {
            if (!next) setResponding(null);
          }}
        />
      ) : null}
    </>
  );
}

const MOVES = [
  { label: "Previous day", step: { days: -1 }, icon: <ArrowLeft />, timedOnly: false },
  { label: "Next day", step: { days: 1 }, icon: <ArrowRight />, timedOnly: false },
  { label: "15 min earlier", step: { minutes: -15 }, icon: <ArrowUp />, timedOnly: true },
  { label: "15 min later", step: { minutes: 15 }, icon: <ArrowDown />, timedOnly: true },
] as const;

/**
 * The creator's Move buttons: a day either way, and a quarter hour for a timed plan. Never
 * disabled while a move is saved, which would drop the keyboard's focus; a press meanwhile is
 * ignored (usePlanMove).
 */
function MoveActions({
  allDay,
  onMove,
}: {
  allDay: boolean;
  onMove: (step: { days?: number; minutes?: number }) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-xs font-medium text-muted-foreground">Move</legend>
      <div className="flex flex-wrap gap-2">
        {MOVES.filter((move) => !(allDay && move.timedOnly)).map((move) => (
          <Button key={move.label} variant="outline" size="sm" onClick={() => onMove(move.step)}>
            <span aria-hidden="true">{move.icon}</span>
            {move.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function DetailsHeader({ plan, viewer }: { plan: Plan; viewer: PlanReader }) {
  const when = planWhen(plan, viewer.zone, viewer.timeFormat);
  return (
    <DialogHeader className="gap-2">
      <DialogTitle
        className={cn(
          "text-xl wrap-anywhere",
          plan.isCompleted && "text-muted-foreground line-through",
        )}
      >
        {plan.title}
      </DialogTitle>
      <DialogDescription className="grid text-base text-foreground">
        <span>{when.day}</span>
        <span className="text-muted-foreground">{when.time}</span>
      </DialogDescription>
      <p className="flex flex-wrap items-center gap-1.5">
        <Badge variant="outline">{TYPE_LABELS[plan.type]}</Badge>
        {plan.isCompleted ? <Badge variant="success">Completed</Badge> : null}
      </p>
    </DialogHeader>
  );
}

/** An instant as the details give it: "Sun, Nov 22, 18:05", in the viewer's zone and clock. */
function momentIn(instant: Date, { zone, timeFormat }: PlanReader): string {
  return `${shortDay(dayIn(instant, zone))}, ${clockText(timeIn(instant, zone), timeFormat)}`;
}

function Details({ plan, viewer }: { plan: Plan; viewer: PlanReader }) {
  const mapLink = mapLinkOf(plan);
  const changedLater = plan.updatedAt.getTime() > plan.createdAt.getTime();
  return (
    <dl className="grid gap-4 text-sm">
      {plan.recurrencePattern ? (
        <Row label="Repeats" icon={<Repeat />}>
          <p>{plan.recurrencePattern}</p>
          {plan.isRecurrenceException ? (
            <p className="text-muted-foreground">This one was changed on its own.</p>
          ) : null}
        </Row>
      ) : null}
      {plan.location || mapLink ? (
        <Row label="Where" icon={<MapPin />}>
          {plan.location ? <p className="wrap-anywhere">{plan.location}</p> : null}
          {mapLink ? (
            <a
              href={mapLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              Open in maps
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </Row>
      ) : null}
      {plan.description ? (
        <Row label="Description">
          <p className="whitespace-pre-line wrap-anywhere">{plan.description}</p>
        </Row>
      ) : null}
      {plan.attachments.length > 0 ? (
        <Row label="Attachments">
          <ul className="grid gap-1.5" aria-label="Attached files">
            {plan.attachments.map((file) => (
              <li key={file.id} className="flex min-w-0 items-center gap-2">
                <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 truncate text-primary underline-offset-4 hover:underline"
                >
                  {file.fileName}
                </a>
              </li>
            ))}
          </ul>
        </Row>
      ) : null}
      <Row label="Circle">
        <CircleTag
          name={plan.circleName}
          color={plan.circleColor}
          className="justify-self-start text-sm"
        />
      </Row>
      <Row label="Created by">
        <p className="wrap-anywhere">
          {plan.creatorName}
          <span className="text-muted-foreground"> · {momentIn(plan.createdAt, viewer)}</span>
        </p>
      </Row>
      {plan.updatedByName && changedLater ? (
        <Row label="Last changed by">
          <p className="wrap-anywhere">
            {plan.updatedByName}
            <span className="text-muted-foreground"> · {momentIn(plan.updatedAt, viewer)}</span>
          </p>
        </Row>
      ) : null}
      {plan.type === "task" && plan.assigneeName ? <Assignee plan={plan} viewer={viewer} /> : null}
    </dl>
  );
}

/** The task's assignee, their answer, when it came and what they wrote with it. */
function Assignee({ plan, viewer }: { plan: Plan; viewer: PlanReader }) {
  const withdrawn = plan.status === "cancelled";
  return (
    <Row label="Assigned to">
      <p className="flex flex-wrap items-center gap-2">
        <span className={cn("wrap-anywhere", withdrawn && "line-through")}>
          {plan.assigneeName}
        </span>
        {withdrawn ? (
          <Badge variant="outline">Assignment withdrawn</Badge>
        ) : (
          <TaskStateBadge plan={plan} />
        )}
        {plan.respondedAt ? (
          <span className="text-muted-foreground">
            answered {momentIn(plan.respondedAt, viewer)}
          </span>
        ) : null}
      </p>
      <AnswerNote plan={plan} className="rounded-md bg-muted/60 px-3 py-2" />
    </Row>
  );
}

function Row({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-3.5">
        {icon ? <span aria-hidden="true">{icon}</span> : null}
        {label}
      </dt>
      <dd className="grid gap-1">{children}</dd>
    </div>
  );
}

function Loading({
  title,
  error,
  onRetry,
}: {
  title: string | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-xl wrap-anywhere">{title ?? "Plan details"}</DialogTitle>
      </DialogHeader>
      {error ? (
        <LoadFailure title="Failed to fetch event details" error={error} onRetry={onRetry} />
      ) : (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the plan</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-16" />
        </div>
      )}
    </>
  );
}

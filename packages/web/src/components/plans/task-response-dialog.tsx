import { PLAN_NOTE_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { usePlanInvalidation } from "./plan-cache";
import { planFailureToast } from "./plan-toasts";

export interface TaskResponseDialogProps {
  task: {
    id: number;
    title: string;
    description: string | null;
    circleName: string;
    creatorName: string;
  };
  mode: "accept" | "decline";
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The Accept / Decline Task dialog (plans spec, sections 2 and 5): the task, its circle and
 * sender, and a note that is optional when accepting and required (non-empty once trimmed)
 * when declining.
 */
export function TaskResponseDialog({ task, mode, open, onOpenChange }: TaskResponseDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Unmounted on closing, so the next opening starts with an empty note. */}
        <TaskResponse task={task} mode={mode} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function TaskResponse({
  task,
  mode,
  onDone,
}: Pick<TaskResponseDialogProps, "task" | "mode"> & { onDone: () => void }) {
  const [note, setNote] = useState("");
  const accept = trpc.tasks.accept.useMutation();
  const decline = trpc.tasks.decline.useMutation();
  const invalidate = usePlanInvalidation();
  const accepting = mode === "accept";
  const pending = accept.isPending || decline.isPending;
  const reason = note.trim();
  const noteId = `task-${task.id}-${mode}-note`;

  async function submit() {
    try {
      if (accepting) {
        await accept.mutateAsync({ id: task.id, note: reason || null });
        toast.success(messages.taskAccepted);
      } else {
        await decline.mutateAsync({ id: task.id, reason });
        toast.success(messages.taskDeclined);
      }
      onDone();
      await invalidate();
    } catch (error) {
      planFailureToast(error, accepting ? "Failed to accept task" : "Failed to decline task");
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (accepting || reason) void submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{accepting ? "Accept Task" : "Decline Task"}</DialogTitle>
        <DialogDescription>
          {accepting
            ? "Let them know you will take care of it."
            : "Let them know why you cannot take it on."}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border bg-muted/40 p-3 text-sm">
        <dt className="text-muted-foreground">Task</dt>
        <dd className="font-semibold wrap-anywhere">{task.title}</dd>
        {task.description ? (
          <>
            <dt className="text-muted-foreground">Details</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{task.description}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Circle</dt>
        <dd className="wrap-anywhere">{task.circleName}</dd>
        <dt className="text-muted-foreground">From</dt>
        <dd className="wrap-anywhere">{task.creatorName}</dd>
      </dl>
      <Field id={noteId} label={accepting ? "Add a note (optional)" : "Reason for declining"}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={note}
            maxLength={PLAN_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
            placeholder={
              accepting ? "e.g. I'll pick it up on the way home" : "e.g. I'm away that day"
            }
            aria-required={!accepting}
            disabled={pending}
            autoFocus
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        {accepting ? (
          <Button type="submit" disabled={pending}>
            <Check aria-hidden="true" />
            {accept.isPending ? "Accepting..." : "Accept"}
          </Button>
        ) : (
          <Button type="submit" variant="destructive" disabled={pending || !reason}>
            <X aria-hidden="true" />
            {decline.isPending ? "Declining..." : "Decline"}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

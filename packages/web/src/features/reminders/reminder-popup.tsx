/**
 * The reminder popup (plans spec, section 4): the oldest active reminder's title, description,
 * date and time and a Task badge for tasks, with View Event, Complete (tasks the user may
 * complete) or Got It (events), Snooze 5, 15 or 30 min, and Dismiss. Several active reminders
 * are shown in turn: answering one brings up the next. Closing it (Escape, the X) answers
 * nothing: the reminders stay active behind the bell in the header.
 */

import { clockText, timeIn } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { BellRing, CalendarClock } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { paths } from "@/app/paths";
import { occurrenceRef } from "@/components/plans/occurrence-ref";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import { canCompletePlan, planNoun } from "@/components/plans/plan-permissions";
import { planFailureToast } from "@/components/plans/plan-toasts";
import { type PlanReader, usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CircleTag } from "@/components/ui/circle-tag";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { SwitchRow } from "@/components/ui/switch-row";
import { longDay } from "@/lib/days";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { type ReminderInstance, SNOOZE_MINUTES, type SnoozeMinutes } from "./reminder-schedule";
import { isReminderSoundOn, setReminderSoundOn } from "./reminder-sound";

export interface ReminderPopupProps {
  /** The active reminders, oldest first; the first is shown. */
  reminders: readonly ReminderInstance[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSnooze: (reminder: ReminderInstance, minutes: SnoozeMinutes) => void;
  onHandled: (reminder: ReminderInstance) => void;
}

/**
 * "Sunday, November 22 at 18:00" ("at 6:00 PM" on a 12-hour clock), or "… · All day", in the
 * zone and clock of the user's profile.
 */
export function reminderWhen(plan: Plan, { zone, timeFormat }: PlanReader): string {
  const day = longDay(plan.date);
  if (plan.allDay) return `${day} · All day`;
  return `${day} at ${clockText(timeIn(plan.startTime, zone), timeFormat)}`;
}

/**
 * Complete from the popup (spec section 4: sets isCompleted, toast 'Task completed'), through
 * the completion call the plan cards use, which also completes only this occurrence of a series.
 */
function useCompleteTask() {
  const complete = trpc.plans.complete.useMutation();
  const invalidate = usePlanInvalidation();
  return {
    completing: complete.isPending,
    async completeTask(plan: Plan): Promise<boolean> {
      try {
        await complete.mutateAsync({ id: plan.id, isCompleted: true, ...occurrenceRef(plan) });
        toast.success("Task completed");
        await invalidate();
        return true;
      } catch (error) {
        planFailureToast(error, "Failed to mark task as completed");
        return false;
      }
    },
  };
}

export function ReminderPopup({
  reminders,
  open,
  onOpenChange,
  onSnooze,
  onHandled,
}: ReminderPopupProps) {
  const viewer = usePlanViewer();
  const { userId } = viewer;
  const [, navigate] = useLocation();
  const { completing, completeTask } = useCompleteTask();
  const [soundOn, setSoundOn] = useState(isReminderSoundOn);
  const content = useRef<HTMLDivElement>(null);
  const whenId = useId();
  const soundId = useId();
  const reminder = reminders[0];

  // The next reminder replaces an answered one in place: focus goes back to the dialog, as
  // the button that was pressed may be gone (Complete, then an event's Got It).
  const shownId = reminder?.id;
  useEffect(() => {
    if (shownId) content.current?.focus();
  }, [shownId]);

  if (!reminder) return null;
  const { event: plan } = reminder;
  const isTask = planNoun(plan) === "task";
  const position = reminders.length > 1 ? ` · 1 of ${reminders.length}` : "";

  const snooze = (minutes: SnoozeMinutes) => {
    onSnooze(reminder, minutes);
    toast.success("Reminder snoozed", {
      description: `Will remind you again in ${minutes} minutes`,
    });
  };
  const complete = async () => {
    if (await completeTask(plan)) onHandled(reminder);
  };
  const viewPlan = () => {
    onHandled(reminder);
    onOpenChange(false);
    navigate(paths.circle.build(plan.circleId));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        aria-describedby={whenId}
        // The popup comes up by itself, maybe while the user types: focus goes to the dialog,
        // not to its first button, so a key pressed at that moment answers nothing.
        onOpenAutoFocus={(focusEvent) => {
          focusEvent.preventDefault();
          content.current?.focus();
        }}
        className="focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DialogHeader>
          <p className="flex items-center gap-2 text-sm font-medium text-primary">
            <BellRing aria-hidden="true" className="size-4" />
            Reminder · {reminder.phrase}
            {position}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle className="wrap-anywhere">{plan.title}</DialogTitle>
            {isTask ? <Badge>Task</Badge> : null}
          </div>
        </DialogHeader>
        <div className="grid gap-2">
          <DialogDescription id={whenId} className="flex items-center gap-2 text-foreground">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {reminderWhen(plan, viewer)}
          </DialogDescription>
          <CircleTag name={plan.circleName} color={plan.circleColor} className="w-fit" />
          {plan.description ? (
            <p className="text-sm whitespace-pre-line wrap-anywhere text-muted-foreground">
              {plan.description}
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2">
          {isTask ? (
            canCompletePlan(plan, userId) ? (
              <Button onClick={() => void complete()} disabled={completing}>
                {completing ? "Completing..." : "Complete"}
              </Button>
            ) : null
          ) : (
            <Button onClick={() => onHandled(reminder)}>Got It</Button>
          )}
          <Button variant="outline" onClick={viewPlan}>
            View Event
          </Button>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Snooze</legend>
          <div className="grid grid-cols-3 gap-2">
            {SNOOZE_MINUTES.map((minutes) => (
              <Button key={minutes} variant="secondary" onClick={() => snooze(minutes)}>
                {minutes} min
              </Button>
            ))}
          </div>
        </fieldset>
        <Button variant="ghost" onClick={() => onHandled(reminder)}>
          Dismiss
        </Button>
        <div className="border-t pt-4">
          <SwitchRow
            id={soundId}
            label="Reminder sound"
            checked={soundOn}
            onCheckedChange={(on) => {
              setSoundOn(on);
              setReminderSoundOn(on);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

import type { Plan } from "@circleplan/shared/plan-outputs";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import {
  isSeriesOccurrence,
  type OccurrenceScope,
  occurrenceRef,
} from "@/components/plans/occurrence-ref";
import { EditScopeDialog } from "@/components/plans/occurrence-scope";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import type { PlanDialogProps } from "@/components/plans/plan-dialogs";
import {
  isPermissionRefusal,
  planFailureToast,
  refusedWithReason,
} from "@/components/plans/plan-toasts";
import type { PlanTextOutcome } from "@/components/plans/process-plan-text";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useReturnFocus,
} from "@/components/ui/dialog";
import { todayIn } from "@/lib/days";
import { httpStatus, serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useAttachmentDraft } from "./attachments-field";
import { editInput, recurrenceChanged } from "./plan-edit";
import { PlanFormFields } from "./plan-form-fields";
import {
  createPayload,
  type DraftContext,
  fallbackValues,
  newPlanValues,
  type PlanFormOutput,
  type PlanFormValues,
  planForm,
  planFormResolver,
  planValuesFrom,
  valuesFromSentence,
} from "./plan-form-values";
import { PlanTextStep } from "./plan-text-step";

/** Fields the server may name in a refusal, for the form to show next to them. */
const SERVER_FIELDS = [
  "title",
  "description",
  "location",
  "mapUrl",
  "circleId",
  "assignedTo",
  "reminders",
  "time",
  "endTime",
  "date",
] as const;

/**
 * The Create Plan dialog, Edit Plan when editing (plans spec, sections 2, 4, 5 and 8). A new
 * plan starts on the free-text step, whose sentence the server reads into the form (or the
 * raw text becomes the title when it cannot); edit mode opens in the form loaded from the
 * plan; saving an occurrence of a series first asks which occurrences change. An edit based on
 * an older version than the server's is refused with 409: the dialog says so and offers to
 * reload the plan.
 */
export function PlanDialog({
  open,
  onOpenChange,
  defaultCircleId,
  defaultDate,
  defaultTime,
  defaultKind,
  plan,
  parsed,
  startIn,
  onCloseAutoFocus,
}: PlanDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onOpenAutoFocus={returnFocus.onOpenAutoFocus}
        // Escape, Cancel or a save give focus back to what opened the dialog, unless the opener
        // says where it goes (the details sheet, which closed to open this).
        onCloseAutoFocus={onCloseAutoFocus ?? returnFocus.onCloseAutoFocus}
      >
        {/* Unmounted on closing: the next opening starts from the plan or from empty. */}
        <PlanDialogBody
          defaultCircleId={defaultCircleId}
          defaultDate={defaultDate}
          defaultTime={defaultTime}
          defaultKind={defaultKind}
          plan={plan}
          parsed={parsed}
          startIn={startIn}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function PlanDialogBody({
  defaultCircleId,
  defaultDate,
  defaultTime,
  defaultKind,
  plan: initialPlan,
  parsed,
  startIn,
  onClose,
}: {
  defaultCircleId?: number | undefined;
  defaultDate?: string | undefined;
  defaultTime?: string | undefined;
  defaultKind?: "event" | "todo" | undefined;
  plan?: Plan | undefined;
  parsed?: PlanTextOutcome | undefined;
  startIn?: "text" | "form" | undefined;
  onClose: () => void;
}) {
  const { userId, zone } = usePlanViewer();
  /** The form filled from a sentence: the server's reading, or the raw text when there is none. */
  const valuesFrom = (outcome: PlanTextOutcome): PlanFormValues => {
    const context: DraftContext = {
      circleId: outcome.circleId,
      userId,
      zone,
      kind: defaultKind ?? "event",
    };
    return outcome.result
      ? valuesFromSentence(outcome.result, context)
      : fallbackValues(outcome.text, { ...context, date: defaultDate });
  };
  const [parsedValues] = useState(() => (parsed ? valuesFrom(parsed) : null));
  const [step, setStep] = useState<"text" | "form">(
    initialPlan || parsed || startIn === "form" ? "form" : "text",
  );
  // Leaving the text step moves focus to the form's first field, where reading it begins.
  const focusTitle = useRef(false);
  const utils = trpc.useUtils();
  const invalidate = usePlanInvalidation();
  const create = trpc.plans.create.useMutation();
  const update = trpc.plans.update.useMutation();
  // The plan as last loaded: replaced when the person reloads after a conflict.
  const [plan, setPlan] = useState(initialPlan);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [scopeAsked, setScopeAsked] = useState<{
    values: PlanFormOutput;
    allowOccurrence: boolean;
  } | null>(null);
  const loaded = useRef<PlanFormValues>(
    plan
      ? planValuesFrom(plan, zone)
      : (parsedValues ??
          newPlanValues({
            date: defaultDate ?? todayIn(zone),
            time: defaultTime,
            circleId: defaultCircleId,
            kind: defaultKind,
          })),
  );
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: planFormResolver,
    defaultValues: loaded.current,
    // react-hook-form focuses the first error in the order fields registered, and the text step
    // registers the circle before the form's title; the form's own order decides instead.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  /** A refused save whose first field in error is still to be focused. */
  const focusFirstError = useRef(false);
  const attachments = useAttachmentDraft(plan?.attachments ?? []);
  /** The plan is saved; its files are being sent, or the lists fetched again. */
  const [settling, setSettling] = useState(false);
  const editing = Boolean(plan);
  const saving = form.formState.isSubmitting || create.isPending || update.isPending || settling;

  /** The form as loaded, read by its own rules; null when the plan as stored breaks one. */
  function loadedOutput(): PlanFormOutput | null {
    const parsed = planForm.safeParse(loaded.current);
    return parsed.success ? parsed.data : null;
  }

  /** The plan is saved: its files follow. Answers how many failed (each has its own toast). */
  async function saveAttachments(planId: number): Promise<number> {
    if (!attachments.changed) return 0;
    setSettling(true);
    try {
      return await attachments.save(planId);
    } finally {
      setSettling(false);
    }
  }

  /**
   * Closes once the lists show what was saved: closed first, the plan opened again at once
   * still showed the files just removed.
   */
  async function closeSaved() {
    setSettling(true);
    try {
      await invalidate();
    } finally {
      setSettling(false);
    }
    onClose();
  }

  // After a refused save, once the errors are drawn (a render of their own, after the one the
  // refusal starts): the first field marked invalid, in the order on screen (Title before
  // Circle; the date's button, which registers no ref, too).
  useEffect(() => {
    if (!focusFirstError.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    focusFirstError.current = false;
    first.focus();
  });

  useEffect(() => {
    if (step !== "form" || !focusTitle.current) return;
    focusTitle.current = false;
    form.setFocus("title");
  }, [step, form]);

  function toForm(next: PlanFormValues | null) {
    if (next) form.reset(next);
    focusTitle.current = true;
    setStep("form");
  }

  async function createPlan(values: PlanFormOutput) {
    try {
      const created = await create.mutateAsync({
        circleId: Number(values.circleId),
        ...createPayload(values, zone),
        timeZone: zone,
      });
      toast.success("Event created successfully");
      await saveAttachments(created.id);
      await closeSaved();
    } catch (error) {
      applyServerIssues(error, SERVER_FIELDS, form.setError);
      if (isPermissionRefusal(error)) planFailureToast(error, "Error creating event");
      else if (refusedWithReason(error)) {
        toast.error("Error creating event", { description: serverMessage(error, "") });
      } else {
        toast.error("Failed to create event", {
          description: serverMessage(error, "Please try again."),
        });
      }
    }
  }

  async function updatePlan(values: PlanFormOutput, scope?: OccurrenceScope) {
    if (!plan) return;
    try {
      const input = editInput({ plan, before: loadedOutput(), after: values, zone, scope });
      const saved = input ? await update.mutateAsync(input) : plan;
      const failed = await saveAttachments(plan.id);
      // A file's failure stays the toast on screen (one at a time): the plan's own change is
      // saved all the same, and the list shows it.
      if ((input || attachments.changed) && failed === 0) {
        toast.success(saved.type === "event" ? "Event updated successfully" : "Plan updated!");
      }
      await closeSaved();
    } catch (error) {
      if (httpStatus(error) === 409) {
        setConflict(serverMessage(error, "This plan was changed by someone else."));
        return;
      }
      applyServerIssues(error, SERVER_FIELDS, form.setError);
      if (isPermissionRefusal(error)) planFailureToast(error, "Error updating event");
      else if (refusedWithReason(error)) {
        toast.error("Error updating event", { description: serverMessage(error, "") });
      } else {
        toast.error("Failed to update plan", {
          description: serverMessage(error, "Please try again."),
        });
      }
    }
  }

  async function reload() {
    if (!plan) return;
    setReloading(true);
    try {
      // A series answers the occurrence it is asked for: the one being edited.
      const fresh = await utils.client.plans.get.query({ id: plan.id, ...occurrenceRef(plan) });
      setPlan(fresh);
      loaded.current = planValuesFrom(fresh, zone);
      form.reset(loaded.current);
      setConflict(null);
      void invalidate();
    } catch (error) {
      toast.error("Failed to load event details for editing", {
        description: serverMessage(error, "Please try again."),
      });
    } finally {
      setReloading(false);
    }
  }

  const onValid = async (values: PlanFormOutput) => {
    if (!plan) return createPlan(values);
    if (isSeriesOccurrence(plan)) {
      setScopeAsked({ values, allowOccurrence: !recurrenceChanged(loadedOutput(), values) });
      return;
    }
    return updatePlan(values);
  };

  // The create form's own toasts for its two required fields (spec section 5); the fields say
  // it too. Focus goes to the first field in error (the effect above).
  const onInvalid = (errors: FieldErrors<PlanFormValues>) => {
    focusFirstError.current = true;
    if (editing) return;
    if (errors.title) {
      toast.error("Title required", { description: "Please enter a title for the event." });
    } else if (errors.circleId) {
      toast.error("Circle required", { description: "Please select a circle for the event." });
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Plan" : "Create Plan"}</DialogTitle>
        <DialogDescription>
          {editing
            ? "Change the plan's details and save."
            : step === "text"
              ? "Say what the plan is in your own words, or fill in the Manual Form."
              : "Add an event, a to-do, or a task for someone in your circle."}
        </DialogDescription>
      </DialogHeader>
      {step === "text" ? (
        <PlanTextStep
          form={form}
          referenceDay={defaultDate}
          onParsed={(outcome) => toForm(valuesFrom(outcome))}
          onManual={() => toForm(null)}
          onCancel={onClose}
        />
      ) : (
        <>
          {conflict ? (
            <Alert variant="destructive">
              <RefreshCw aria-hidden="true" />
              <AlertTitle>Changed by someone else</AlertTitle>
              <AlertDescription className="grid gap-2">
                <p>{conflict}</p>
                <div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => void reload()}
                    disabled={reloading}
                  >
                    {reloading ? "Reloading..." : "Reload plan"}
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          ) : null}
          <form
            ref={formRef}
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit(onValid, onInvalid)}
          >
            <PlanFormFields
              form={form}
              plan={plan}
              userId={userId}
              attachments={attachments}
              disabled={saving}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving || reloading}>
                {saving ? "Saving..." : "Save Changes"}
              </Button>
            </DialogFooter>
          </form>
          <EditScopeDialog
            open={scopeAsked !== null}
            onOpenChange={(open) => {
              if (!open) setScopeAsked(null);
            }}
            allowOccurrence={scopeAsked?.allowOccurrence ?? true}
            onChoose={(scope) => {
              const values = scopeAsked?.values;
              setScopeAsked(null);
              if (values) void updatePlan(values, scope);
            }}
          />
        </>
      )}
    </>
  );
}

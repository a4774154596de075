import { NLP_TEXT_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { PlanCircleSelect } from "@/components/plans/plan-circle-select";
import { type PlanTextOutcome, useProcessPlanText } from "@/components/plans/process-plan-text";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import type { PlanFormOutput, PlanFormValues } from "./plan-form-values";

/** Said when Enter is pressed on an empty box: nothing is sent. */
export const EMPTY_TEXT_MESSAGE = "Describe the plan first, or use the Manual Form.";

interface PlanTextStepProps {
  /** The Create Plan form: its circle is the one the sentence is read for. */
  form: UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;
  onParsed(outcome: PlanTextOutcome): void;
  /** The day the dialog was opened on, read as "today" by the server; today when absent. */
  referenceDay?: string | undefined;
  onManual(): void;
  onCancel(): void;
}

/**
 * The Create Plan dialog's first step (plans spec, sections 2 and 4): a sentence in everyday
 * words, read by the server into the form. Enter processes it, Shift+Enter starts a new line,
 * and the Manual Form link goes straight to the form. The circle chosen here is the form's own,
 * so it stays chosen in the form.
 */
export function PlanTextStep({
  form,
  onParsed,
  onManual,
  onCancel,
  referenceDay,
}: PlanTextStepProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const { process, pending } = useProcessPlanText({ referenceDay });
  const circleError = form.formState.errors.circleId?.message;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    if (!text.trim()) {
      setError(EMPTY_TEXT_MESSAGE);
      return;
    }
    const circleId = Number(form.getValues("circleId"));
    if (!(circleId > 0)) {
      form.setError("circleId", { type: "required", message: messages.circleRequired });
      form.setFocus("circleId");
      toast.error("Circle required", { description: messages.circleRequired });
      return;
    }
    setError(undefined);
    const answer = await process(text, circleId);
    if (answer.outcome) onParsed(answer.outcome);
    else setError(answer.refusal);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a word uses Enter to confirm it, not to send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <Field
        id="plan-text"
        label="Describe your plan"
        error={error}
        hint="Press Enter to read it into the form; Shift+Enter starts a new line."
      >
        {(control) => (
          <Textarea
            {...control}
            value={text}
            onChange={(change) => {
              setText(change.target.value);
              if (error) setError(undefined);
            }}
            onKeyDown={onKeyDown}
            rows={4}
            maxLength={NLP_TEXT_MAX_LENGTH}
            readOnly={pending}
            aria-busy={pending}
            placeholder="e.g. Emma's piano lesson every Tuesday at 5 at the music school, remind me 30 minutes before"
          />
        )}
      </Field>
      <Controller
        control={form.control}
        name="circleId"
        render={({ field }) => (
          <PlanCircleSelect
            id="plan-text-circle"
            value={field.value}
            onChange={(circleId) => {
              field.onChange(circleId);
              // A member of the old circle may not be one of the new.
              form.setValue("assignedTo", "");
              form.clearErrors("circleId");
            }}
            selectRef={field.ref}
            error={circleError}
            disabled={pending}
          />
        )}
      />
      <p role="status" className="sr-only">
        {pending ? "Reading your plan…" : ""}
      </p>
      <DialogFooter className="sm:items-center sm:justify-between">
        <Button type="button" variant="link" onClick={onManual} disabled={pending}>
          Manual Form
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Processing..." : "Process"}
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

import type { Plan } from "@circleplan/shared/plan-outputs";
import { Clock, Link2, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { SwitchRow } from "@/components/ui/switch-row";
import { TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { type AttachmentDraft, AttachmentsField } from "./attachments-field";
import { DateField } from "./date-field";
import type { PlanFormOutput, PlanFormValues } from "./plan-form-values";
import { RecurrenceEditor } from "./recurrence-editor";
import { RemindersField } from "./reminders-field";

type PlanForm = UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;

/** The start's and the end's input: a 24-hour time typed as HH:MM. */
const timeInput = {
  icon: Clock,
  iconAt: "end",
  inputMode: "numeric",
  placeholder: "HH:MM",
  autoComplete: "off",
  maxLength: 5,
} as const;

interface PlanFormFieldsProps {
  form: PlanForm;
  /** The plan being edited; absent when creating. */
  plan?: Plan | undefined;
  userId: number;
  /** The files chosen and removed, sent after the plan is saved. */
  attachments: AttachmentDraft;
  disabled: boolean;
}

/**
 * Every field of the plan form, in the spec's order (section 2): title, description, date,
 * time, circle, location, assignee, reminders, map URL, attachments, recurrence, and the Mark
 * as completed switch for tasks. The end time (issue 21), the all-day switch and the type of an
 * unassigned plan are ours. The order on screen is the order in the page, so Tab follows it.
 */
export function PlanFormFields({ form, plan, userId, attachments, disabled }: PlanFormFieldsProps) {
  const { errors } = form.formState;
  const [date, allDay, circleId, assignedTo, kind, endDaysAfter] = useWatch({
    control: form.control,
    name: ["date", "allDay", "circleId", "assignedTo", "kind", "endDaysAfter"],
  });
  const editing = Boolean(plan);
  const isTask = Boolean(assignedTo) || kind === "todo";

  return (
    <div className="grid gap-4">
      <TextField
        form={form}
        name="title"
        id="plan-title"
        label="Title"
        placeholder="e.g. Family dinner"
        autoComplete="off"
        disabled={disabled}
      />

      <Field id="plan-description" label="Description" optional error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("description")}
            rows={2}
            placeholder="Details everyone should know"
            disabled={disabled}
          />
        )}
      </Field>

      <div className={cn("grid gap-4", allDay ? "sm:grid-cols-2" : "sm:grid-cols-3")}>
        <Field id="plan-date" label="Date" error={errors.date?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DateField
                  control={control}
                  label="Date"
                  value={field.value}
                  onChange={(day) => field.onChange(day)}
                  disabled={disabled}
                />
              )}
            />
          )}
        </Field>
        {allDay ? null : (
          <>
            <TextField
              form={form}
              name="time"
              id="plan-time"
              label="Time"
              hint="24-hour, HH:MM"
              {...timeInput}
              disabled={disabled}
            />
            <TextField
              form={form}
              name="endTime"
              id="plan-end-time"
              label="End time"
              optional
              hint={endHint(endDaysAfter)}
              {...timeInput}
              disabled={disabled}
            />
          </>
        )}
      </div>
      <FormSwitch form={form} name="allDay" id="plan-all-day" label="All day" disabled={disabled} />

      <CircleSelect form={form} disabled={disabled} />

      <TextField
        form={form}
        name="location"
        id="plan-location"
        label="Location"
        optional
        icon={MapPin}
        placeholder="Where is it?"
        autoComplete="off"
        disabled={disabled}
      />

      <fieldset className="grid gap-2" disabled={disabled || Boolean(assignedTo)}>
        <legend className="mb-2 text-sm leading-none font-medium">Type</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ["event", "Event"],
              ["todo", "To-do"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                value={value}
                className="size-4 accent-primary focus-visible:outline-none"
                {...form.register("kind")}
              />
              {label}
            </label>
          ))}
        </div>
        {assignedTo ? (
          <p className="text-xs text-muted-foreground">
            A plan assigned to someone is a task: they accept or decline it.
          </p>
        ) : null}
      </fieldset>

      <AssigneeSelect
        form={form}
        circleId={circleId}
        userId={userId}
        assignedToMe={plan?.assignedTo === userId}
        disabled={disabled}
      />

      <Controller
        control={form.control}
        name="reminders"
        render={({ field }) => (
          <RemindersField
            id="plan-reminders"
            value={field.value}
            onChange={field.onChange}
            error={errors.reminders?.message}
            disabled={disabled}
          />
        )}
      />

      <TextField
        form={form}
        name="mapUrl"
        id="plan-map-url"
        label="Map URL"
        optional
        icon={Link2}
        type="url"
        inputMode="url"
        placeholder="https://maps.example.com/…"
        autoComplete="off"
        disabled={disabled}
      />

      <AttachmentsField draft={attachments} disabled={disabled} />

      <Controller
        control={form.control}
        name="recurrence"
        render={({ field }) => (
          <RecurrenceEditor
            id="plan-repeat"
            value={field.value}
            onChange={field.onChange}
            date={date}
            errors={{
              daysOfWeek: errors.recurrence?.daysOfWeek?.message,
              endDate: errors.recurrence?.endDate?.message,
            }}
            disabled={disabled}
          />
        )}
      />

      {editing && isTask ? (
        <FormSwitch
          form={form}
          name="isCompleted"
          id="plan-completed"
          label="Mark as completed"
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

/** Empty is no end; an end read or stored on a later day says which. */
function endHint(daysAfter: number): string {
  if (daysAfter === 1) return "Ends the next day";
  if (daysAfter > 1) return `Ends ${daysAfter} days later`;
  return "Empty for no end";
}

function CircleSelect({ form, disabled }: { form: PlanForm; disabled: boolean }) {
  const circles = trpc.circles.list.useQuery();
  const error =
    form.formState.errors.circleId?.message ??
    (circles.error ? "Your circles could not be loaded." : undefined);
  return (
    <FormSelect
      form={form}
      name="circleId"
      id="plan-circle"
      label="Circle"
      error={error}
      // A member of the old circle may not be one of the new: the assignee starts over.
      onChosen={() => form.setValue("assignedTo", "")}
      disabled={disabled || circles.isPending}
    >
      <option value="">{circles.isPending ? "Loading circles…" : "Select a circle"}</option>
      {circles.data?.map((circle) => (
        <option key={circle.id} value={String(circle.id)}>
          {circle.name}
        </option>
      ))}
    </FormSelect>
  );
}

/**
 * The chosen circle's members (spec section 5): never the current user when creating, and
 * the current user when editing a plan already assigned to them. Admins carry (Admin).
 */
function AssigneeSelect({
  form,
  circleId,
  userId,
  assignedToMe,
  disabled,
}: {
  form: PlanForm;
  circleId: string;
  userId: number;
  assignedToMe: boolean;
  disabled: boolean;
}) {
  const id = Number(circleId);
  const members = trpc.circles.members.useQuery({ id }, { enabled: id > 0 });
  const choices = (members.data ?? []).filter((member) => member.userId !== userId || assignedToMe);
  return (
    <FormSelect
      form={form}
      name="assignedTo"
      id="plan-assignee"
      label="Assign to"
      optional
      error={form.formState.errors.assignedTo?.message}
      hint={id > 0 ? undefined : "Choose a circle to see its members."}
      disabled={disabled || !(id > 0) || members.isPending}
    >
      <option value="">Nobody</option>
      {choices.map((member) => (
        <option key={member.userId} value={String(member.userId)}>
          {`${member.user.firstName} ${member.user.lastName}`}
          {member.role === "admin" ? " (Admin)" : ""}
        </option>
      ))}
    </FormSelect>
  );
}

/** One of the form's on/off fields as a switch on its own row. */
function FormSwitch({
  form,
  name,
  id,
  label,
  disabled,
}: {
  form: PlanForm;
  name: "allDay" | "isCompleted";
  id: string;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SwitchRow
          id={id}
          label={label}
          checked={field.value}
          onCheckedChange={field.onChange}
          disabled={disabled}
        />
      )}
    />
  );
}

/**
 * One of the form's choices of a person or a circle, in a select the form controls: the
 * options arrive after the form's value, and a native select left to itself would drop a value
 * it has no option for yet.
 */
function FormSelect({
  form,
  name,
  id,
  label,
  optional,
  error,
  hint,
  onChosen,
  disabled,
  children,
}: {
  form: PlanForm;
  name: "circleId" | "assignedTo";
  id: string;
  label: string;
  optional?: boolean;
  error: string | undefined;
  hint?: string | undefined;
  /** After the choice is made, for fields that depend on it. */
  onChosen?: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} optional={optional} error={error} hint={hint}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <NativeSelect
              {...control}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(change) => {
                field.onChange(change.target.value);
                onChosen?.();
              }}
              disabled={disabled}
            >
              {children}
            </NativeSelect>
          )}
        />
      )}
    </Field>
  );
}

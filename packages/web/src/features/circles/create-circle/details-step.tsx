import {
  circleDescriptionField,
  circleNameField,
  hexColorField,
} from "@circleplan/shared/circle-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { Check } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod";
import { Button } from "@/components/ui/button";
import { textColorOn } from "@/components/ui/circle-avatar";
import { DialogFooter } from "@/components/ui/dialog";
import { Field, FieldError } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { COLOR_CHOICES, NEW_CIRCLE_COLOR } from "../circle-colors";

/** A personal circle comes with the account; these are the ones a person makes. */
const NEW_CIRCLE_TYPES = [
  { value: "family", label: "Family" },
  { value: "work", label: "Work" },
  { value: "custom", label: "Custom" },
] as const;

const detailsForm = z.object({
  name: circleNameField,
  description: circleDescriptionField,
  color: hexColorField,
  type: z.enum(["family", "work", "custom"]),
});
type DetailsInput = z.input<typeof detailsForm>;
export type Details = z.output<typeof detailsForm>;

/** Step 1: name, description, type and colour. */
export function DetailsStep({
  initial,
  onCancel,
  onNext,
}: {
  initial: Details | null;
  onCancel: () => void;
  onNext: (details: Details) => void;
}) {
  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(detailsForm),
    defaultValues: {
      name: initial?.name ?? "",
      description: initial?.description ?? "",
      color: initial?.color ?? NEW_CIRCLE_COLOR,
      type: initial?.type ?? "custom",
    },
  });
  const color = useWatch({ control: form.control, name: "color" });
  const colorError = form.formState.errors.color?.message;
  const customColorId = useId();

  return (
    <form noValidate onSubmit={form.handleSubmit(onNext)} className="grid gap-4">
      <TextField
        form={form}
        name="name"
        id="create-circle-name"
        label="Circle Name"
        placeholder="e.g. The Smiths"
        autoComplete="off"
        autoFocus
      />
      <Field
        id="create-circle-description"
        label="Description"
        optional
        error={form.formState.errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("description")}
            rows={2}
            placeholder="What is this circle for?"
          />
        )}
      </Field>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium">Type</legend>
        <div className="grid grid-cols-3 gap-2">
          {NEW_CIRCLE_TYPES.map((type) => (
            <label
              key={type.value}
              htmlFor={`create-circle-type-${type.value}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                id={`create-circle-type-${type.value}`}
                type="radio"
                value={type.value}
                className="size-4 accent-primary focus-visible:outline-none"
                {...form.register("type")}
              />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset
        className="grid gap-2"
        aria-describedby={colorError ? "create-circle-color-error" : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Colour</legend>
        <div className="flex flex-wrap items-center gap-2">
          {COLOR_CHOICES.map((choice) => {
            const checked = color.toUpperCase() === choice.value;
            return (
              <label
                key={choice.value}
                className="relative flex size-9 items-center justify-center rounded-full ring-offset-2 ring-offset-card has-checked:ring-2 has-checked:ring-foreground"
                style={{ backgroundColor: choice.value, color: textColorOn(choice.value) }}
              >
                {/* The radio itself covers the swatch, so it is what a pointer presses. */}
                <input
                  type="radio"
                  name="create-circle-color"
                  value={choice.value}
                  checked={checked}
                  onChange={() => form.setValue("color", choice.value, { shouldDirty: true })}
                  aria-label={choice.name}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
                />
                {checked ? (
                  <Check aria-hidden="true" className="pointer-events-none size-4" />
                ) : null}
              </label>
            );
          })}
          <span className="ml-1 flex items-center gap-2">
            <input
              id={customColorId}
              type="color"
              value={color.toLowerCase()}
              onChange={(event) =>
                form.setValue("color", event.target.value.toUpperCase(), { shouldDirty: true })
              }
              className="h-9 w-12 cursor-pointer rounded-md border border-input bg-card p-1"
            />
            <Label htmlFor={customColorId} className="font-normal text-muted-foreground">
              Other colour
            </Label>
          </span>
        </div>
        <FieldError id="create-circle-color-error" message={colorError} />
      </fieldset>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Next</Button>
      </DialogFooter>
    </form>
  );
}

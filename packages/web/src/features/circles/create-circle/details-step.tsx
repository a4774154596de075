import {
  circleDescriptionField,
  circleNameField,
  hexColorField,
} from "@circleplan/shared/circle-schemas";
import { CIRCLE_TYPE_COLORS } from "@circleplan/shared/limits";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field";
import { TextField } from "@/components/ui/text-field";
import { CircleColorPicker } from "../circle-color-picker";
import { CircleDescriptionField } from "../circle-description-field";

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

/**
 * Step 1: name, description, type and colour. The colour follows the type (spec section 1:
 * green for a family, purple for custom, grey otherwise) until the person picks one, which then
 * stays whatever type they choose (docs/decisions/021).
 */
export function DetailsStep({
  initial,
  onCancel,
  onNext,
}: {
  initial: Details | null;
  onCancel: () => void;
  onNext: (details: Details) => void;
}) {
  const initialType = initial?.type ?? "custom";
  const form = useForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(detailsForm),
    defaultValues: {
      name: initial?.name ?? "",
      description: initial?.description ?? "",
      color: initial?.color ?? CIRCLE_TYPE_COLORS[initialType],
      type: initialType,
    },
  });
  // Back from a later step, a colour other than its type's was one the person picked.
  const [colorChosen, setColorChosen] = useState(
    () => initial !== null && initial.color !== CIRCLE_TYPE_COLORS[initial.type],
  );
  const color = useWatch({ control: form.control, name: "color" });
  const colorError = form.formState.errors.color?.message;

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
      <CircleDescriptionField
        id="create-circle-description"
        registration={form.register("description")}
        error={form.formState.errors.description?.message}
      />

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
                {...form.register("type", {
                  // react-hook-form keeps one onChange per field (the last radio's): read the event.
                  onChange: (event) => {
                    const chosen = event.target.value as Details["type"];
                    if (!colorChosen) form.setValue("color", CIRCLE_TYPE_COLORS[chosen]);
                  },
                })}
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
        <CircleColorPicker
          name="create-circle-color"
          value={color}
          onChange={(value) => {
            setColorChosen(true);
            form.setValue("color", value, { shouldDirty: true });
          }}
        />
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

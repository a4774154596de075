import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";

/** A circle's optional description: the creation dialog and the settings' General tab. */
export function CircleDescriptionField({
  id,
  registration,
  error,
  readOnly = false,
}: {
  id: string;
  /** `form.register("description")` of the form it belongs to. */
  registration: UseFormRegisterReturn;
  error: string | undefined;
  readOnly?: boolean;
}) {
  return (
    <Field id={id} label="Description" optional error={error}>
      {(control) => (
        <Textarea
          {...control}
          {...registration}
          rows={2}
          readOnly={readOnly}
          placeholder={readOnly ? undefined : "What is this circle for?"}
        />
      )}
    </Field>
  );
}

import type { Circle } from "@circleplan/shared/circle-outputs";
import { circleDescriptionField, circleNameField } from "@circleplan/shared/circle-schemas";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { CircleDescriptionField } from "./circle-description-field";
import { isCircleAdmin } from "./circle-permissions";

const detailsForm = z.object({ name: circleNameField, description: circleDescriptionField });
type DetailsInput = z.input<typeof detailsForm>;

/**
 * The circle's name (spec section 2, settings General) and its description (issue 20: set at
 * creation, changeable after), with Save Changes. Save waits for a change and is disabled for
 * non-admins, who see both read-only; in the dialog they are also told why. Only what changed is
 * sent, so a rename stays the spec's `{ name }`.
 */
export function CircleDetailsForm({
  circle,
  variant,
}: {
  circle: Circle;
  variant: "page" | "dialog";
}) {
  const update = trpc.circles.update.useMutation();
  const cache = useCircleCache();
  const admin = isCircleAdmin(circle);
  const form = useForm<DetailsInput, unknown, z.output<typeof detailsForm>>({
    resolver: zodResolver(detailsForm),
    values: { name: circle.name, description: circle.description ?? "" },
    resetOptions: { keepDirtyValues: true },
  });
  const [name, description] = useWatch({ control: form.control, name: ["name", "description"] });
  const nameChanged = (name ?? "").trim() !== circle.name;
  const descriptionChanged = (description ?? "").trim() !== (circle.description ?? "");
  const id = `${variant}-circle`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync({
        id: circle.id,
        ...(nameChanged ? { name: values.name } : {}),
        ...(descriptionChanged ? { description: values.description } : {}),
      });
      await cache.circleSaved(updated);
      // What was saved, as the server wrote it (trimmed); the form's own resetOptions would
      // keep the typed text, spaces and all.
      form.reset(
        { name: updated.name, description: updated.description ?? "" },
        { keepDirtyValues: false },
      );
      toast.success("Circle updated", { description: "Your changes are saved." });
    } catch (error) {
      applyServerIssues(error, ["name", "description"], form.setError);
      toast.error("Failed to update circle", {
        description: serverMessage(error, "Please try again."),
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        form={form}
        name="name"
        id={`${id}-name`}
        label="Circle Name"
        autoComplete="off"
        readOnly={!admin}
        hint={!admin && variant === "dialog" ? messages.circleRenameAdminOnly : undefined}
      />
      <CircleDescriptionField
        id={`${id}-description`}
        registration={form.register("description")}
        error={form.formState.errors.description?.message}
        readOnly={!admin}
      />
      <div>
        <Button
          type="submit"
          disabled={!admin || update.isPending || !(nameChanged || descriptionChanged)}
        >
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}

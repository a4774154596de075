import type { Circle } from "@circleplan/shared/circle-outputs";
import { circleNameField } from "@circleplan/shared/circle-schemas";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import * as z from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { isCircleAdmin } from "./circle-permissions";

const renameForm = z.object({ name: circleNameField });
type RenameInput = z.input<typeof renameForm>;

/**
 * The circle name and Save Changes (spec section 2, settings General). Save waits for a change
 * and is disabled for non-admins, who see the name read-only; in the dialog they are also told
 * why.
 */
export function RenameCircleForm({
  circle,
  variant,
}: {
  circle: Circle;
  variant: "page" | "dialog";
}) {
  const update = trpc.circles.update.useMutation();
  const cache = useCircleCache();
  const admin = isCircleAdmin(circle);
  const form = useForm<RenameInput, unknown, z.output<typeof renameForm>>({
    resolver: zodResolver(renameForm),
    values: { name: circle.name },
    resetOptions: { keepDirtyValues: true },
  });
  const name = useWatch({ control: form.control, name: "name" });
  const unchanged = (name ?? "").trim() === circle.name;
  const id = `${variant}-circle-name`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync({ id: circle.id, name: values.name });
      await cache.circleSaved(updated);
      form.reset({ name: updated.name });
      toast.success("Circle updated", { description: "The new name is saved." });
    } catch (error) {
      applyServerIssues(error, ["name"], form.setError);
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
        id={id}
        label="Circle Name"
        autoComplete="off"
        readOnly={!admin}
        hint={!admin && variant === "dialog" ? messages.circleRenameAdminOnly : undefined}
      />
      <div>
        <Button type="submit" disabled={!admin || update.isPending || unchanged}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}

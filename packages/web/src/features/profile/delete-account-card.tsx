import type { Circle } from "@circleplan/shared/circle-outputs";
import {
  type DeleteAccountInput,
  deleteAccountInput,
} from "@circleplan/shared/data-rights-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { useSignOut } from "@/lib/session";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

/** What becomes of the circles the user created (docs/decisions/014), for the card to say. */
export function circleFates(circles: readonly Circle[]) {
  const created = circles.filter((circle) => circle.isCreator && circle.type !== "personal");
  return {
    handedOver: created.filter((circle) => circle.memberCount > 1).map((circle) => circle.name),
    deleted: created.filter((circle) => circle.memberCount <= 1).map((circle) => circle.name),
  };
}

const names = (list: readonly string[]) => list.join(", ");

/**
 * The Account tab's way out (docs/decisions/014): says what goes and what stays, then asks for
 * the password in a confirmation dialog. Once the server has deleted the account, this device
 * is signed out as any sign-out does (client state wiped, back to the start).
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const circles = trpc.circles.list.useQuery();
  const remove = trpc.user.deleteAccount.useMutation();
  const { signOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInput),
    defaultValues: { password: "" },
  });
  const fates = circleFates(circles.data ?? []);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await remove.mutateAsync({ password });
      toast.success("Account deleted", { description: result.message });
      await signOut();
    } catch (error) {
      if (!applyServerIssues(error, ["password"], form.setError)) {
        toast.error("Failed to delete your account", {
          description: serverMessage(error, "Please try again."),
        });
      }
    }
  });

  function openChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset({ password: "" });
  }

  return (
    <Card className="border-destructive-text/50">
      <CardHeader>
        <CardTitle className="text-destructive-text">Delete account</CardTitle>
        <CardDescription>
          Deleting your account cannot be undone. Download your data first if you want a copy.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Your profile and photo, and your sign-ins on every device, are removed.</li>
          <li>
            Plans and tasks you created are deleted from every circle, also for the people you
            shared them with.
          </li>
          <li>Tasks others gave you go back to them.</li>
          {fates.handedOver.length ? (
            <li>
              {names(fates.handedOver)}: passed on to the longest-standing admin, or member if there
              is no other admin.
            </li>
          ) : null}
          {fates.deleted.length ? (
            <li>{names(fates.deleted)}: deleted, as nobody else is in them.</li>
          ) : null}
        </ul>
        <p className="text-sm">We'll send a confirmation to {email}.</p>
        <ConfirmDialog
          open={open}
          onOpenChange={openChange}
          trigger={
            <Button variant="destructive" className="justify-self-start">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          }
          title="Delete your account?"
          description="This cannot be undone. Enter your password to confirm."
          confirmLabel="Delete my account"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => void onSubmit()}
        >
          {/* One field and no submit button of its own: Enter in it submits, as confirming does. */}
          <form noValidate onSubmit={onSubmit}>
            <TextField
              form={form}
              name="password"
              id="delete-account-password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
          </form>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}

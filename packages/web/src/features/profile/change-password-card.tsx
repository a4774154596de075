import { changePasswordForm } from "@circleplan/shared/auth-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NEW_PASSWORD_HINT, newPasswordInput, TextField } from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

type ChangePasswordValues = z.input<typeof changePasswordForm>;

const emptyValues: ChangePasswordValues = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
};

/** The Account tab's password form (the spec's New password, Confirm password, Update Password). */
export function ChangePasswordCard({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const changePassword = trpc.user.changePassword.useMutation();
  const form = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: emptyValues,
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const result = await changePassword.mutateAsync({ currentPassword, newPassword });
      form.reset(emptyValues);
      toast.success("Password updated", { description: result.message });
      // The server has signed the other sessions out and ended the calendar links (decision
      // 006): the cards below should show it.
      void utils.user.sessions.invalidate();
      void utils.calendarFeeds.list.invalidate();
    } catch (error) {
      applyServerIssues(error, ["currentPassword", "newPassword"], form.setError);
      toast.error("Failed to update password", {
        description: serverMessage(error, "Please try again."),
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Your other devices are signed out, and your calendar links stop working, when the password
          changes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {/* Lets password managers file the new password under the right account. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <TextField
            form={form}
            name="currentPassword"
            id="account-current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            form={form}
            name="newPassword"
            id="account-new-password"
            label="New password"
            hint={NEW_PASSWORD_HINT}
            {...newPasswordInput}
          />
          <TextField
            form={form}
            name="confirmPassword"
            id="account-confirm-password"
            label="Confirm password"
            {...newPasswordInput}
          />
          <div>
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? "Updating..." : "Update Password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

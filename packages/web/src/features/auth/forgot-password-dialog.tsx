import { emailOnlyInput, resetPasswordForm } from "@circleplan/shared/auth-schemas";
import { OTP_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { REGEXP_ONLY_DIGITS } from "input-otp";
import { CircleCheck, KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { InputOTP, InputOTPGroup, InputOTPSlot } from "@/components/ui/input-otp";
import {
  emailInput,
  NEW_PASSWORD_HINT,
  newPasswordInput,
  TextField,
} from "@/components/ui/text-field";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { DEV_CODE_TOAST_MS } from "@/lib/timings";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
  /** Called once the dialog has closed: with the account's email when its password was reset. */
  onClosed: (resetFor: string | null) => void;
}

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail,
  onClosed,
}: ForgotPasswordDialogProps) {
  const resetFor = useRef<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={() => {
          resetFor.current = null;
        }}
        onCloseAutoFocus={(event) => {
          // The dialog opens without a trigger element, so Radix has nowhere to send focus back
          // to: the login form decides where the person continues.
          event.preventDefault();
          onClosed(resetFor.current);
        }}
      >
        {/* The content unmounts when the dialog closes, so closing resets every step. */}
        <ForgotPasswordFlow
          initialEmail={initialEmail}
          onReset={(email) => {
            resetFor.current = email;
          }}
          onClose={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The words every place that shows a sandbox's reset code uses. */
const sandboxCodeText = (code: string) => `Sandbox mode: your reset code is ${code}`;

/**
 * Sandbox mode has no mail, so the code is shown where it cannot be missed, as the spec's call
 * table says: a toast lasting 10 s and an alert (docs/decisions/021). The browser's alert is
 * also what a screen reader announces: the open dialog hides the toast from assistive technology.
 */
function showSandboxCode(code: string) {
  toast.info("Sandbox reset code", {
    description: sandboxCodeText(code),
    duration: DEV_CODE_TOAST_MS,
  });
  window.alert(sandboxCodeText(code));
}

type Step =
  | { name: "email" }
  | { name: "code"; email: string; devOtp: string | null }
  | { name: "done"; message: string };

function ForgotPasswordFlow({
  initialEmail,
  onReset,
  onClose,
}: {
  initialEmail: string;
  onReset: (email: string) => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: "email" });
  const [email, setEmail] = useState(initialEmail.trim());

  if (step.name === "done") {
    return (
      <>
        <DialogHeader className="items-center text-center">
          <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />
          <DialogTitle>Password Reset</DialogTitle>
          <DialogDescription>{step.message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button className="w-full" onClick={onClose}>
            Back to Login
          </Button>
        </DialogFooter>
      </>
    );
  }

  if (step.name === "code") {
    return (
      <ResetStep
        email={step.email}
        devOtp={step.devOtp}
        onBack={() => setStep({ name: "email" })}
        onDone={(message) => {
          onReset(step.email);
          setStep({ name: "done", message });
        }}
      />
    );
  }

  return (
    <EmailStep
      email={email}
      onSent={(sentTo, devOtp) => {
        setEmail(sentTo);
        setStep({ name: "code", email: sentTo, devOtp });
      }}
    />
  );
}

function EmailStep({
  email,
  onSent,
}: {
  email: string;
  onSent: (email: string, devOtp: string | null) => void;
}) {
  const forgotPassword = trpc.auth.forgotPassword.useMutation();
  const form = useForm<z.input<typeof emailOnlyInput>, unknown, z.output<typeof emailOnlyInput>>({
    resolver: zodResolver(emailOnlyInput),
    defaultValues: { email },
  });

  const onSubmit = form.handleSubmit(async ({ email: address }) => {
    try {
      const result = await forgotPassword.mutateAsync({ email: address });
      const devOtp = result.dev_otp ?? null;
      if (devOtp) showSandboxCode(devOtp);
      onSent(address, devOtp);
    } catch (error) {
      applyServerIssues(error, ["email"], form.setError);
      toast.error("Error", { description: serverMessage(error, "Failed to send reset code") });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>
          Enter your account email and we will send you a {OTP_LENGTH}-digit reset code.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          form={form}
          name="email"
          id="forgot-email"
          label="Email"
          {...emailInput}
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={forgotPassword.isPending}>
          {forgotPassword.isPending ? "Sending..." : "Send Reset Code"}
        </Button>
      </form>
    </>
  );
}

type ResetValues = z.input<typeof resetPasswordForm>;

function ResetStep({
  email,
  devOtp,
  onBack,
  onDone,
}: {
  email: string;
  devOtp: string | null;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const resetPassword = trpc.auth.resetPassword.useMutation();
  const form = useForm<ResetValues, unknown, z.output<typeof resetPasswordForm>>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { otp: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ otp, newPassword }) => {
    try {
      const result = await resetPassword.mutateAsync({ email, otp, newPassword });
      onDone(result.message || messages.passwordReset);
    } catch (error) {
      applyServerIssues(error, ["otp", "newPassword"], form.setError);
      toast.error("Error", { description: serverMessage(error, "Failed to reset password") });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Enter your reset code</DialogTitle>
        <DialogDescription>
          If an account exists for{" "}
          <strong className="text-foreground wrap-anywhere">{email}</strong>, a {OTP_LENGTH}-digit
          code is on its way. It expires in 15 minutes.
        </DialogDescription>
      </DialogHeader>
      {devOtp ? (
        <Alert>
          <KeyRound aria-hidden="true" />
          <AlertDescription>
            Sandbox mode: your reset code is{" "}
            <strong className="font-mono tracking-widest">{devOtp}</strong>
          </AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <Field id="reset-otp" label="Reset Code" error={errors.otp?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="otp"
              render={({ field }) => (
                <InputOTP
                  {...control}
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxLength={OTP_LENGTH}
                  pattern={REGEXP_ONLY_DIGITS}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoFocus
                >
                  <InputOTPGroup>
                    {Array.from({ length: OTP_LENGTH }, (_, index) => (
                      <InputOTPSlot
                        // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions, the index is their identity
                        key={index}
                        index={index}
                        aria-invalid={Boolean(errors.otp)}
                      />
                    ))}
                  </InputOTPGroup>
                </InputOTP>
              )}
            />
          )}
        </Field>
        <TextField
          form={form}
          name="newPassword"
          id="reset-new-password"
          label="New Password"
          hint={NEW_PASSWORD_HINT}
          {...newPasswordInput}
        />
        <TextField
          form={form}
          name="confirmPassword"
          id="reset-confirm-password"
          label="Confirm Password"
          {...newPasswordInput}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" disabled={resetPassword.isPending}>
            {resetPassword.isPending ? "Resetting..." : "Reset Password"}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

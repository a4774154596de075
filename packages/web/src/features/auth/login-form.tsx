import type { LoginInput } from "@circleplan/shared/auth-schemas";
import { messages } from "@circleplan/shared/messages";
import { TriangleAlert } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { emailInput, TextField } from "@/components/ui/text-field";
import { errorData, serverMessage } from "@/lib/errors";
import { lazyResolver } from "@/lib/forms";
import { LOGIN_REDIRECT_DELAY_MS } from "@/lib/timings";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { devMailboxHref } from "./check-email";

// Only offered after a failed login: its dialog (Radix Dialog, input-otp) downloads then.
const ForgotPasswordDialog = lazy(() =>
  import("./forgot-password-dialog").then((m) => ({ default: m.ForgotPasswordDialog })),
);

// The shared schema and zod download when the form is first touched: /auth paints without them.
const loginResolver = lazyResolver<LoginInput>(async () => {
  const [{ zodResolver }, { loginInput }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@circleplan/shared/auth-schemas"),
  ]);
  return zodResolver(loginInput);
});

export function LoginForm({
  returnTo,
  initialEmail = "",
}: {
  returnTo: string;
  /** The address an invitation was mailed to, when its link led here. */
  initialEmail?: string | undefined;
}) {
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const login = trpc.auth.login.useMutation();
  const [redirecting, setRedirecting] = useState(false);
  const [showForgotPassword, setShowForgotPassword] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const forgotButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: initialEmail, password: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    let user: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      user = await login.mutateAsync(values);
    } catch (error) {
      const data = errorData(error);
      setShowForgotPassword(data?.showForgotPassword === true);
      if (data?.code === "EMAIL_NOT_VERIFIED") setUnverifiedEmail(values.email.trim());
      toast.error("Login Failed", {
        description: serverMessage(error, messages.invalidCredentials),
      });
      return;
    }
    setRedirecting(true);
    utils.auth.user.setData(undefined, user);
    await utils.auth.user.invalidate();
    redirectTimer.current = window.setTimeout(() => navigate(returnTo), LOGIN_REDIRECT_DELAY_MS);
  });

  // isSubmitting covers the wait for the form's checks to download (lazyResolver).
  const busy = login.isPending || redirecting || form.formState.isSubmitting;

  return (
    <>
      <form noValidate onSubmit={onSubmit} onFocus={loginResolver.preload} className="grid gap-4">
        <TextField
          form={form}
          name="email"
          id="login-email"
          label="Email"
          {...emailInput}
          placeholder="you@example.com"
        />
        <TextField
          form={form}
          name="password"
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />

        {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}

        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Login"}
        </Button>

        {showForgotPassword ? (
          <Button
            ref={forgotButton}
            type="button"
            variant="link"
            className="justify-self-center"
            onClick={() => setForgotOpen(true)}
          >
            Forgot your password?
          </Button>
        ) : null}
      </form>
      {showForgotPassword ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            initialEmail={form.getValues("email")}
            onClosed={(resetFor) => {
              if (!resetFor) {
                forgotButton.current?.focus();
                return;
              }
              // Reset done: the account's email is filled in, so only the new password is left to type.
              form.setValue("email", resetFor);
              form.setFocus("password");
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ResendVerification({ email }: { email: string }) {
  const resend = trpc.auth.resendVerification.useMutation();
  const [sentToSandbox, setSentToSandbox] = useState(false);

  async function onResend() {
    try {
      const result = await resend.mutateAsync({ email });
      setSentToSandbox(Boolean(result.dev_verification_token));
      toast.success("Verification email sent", { description: result.message });
    } catch (error) {
      toast.error("Error", {
        description: serverMessage(error, "Failed to resend verification email"),
      });
    }
  }

  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription className="grid gap-2">
        <p>{messages.emailNotVerified}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onResend}
            disabled={resend.isPending}
          >
            {resend.isPending ? "Sending..." : "Resend verification email"}
          </Button>
          {sentToSandbox ? (
            <Link
              href={devMailboxHref(email)}
              className="text-sm font-medium underline underline-offset-4"
            >
              Open dev mailbox
            </Link>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}

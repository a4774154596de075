import { newPasswordField } from "@circleplan/shared/auth-schemas";
import { PASSWORD_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleX, KeyRound, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import * as z from "zod";
import { paths } from "@/app/paths";
import { LogoMark } from "@/components/logo";
import { ScreenHeading } from "@/components/screen-heading";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { NEW_PASSWORD_HINT, newPasswordInput, TextField } from "@/components/ui/text-field";
import { errorData, serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { safeReturnTo } from "@/lib/return-to";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";

const FAILED = "Email verification failed. The link may be expired or invalid.";
const NETWORK_FAILED = "An error occurred during email verification. Please try again.";

type State =
  | { status: "loading" }
  | { status: "password" }
  | { status: "success"; message: string }
  /** The link was opened before: the address stands proved, nothing changed now. */
  | { status: "already"; message: string }
  | { status: "error"; message: string }
  | { status: "invalid" };

export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const returnTo = searchParams.get("returnTo");
  const { mutateAsync: verifyEmail } = trpc.auth.verifyEmail.useMutation();
  const [state, setState] = useState<State>(token ? { status: "loading" } : { status: "invalid" });
  // A token works once. StrictMode runs effects twice in development, and a second call would
  // turn a success into "already used"; the ref survives that remount.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      setState({ status: "invalid" });
      return;
    }
    if (sentToken.current === token) return;
    sentToken.current = token;
    setState({ status: "loading" });
    verifyEmail({ token }).then(
      (result) =>
        setState({
          status: result.alreadyVerified ? "already" : "success",
          message: result.message,
        }),
      (error: unknown) =>
        setState(
          // A resent link: the token is still good once a password comes with it.
          errorData(error)?.code === "NEW_PASSWORD_REQUIRED"
            ? { status: "password" }
            : { status: "error", message: failureMessage(error) },
        ),
    );
  }, [token, verifyEmail]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center" aria-live="polite">
          <LogoMark className="mb-2 size-10" />
          <StateIcon status={state.status} />
          <ScreenHeading
            title={titles[state.status]}
            className="text-xl leading-tight font-semibold tracking-tight"
          />
          <CardDescription>{description(state)}</CardDescription>
        </CardHeader>
        {state.status === "password" ? (
          <ChoosePasswordForm
            token={token}
            onVerified={(message) => setState({ status: "success", message })}
            onFailed={(message) => setState({ status: "error", message })}
          />
        ) : (
          <CardFooter className="justify-center">
            {state.status === "success" || state.status === "already" ? (
              <Link
                href={loginPath({ verified: true, returnTo })}
                className={buttonVariants({ className: "w-full" })}
              >
                Go to Login
              </Link>
            ) : state.status !== "loading" ? (
              <Link
                href={loginPath({ verified: false, returnTo })}
                className={buttonVariants({ className: "w-full" })}
              >
                Back to Login
              </Link>
            ) : null}
          </CardFooter>
        )}
      </Card>
    </main>
  );
}

/**
 * The login screen, keeping the link's returnTo (set when the account was registered from an
 * invitation link), so signing in leads back there.
 */
function loginPath({ verified, returnTo }: { verified: boolean; returnTo: string | null }) {
  const query = new URLSearchParams();
  if (verified) query.set("verified", "true");
  if (returnTo) query.set("returnTo", safeReturnTo(returnTo));
  const search = query.toString();
  return search ? `${paths.auth}?${search}` : paths.auth;
}

function failureMessage(error: unknown): string {
  return errorData(error) ? serverMessage(error, FAILED) : NETWORK_FAILED;
}

const choosePasswordForm = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    error: messages.passwordsDontMatch,
  });
type ChoosePasswordValues = z.input<typeof choosePasswordForm>;

/**
 * A resent link (docs/decisions/006): whoever opens it sets the account's password, so an
 * address someone else registered cannot be taken over with the password they chose.
 */
function ChoosePasswordForm({
  token,
  onVerified,
  onFailed,
}: {
  token: string;
  onVerified: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const verifyEmail = trpc.auth.verifyEmail.useMutation();
  const form = useForm<ChoosePasswordValues, unknown, z.output<typeof choosePasswordForm>>({
    resolver: zodResolver(choosePasswordForm),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      const result = await verifyEmail.mutateAsync({ token, newPassword });
      onVerified(result.message);
    } catch (error) {
      // A password the server refuses, or no answer at all: the form stays, so nothing typed is lost.
      if (applyServerIssues(error, ["newPassword"], form.setError) || !errorData(error)) {
        toast.error("Verification Failed", { description: failureMessage(error) });
        return;
      }
      onFailed(failureMessage(error));
    }
  });

  return (
    <CardContent className="text-left">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          form={form}
          name="newPassword"
          id="verify-new-password"
          label="New password"
          hint={NEW_PASSWORD_HINT}
          autoFocus
          {...newPasswordInput}
        />
        <TextField
          form={form}
          name="confirmPassword"
          id="verify-confirm-password"
          label="Confirm password"
          {...newPasswordInput}
        />
        <Button type="submit" className="w-full" disabled={verifyEmail.isPending}>
          {verifyEmail.isPending ? "Verifying..." : "Set Password and Verify"}
        </Button>
      </form>
    </CardContent>
  );
}

const titles: Record<State["status"], string> = {
  loading: "Verifying Email...",
  password: "Choose a password",
  success: "Email Verified!",
  already: "Already Verified",
  error: "Verification Failed",
  invalid: "Verification Failed",
};

function description(state: State): string {
  switch (state.status) {
    case "loading":
      return "Please wait while we confirm your email address.";
    case "password":
      return messages.newPasswordRequired;
    case "success":
      return state.message || messages.emailVerified;
    case "already":
      return state.message || messages.emailAlreadyVerified;
    case "error":
      return state.message;
    case "invalid":
      return messages.verificationTokenMissing;
  }
}

function StateIcon({ status }: { status: State["status"] }) {
  if (status === "loading") {
    return <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />;
  }
  if (status === "success" || status === "already") {
    return <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />;
  }
  if (status === "password") {
    return <KeyRound aria-hidden="true" className="size-10 text-primary" />;
  }
  return <CircleX aria-hidden="true" className="size-10 text-destructive-text" />;
}

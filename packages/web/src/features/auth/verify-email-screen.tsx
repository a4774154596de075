import { messages } from "@circleplan/shared/messages";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { paths } from "@/app/paths";
import { LogoMark } from "@/components/logo";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { errorData, serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

const FAILED = "Email verification failed. The link may be expired or invalid.";
const NETWORK_FAILED = "An error occurred during email verification. Please try again.";

type State =
  | { status: "loading" }
  | { status: "success"; message: string }
  | { status: "error"; message: string }
  | { status: "invalid" };

export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
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
      (result) => setState({ status: "success", message: result.message }),
      (error: unknown) =>
        setState({
          status: "error",
          message: errorData(error) ? serverMessage(error, FAILED) : NETWORK_FAILED,
        }),
    );
  }, [token, verifyEmail]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center" aria-live="polite">
        <CardHeader className="items-center">
          <LogoMark className="mb-2 size-10" />
          <StateIcon status={state.status} />
          <CardTitle>{titles[state.status]}</CardTitle>
          <CardDescription>{description(state)}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          {state.status === "success" ? (
            <Link
              href={`${paths.auth}?verified=true`}
              className={buttonVariants({ className: "w-full" })}
            >
              Go to Login
            </Link>
          ) : state.status !== "loading" ? (
            <Link href={paths.auth} className={buttonVariants({ className: "w-full" })}>
              Back to Login
            </Link>
          ) : null}
        </CardFooter>
      </Card>
    </main>
  );
}

const titles: Record<State["status"], string> = {
  loading: "Verifying Email...",
  success: "Email Verified!",
  error: "Verification Failed",
  invalid: "Verification Failed",
};

function description(state: State): string {
  switch (state.status) {
    case "loading":
      return "Please wait while we confirm your email address.";
    case "success":
      return state.message || messages.emailVerified;
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
  if (status === "success") {
    return <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />;
  }
  return <CircleX aria-hidden="true" className="size-10 text-destructive-text" />;
}

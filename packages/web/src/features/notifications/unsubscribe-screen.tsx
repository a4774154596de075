import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { UnsubscribeResult } from "@circleplan/shared/notification-outputs";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { paths } from "@/app/paths";
import { LogoMark } from "@/components/logo";
import { ScreenHeading } from "@/components/screen-heading";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { errorData, NO_ANSWER_MESSAGE, serverMessage } from "@/lib/errors";
import { trpc } from "@/lib/trpc";

type State =
  | { status: "loading" }
  | { status: "done"; result: UnsubscribeResult }
  | { status: "error"; message: string };

const SETTINGS_PATH = `${paths.profile}?tab=notifications`;

/**
 * The page a reminder or digest mail's unsubscribe link opens (`/unsubscribe?token=`): it turns
 * that mail off at once and says so; no sign-in needed, the link's signed token is enough. Mail
 * clients' own unsubscribe buttons POST to the API instead (RFC 8058 one-click).
 */
export function UnsubscribeScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() ?? "";
  const { mutateAsync: unsubscribe } = trpc.notifications.unsubscribe.useMutation();
  const [state, setState] = useState<State>(
    token
      ? { status: "loading" }
      : { status: "error", message: notificationMessages.unsubscribeInvalid },
  );
  // StrictMode runs effects twice in development: one call per token is enough.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    unsubscribe({ token }).then(
      (result) => setState({ status: "done", result }),
      (error: unknown) =>
        setState({
          status: "error",
          message: errorData(error)
            ? serverMessage(error, notificationMessages.unsubscribeInvalid)
            : NO_ANSWER_MESSAGE,
        }),
    );
  }, [token, unsubscribe]);

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
        {state.status === "loading" ? null : (
          <CardFooter className="flex-col gap-2">
            <Link href={SETTINGS_PATH} className={buttonVariants({ className: "w-full" })}>
              Notification settings
            </Link>
            {state.status === "done" ? (
              <p className="text-xs text-muted-foreground">
                Changed your mind? Turn it back on in your profile.
              </p>
            ) : null}
          </CardFooter>
        )}
      </Card>
    </main>
  );
}

const titles: Record<State["status"], string> = {
  loading: "Unsubscribing...",
  done: "You're unsubscribed",
  error: "This link did not work",
};

function description(state: State): string {
  switch (state.status) {
    case "loading":
      return "One moment while we update your email settings.";
    case "done":
      return state.result.message;
    case "error":
      return state.message;
  }
}

function StateIcon({ status }: { status: State["status"] }) {
  if (status === "loading") {
    return <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-primary" />;
  }
  if (status === "done") {
    return <CircleCheck aria-hidden="true" className="size-10 text-success-foreground" />;
  }
  return <CircleX aria-hidden="true" className="size-10 text-destructive-text" />;
}

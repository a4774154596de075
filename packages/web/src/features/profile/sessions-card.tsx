import type { SessionInfo } from "@circleplan/shared/auth-outputs";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { useRef } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorText, serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { describeUserAgent } from "./user-agent";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const MOBILE_SYSTEMS = /on (iOS|Android)$/;

/** The user's signed-in sessions, this device first, with a way to end the others. */
export function SessionsCard() {
  const utils = trpc.useUtils();
  // Another device may have signed in since the list was last seen: ask again on every visit.
  const sessions = trpc.user.sessions.useQuery(undefined, { refetchOnMount: "always" });
  const endSession = trpc.user.endSession.useMutation();
  const endOthers = trpc.user.endOtherSessions.useMutation();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const list = sessions.data?.sessions ?? [];
  const current = list.filter((session) => session.current);
  const others = list.filter((session) => !session.current);
  const busy = endSession.isPending || endOthers.isPending;

  async function end(action: () => Promise<{ message: string }>, failure: string) {
    try {
      const result = await action();
      toast.success("Signed out", { description: result.message });
      // The pressed button leaves with its row; the heading keeps the keyboard user's place.
      titleRef.current?.focus();
    } catch (error) {
      toast.error(failure, { description: serverMessage(error, "Please try again.") });
    }
    // Also after a failure: a session that is already gone answers "not found". Signing out
    // everywhere else also ends the calendar links (decision 006).
    await Promise.all([utils.user.sessions.invalidate(), utils.calendarFeeds.list.invalidate()]);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="sessions-title" ref={titleRef} tabIndex={-1}>
          Where you're signed in
        </CardTitle>
        <CardDescription>
          Sign out of a device you no longer use or do not recognise. Signing out of all other
          sessions also turns your calendar links off.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="flex justify-center py-6 text-primary">
            <Spinner label="Loading sessions" />
          </div>
        ) : sessions.error ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load your sessions</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p className="font-mono text-xs break-words">{errorText(sessions.error)}</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-3">
            {list.length ? (
              <ul aria-labelledby="sessions-title" className="divide-y rounded-lg border">
                {[...current, ...others].map((session) => (
                  <SessionRow
                    key={session.id}
                    session={session}
                    ending={endSession.isPending && endSession.variables?.id === session.id}
                    disabled={busy}
                    onEnd={() =>
                      end(
                        () => endSession.mutateAsync({ id: session.id }),
                        "Failed to sign out the session",
                      )
                    }
                  />
                ))}
              </ul>
            ) : null}
            {others.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {list.length ? "You're not signed in anywhere else." : "No active sessions."}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
      {others.length > 0 ? (
        <CardFooter>
          <Button
            variant="outline"
            disabled={busy}
            onClick={() =>
              end(() => endOthers.mutateAsync(), "Failed to sign out the other sessions")
            }
          >
            <LogOut aria-hidden="true" />
            {endOthers.isPending ? "Signing out..." : "Sign out of all other sessions"}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}

function SessionRow({
  session,
  ending,
  disabled,
  onEnd,
}: {
  session: SessionInfo;
  ending: boolean;
  disabled: boolean;
  onEnd: () => void;
}) {
  const device = describeUserAgent(session.userAgent);
  const signedIn = dateFormat.format(new Date(session.createdAt));
  const Icon = MOBILE_SYSTEMS.test(device) ? Smartphone : Monitor;
  return (
    <li className="flex items-center gap-3 p-3 sm:px-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{device}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </div>
        <span className="text-sm text-muted-foreground">
          Signed in <time dateTime={new Date(session.createdAt).toISOString()}>{signedIn}</time>
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={onEnd}
          aria-label={`${ending ? "Signing out" : "Sign out"} ${device}, signed in ${signedIn}`}
        >
          {ending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}

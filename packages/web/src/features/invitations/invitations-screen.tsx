import type { Invitation } from "@circleplan/shared/circle-outputs";
import { Inbox } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText } from "@/lib/errors";
import { ACCEPTED_INVITATION_NAV_DELAY_MS } from "@/lib/timings";
import { trpc } from "@/lib/trpc";
import { CircleRing } from "./circle-ring";
import { dateFormat, expiryText, invitedByText } from "./invitation-text";
import { useInvitationAnswer } from "./use-invitation-answer";

/** Three placeholder rows while the list loads (spec section 2); stable keys for React. */
const SKELETON_ROWS = ["first", "second", "third"] as const;

/** Invitations waiting for the signed-in user's answer (accounts spec, sections 2, 4 and 9). */
export function InvitationsScreen() {
  const [, navigate] = useLocation();
  const pending = trpc.invitations.pending.useQuery(undefined, {
    refetchOnMount: "always",
  });
  const answer = useInvitationAnswer();
  // Accepted, and about to open its circle: the row stays, so the list does not jump meanwhile.
  const [joining, setJoining] = useState<number | null>(null);
  const joinTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(joinTimer.current), []);

  async function onAccept(invitation: Invitation) {
    const joined = await answer.accept(invitation.id, { refresh: false });
    if (!joined) return;
    setJoining(invitation.id);
    joinTimer.current = window.setTimeout(() => {
      answer.refresh();
      navigate(paths.circle.build(joined.circleId));
    }, ACCEPTED_INVITATION_NAV_DELAY_MS);
  }

  async function onDecline(invitation: Invitation) {
    if (await answer.decline(invitation.id)) {
      // The pressed button leaves with its row: the heading keeps the keyboard user's place.
      document.getElementById("invitations-title")?.focus();
    }
  }

  const list = pending.data ?? [];

  return (
    <section aria-labelledby="invitations-title" className="mx-auto w-full max-w-2xl">
      <ScreenHeading
        id="invitations-title"
        title="Pending Invitations"
        className="mb-1 text-2xl font-bold tracking-tight"
      />
      <p className="mb-4 text-sm text-muted-foreground">
        Circles you have been invited to join. Accept to see their plans and tasks.
      </p>
      {pending.isPending ? (
        <LoadingRows />
      ) : pending.error ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load your invitations</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p className="font-mono text-xs break-words">{errorText(pending.error)}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void pending.refetch()}>
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul aria-labelledby="invitations-title" className="grid gap-3">
          {list.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              joining={joining === invitation.id}
              accepting={answer.acceptingId === invitation.id}
              declining={answer.decliningId === invitation.id}
              disabled={answer.isPending || joining !== null}
              onAccept={() => void onAccept(invitation)}
              onDecline={() => void onDecline(invitation)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({
  invitation,
  joining,
  accepting,
  declining,
  disabled,
  onAccept,
  onDecline,
}: {
  invitation: Invitation;
  joining: boolean;
  accepting: boolean;
  declining: boolean;
  disabled: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const now = new Date();
  const nameId = `invitation-${invitation.id}-circle`;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <CircleRing
            name={invitation.circleName}
            color={invitation.circleColor}
            className="size-10 shrink-0"
          />
          <div className="grid min-w-0 gap-0.5">
            <p id={nameId} className="font-semibold wrap-anywhere">
              {invitation.circleName}
            </p>
            <p className="text-sm wrap-anywhere">
              {invitedByText(invitation.inviterName, invitation.relationship)}
            </p>
            <p className="text-xs text-muted-foreground">
              Invited on{" "}
              <time dateTime={invitation.createdAt.toISOString()}>
                {dateFormat.format(invitation.createdAt)}
              </time>
              {" · "}
              {expiryText(invitation.expiresAt, now)}
            </p>
          </div>
        </div>
        <div className="flex gap-2 sm:shrink-0">
          <Button
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={disabled}
            aria-describedby={nameId}
            onClick={onAccept}
          >
            {joining ? "Opening circle..." : accepting ? "Accepting..." : "Accept"}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1 sm:flex-none"
            disabled={disabled}
            aria-describedby={nameId}
            onClick={onDecline}
          >
            {declining ? "Declining..." : "Decline"}
          </Button>
        </div>
      </Card>
    </li>
  );
}

function LoadingRows() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading invitations</span>
      {SKELETON_ROWS.map((row) => (
        <Card key={row} className="flex items-center gap-3 p-4">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-2/5" />
          </div>
          <Skeleton className="hidden h-8 w-36 sm:block" />
        </Card>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Inbox aria-hidden="true" className="size-6" />
        </span>
        <p className="text-lg font-semibold">You don't have any pending invitations</p>
        <Link href={paths.root} className={buttonVariants({ variant: "outline" })}>
          Return Home
        </Link>
      </CardContent>
    </Card>
  );
}

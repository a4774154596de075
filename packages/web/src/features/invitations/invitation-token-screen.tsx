import { emailOnlyInput } from "@circleplan/shared/auth-schemas";
import type { InvitationByToken } from "@circleplan/shared/circle-outputs";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleX, MailCheck, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Redirect, useLocation, useParams } from "wouter";
import type { z } from "zod";
import { paths } from "@/app/paths";
import { ScreenHeading } from "@/components/screen-heading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { CircleAvatar } from "@/components/ui/circle-avatar";
import { PageSpinner } from "@/components/ui/spinner";
import { emailInput, TextField } from "@/components/ui/text-field";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import {
  dateFormat,
  expiryText,
  invitationErrorText,
  isAlreadyAccepted,
  isInvitationEmail,
} from "./invitation-text";
import { useInvitationAnswer } from "./use-invitation-answer";

const ALREADY_ACCEPTED =
  "This invitation has already been accepted. You can continue using the application.";

/**
 * One invitation by its link's token (accounts spec, sections 2, 4 and 8). Signed-out visitors
 * never get here: the signed-in layout sends them to /auth with this address as returnTo.
 */
export function InvitationTokenScreen() {
  const { token = "" } = useParams<{ token?: string }>();
  const trimmed = token.trim();
  if (!trimmed) return <Redirect to={paths.root} replace />;
  return <InvitationByTokenView key={trimmed} token={trimmed} />;
}

function InvitationByTokenView({ token }: { token: string }) {
  // An invitation may have been answered elsewhere since: ask again on every visit.
  const query = trpc.invitations.byToken.useQuery({ token }, { refetchOnMount: "always" });
  if (query.isPending) return <PageSpinner />;
  if (query.error) {
    return isAlreadyAccepted(query.error) ? (
      <AlreadyAcceptedCard />
    ) : (
      <InvitationErrorCard message={invitationErrorText(query.error)} />
    );
  }
  const { status } = query.data.invitation;
  if (status === "accepted") return <AlreadyAcceptedCard />;
  if (status === "declined")
    return <InvitationErrorCard message={messages.invitationAlreadyDeclined} />;
  if (status === "expired") return <InvitationErrorCard message={messages.invitationInvalid} />;
  return <InvitationDetails details={query.data} />;
}

function InvitationDetails({ details }: { details: InvitationByToken }) {
  const { invitation, circle, inviter, isInvitee } = details;
  const [, navigate] = useLocation();
  const answer = useInvitationAnswer();
  const [verified, setVerified] = useState(false);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null;
  const now = new Date();

  // The email form and its button are gone: the keyboard's place moves to what replaced them.
  useEffect(() => {
    if (verified) acceptButton.current?.focus();
  }, [verified]);

  async function onAccept() {
    if (await answer.accept(invitation.id)) navigate(paths.root);
  }

  async function onDecline() {
    if (await answer.decline(invitation.id)) navigate(paths.root);
  }

  return (
    <section aria-labelledby="invitation-title" className="mx-auto w-full max-w-lg">
      <Card>
        <CardHeader className="items-center text-center">
          <CircleAvatar
            name={circle.name}
            color={circle.color}
            src={circle.photoUrl}
            className="mb-2 size-14"
            letterClassName="text-2xl"
          />
          <ScreenHeading
            id="invitation-title"
            title="Invitation"
            className="text-xl leading-tight font-semibold tracking-tight"
          >
            Join <span className="wrap-anywhere">{circle.name}</span>
          </ScreenHeading>
          <CardDescription>
            <span className="font-medium text-foreground">{inviterName || "Someone"}</span> invited
            you to join <span className="font-medium text-foreground">{circle.name}</span>.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invitation.message ? (
            <blockquote className="rounded-lg border-l-4 border-primary bg-muted px-4 py-3 text-sm italic wrap-anywhere whitespace-pre-line">
              “{invitation.message}”
            </blockquote>
          ) : null}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Circle</dt>
            <dd className="font-medium wrap-anywhere">{circle.name}</dd>
            <dt className="text-muted-foreground">Invited by</dt>
            <dd className="wrap-anywhere">{inviterName || "Someone"}</dd>
            {/* The full address for the invitee; anyone else holding the link sees it masked. */}
            <dt className="text-muted-foreground">Sent to</dt>
            <dd className="wrap-anywhere">{invitation.email}</dd>
            {invitation.relationship ? (
              <>
                <dt className="text-muted-foreground">Relationship</dt>
                <dd className="capitalize">{invitation.relationship}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Expires</dt>
            <dd>
              <time dateTime={invitation.expiresAt.toISOString()}>
                {dateFormat.format(invitation.expiresAt)}
              </time>{" "}
              <span className="text-muted-foreground">
                ({expiryText(invitation.expiresAt, now)})
              </span>
            </dd>
          </dl>
          {verified ? (
            <Alert variant="success">
              <ShieldCheck aria-hidden="true" />
              <AlertDescription>
                Email verified. You can now answer the invitation.
              </AlertDescription>
            </Alert>
          ) : (
            <VerifyEmailForm
              invitationEmail={invitation.email}
              isInvitee={isInvitee}
              onVerified={() => setVerified(true)}
            />
          )}
        </CardContent>
        {verified ? (
          <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              className="w-full sm:w-auto"
              disabled={answer.isPending}
              onClick={() => void onDecline()}
            >
              Decline
            </Button>
            <Button
              ref={acceptButton}
              className="w-full sm:w-auto"
              disabled={answer.isPending}
              onClick={() => void onAccept()}
            >
              Accept Invitation
            </Button>
          </CardFooter>
        ) : null}
      </Card>
    </section>
  );
}

type EmailValues = z.input<typeof emailOnlyInput>;

/**
 * Email Verification Required (spec sections 2 and 5): the invitation's address, typed. Someone
 * who is not the invitee has it masked and could only be refused on Accept: they are refused
 * here, with the same words.
 */
function VerifyEmailForm({
  invitationEmail,
  isInvitee,
  onVerified,
}: {
  invitationEmail: string | undefined;
  isInvitee: boolean;
  onVerified: () => void;
}) {
  const form = useForm<EmailValues, unknown, z.output<typeof emailOnlyInput>>({
    resolver: zodResolver(emailOnlyInput),
    defaultValues: { email: "" },
  });

  const onSubmit = form.handleSubmit(({ email }) => {
    if (!invitationEmail) {
      form.setError("email", { message: "Invitation details not found" });
      return;
    }
    if (!isInvitee || !isInvitationEmail(email, invitationEmail)) {
      form.setError("email", { message: messages.invitationWrongRecipient });
      return;
    }
    onVerified();
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="verify-invitation-email"
      className="grid gap-3 rounded-lg border p-4"
    >
      <div className="flex items-center gap-2">
        <MailCheck aria-hidden="true" className="size-5 text-primary" />
        <h2 id="verify-invitation-email" className="font-semibold">
          Email Verification Required
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">
        Enter the email address this invitation was sent to before you accept or decline it.
        {isInvitee ? null : " To answer it, sign in with that address."}
      </p>
      <TextField
        form={form}
        name="email"
        id="invitation-email"
        label="Email"
        placeholder="you@example.com"
        {...emailInput}
      />
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start">
        Verify Email
      </Button>
    </form>
  );
}

/** The error card (spec section 8): what went wrong, and a way home. */
function InvitationErrorCard({ message }: { message: string }) {
  return <StatusCard tone="error" title="Invitation Error" text={message} />;
}

function AlreadyAcceptedCard() {
  return <StatusCard tone="success" title="Invitation Already Accepted" text={ALREADY_ACCEPTED} />;
}

function StatusCard({
  tone,
  title,
  text,
}: {
  tone: "success" | "error";
  title: string;
  text: string;
}) {
  const Icon = tone === "success" ? CircleCheck : CircleX;
  return (
    <section aria-labelledby="invitation-status-title" className="mx-auto w-full max-w-md">
      <Card
        className={cn(
          "text-center",
          tone === "success" && "border-success-border bg-success text-success-foreground",
        )}
      >
        <CardHeader className="items-center">
          <Icon
            aria-hidden="true"
            className={cn(
              "mb-2 size-10",
              tone === "success" ? "text-success-foreground" : "text-destructive-text",
            )}
          />
          <ScreenHeading
            id="invitation-status-title"
            title={title}
            className="text-xl leading-tight font-semibold tracking-tight"
          />
          <CardDescription className={cn(tone === "success" && "text-success-foreground")}>
            {text}
          </CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          <Link href={paths.root} className={buttonVariants({ className: "w-full sm:w-auto" })}>
            Go Home
          </Link>
        </CardFooter>
      </Card>
    </section>
  );
}

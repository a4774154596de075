import type { Circle } from "@circleplan/shared/circle-outputs";
import { invitationMessageField } from "@circleplan/shared/circle-schemas";
import { INVITE_BATCH_MAX } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Field, FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { emailInput } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "../circle-cache";
import { addInviteEmail, DUPLICATE_EMAIL } from "../invite-emails";
import { INVITE_MESSAGE_PLACEHOLDER } from "../invite-form";

/** Step 3: the new circle's first invitations, which may be skipped. */
export function InvitesStep({ circle, onDone }: { circle: Circle; onDone: () => void }) {
  const invite = trpc.invitations.inviteMany.useMutation();
  const cache = useCircleCache();
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [messageError, setMessageError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  function add(event: FormEvent) {
    event.preventDefault();
    const result = addInviteEmail(emails, typed);
    if (!result.ok) {
      setError(result.message);
      if (result.reason === "duplicate") {
        toast.error(DUPLICATE_EMAIL.title, { description: DUPLICATE_EMAIL.description });
      }
      emailRef.current?.focus();
      return;
    }
    setEmails(result.emails);
    setTyped("");
    setError(null);
    emailRef.current?.focus();
  }

  async function send() {
    const parsedMessage = invitationMessageField.safeParse(message);
    if (!parsedMessage.success) {
      setMessageError(parsedMessage.error.issues[0]?.message ?? null);
      return;
    }
    setMessageError(null);
    try {
      const result = await invite.mutateAsync({
        id: circle.id,
        inviteEmails: emails,
        inviteMessage: parsedMessage.data,
      });
      const sent = result.invitations.length;
      toast.success(messages.invitationsSent, {
        description:
          sent === 1
            ? `We emailed an invitation to ${result.invitations[0]?.email}.`
            : `We emailed invitations to ${sent} people.`,
      });
      void cache.invitationsChanged(circle.id);
      onDone();
    } catch (failure) {
      toast.error("Failed to send invitations", {
        description: serverMessage(failure, "Please try again."),
      });
    }
  }

  const full = emails.length >= INVITE_BATCH_MAX;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Invite people to <span className="font-medium text-foreground">{circle.name}</span> by
        email. Each gets a link to join that works for 10 days.
      </p>
      <form noValidate onSubmit={add} className="grid gap-2">
        <Label htmlFor="create-circle-invite-email">Email Address</Label>
        <div className="flex gap-2">
          <Input
            ref={emailRef}
            id="create-circle-invite-email"
            {...emailInput}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            placeholder="name@example.com"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "create-circle-invite-email-error" : undefined}
            disabled={full || invite.isPending}
          />
          <Button type="submit" variant="outline" disabled={full || invite.isPending}>
            Add
          </Button>
        </div>
        <FieldError id="create-circle-invite-email-error" message={error ?? undefined} />
      </form>

      {emails.length > 0 ? (
        <ul aria-label="People to invite" className="grid gap-1.5">
          {emails.map((email) => (
            <li
              key={email}
              className="flex items-center justify-between gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 wrap-anywhere">{email}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Remove ${email}`}
                disabled={invite.isPending}
                onClick={() => setEmails(emails.filter((other) => other !== email))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody added yet.</p>
      )}

      <Field
        id="create-circle-invite-message"
        label="Message"
        optional
        error={messageError ?? undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder={INVITE_MESSAGE_PLACEHOLDER}
            disabled={invite.isPending}
          />
        )}
      </Field>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={invite.isPending}>
          Skip
        </Button>
        <Button
          type="button"
          onClick={() => void send()}
          disabled={emails.length === 0 || invite.isPending}
        >
          {invite.isPending ? "Sending..." : "Send Invitations"}
        </Button>
      </DialogFooter>
    </div>
  );
}

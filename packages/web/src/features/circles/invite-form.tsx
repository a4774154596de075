import type { Circle, CreatedInvitation } from "@circleplan/shared/circle-outputs";
import {
  invitationEmailField,
  invitationMessageField,
  relationshipField,
} from "@circleplan/shared/circle-schemas";
import { RELATIONSHIPS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { emailInput, TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { serverMessage } from "@/lib/errors";
import { applyServerIssues } from "@/lib/forms";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { useCircleCache } from "./circle-cache";
import { InvitationShareDialog } from "./invitation-share-dialog";

/** The server's own address check, with the invite form's message (spec section 5). */
const inviteEmail = z
  .string()
  .trim()
  .refine((value) => invitationEmailField.safeParse(value).success, {
    error: messages.invitationEmailInvalid,
  });

const inviteForm = z.object({
  email: inviteEmail,
  message: invitationMessageField,
  relationship: relationshipField,
});
type InviteInput = z.input<typeof inviteForm>;

export const RELATIONSHIP_LABELS: Record<(typeof RELATIONSHIPS)[number], string> = {
  spouse: "Spouse",
  parent: "Parent",
  child: "Child",
  sibling: "Sibling",
  other: "Other",
};

const emptyValues: InviteInput = { email: "", message: "", relationship: "" };

export const INVITE_MESSAGE_PLACEHOLDER = "Add a quick message so they know it's really from you";

/**
 * Invites one person by email (spec section 2): Email Address, an optional Message and, in the
 * dialog of a family circle, their relationship. Send Invitation waits for an address. The new
 * invitation opens the share dialog with its link, which only this answer carries.
 */
export function InviteForm({ circle, variant }: { circle: Circle; variant: "page" | "dialog" }) {
  const [shared, setShared] = useState<CreatedInvitation | null>(null);
  const create = trpc.invitations.create.useMutation();
  const cache = useCircleCache();
  const form = useForm<InviteInput, unknown, z.output<typeof inviteForm>>({
    resolver: zodResolver(inviteForm),
    defaultValues: emptyValues,
  });
  const email = useWatch({ control: form.control, name: "email" });
  const withRelationship = variant === "dialog" && circle.type === "family";
  const idPrefix = `${variant}-invite`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const invitation = await create.mutateAsync({
        id: circle.id,
        email: values.email,
        message: values.message,
        relationship: withRelationship ? values.relationship : null,
      });
      form.reset(emptyValues);
      void cache.invitationsChanged(circle.id);
      toast.success("Invitation sent", {
        description: `We emailed an invitation to ${invitation.email}.`,
      });
      setShared(invitation);
    } catch (error) {
      applyServerIssues(error, ["email", "message", "relationship"], form.setError);
      // The spec names this failure differently in the dialog and on the settings page.
      toast.error(
        variant === "dialog" ? "Failed to create invitation" : "Failed to send invitation(s)",
        {
          description: serverMessage(error, "Please try again."),
        },
      );
    }
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <TextField
          form={form}
          name="email"
          id={`${idPrefix}-email`}
          label="Email Address"
          placeholder="name@example.com"
          {...emailInput}
        />
        {withRelationship ? (
          <Field
            id={`${idPrefix}-relationship`}
            label="Relationship"
            optional
            error={form.formState.errors.relationship?.message}
          >
            {(control) => (
              <NativeSelect {...control} {...form.register("relationship")}>
                <option value="">Not specified</option>
                {RELATIONSHIPS.map((relationship) => (
                  <option key={relationship} value={relationship}>
                    {RELATIONSHIP_LABELS[relationship]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
        <Field
          id={`${idPrefix}-message`}
          label="Message"
          optional
          error={form.formState.errors.message?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              {...form.register("message")}
              rows={3}
              placeholder={INVITE_MESSAGE_PLACEHOLDER}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={!(email ?? "").trim() || create.isPending}>
            <Send aria-hidden="true" />
            {create.isPending ? "Sending..." : "Send Invitation"}
          </Button>
        </div>
      </form>
      <InvitationShareDialog
        circle={circle}
        invitation={shared}
        open={shared !== null}
        onOpenChange={(open) => !open && setShared(null)}
      />
    </>
  );
}

/** The invite form on a circle's settings and members pages. */
export function InviteMembersCard({
  circle,
  titleClassName,
}: {
  circle: Circle;
  titleClassName?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className={titleClassName}>Invite Members</CardTitle>
        <CardDescription>They get an email with a link to join.</CardDescription>
      </CardHeader>
      <CardContent>
        <InviteForm circle={circle} variant="page" />
      </CardContent>
    </Card>
  );
}

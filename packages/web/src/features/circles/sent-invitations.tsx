import type { Circle, Invitation } from "@circleplan/shared/circle-outputs";
import { Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { useCircleCache } from "./circle-cache";
import { RELATIONSHIP_LABELS } from "./invite-form";

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Status colours from the spec: green accepted, red declined, neutral otherwise. */
const statusStyles: Record<Invitation["status"], { label: string; className: string }> = {
  accepted: {
    label: "Accepted",
    className: "border-success-border bg-success text-success-foreground",
  },
  declined: {
    label: "Declined",
    className: "border-destructive-text/40 bg-destructive-soft text-destructive-text",
  },
  pending: { label: "Pending", className: "bg-muted text-muted-foreground" },
  expired: { label: "Expired", className: "bg-muted text-muted-foreground" },
};

/** Whole days left before `expiresAt`, rounded up, never below zero. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Invitations sent for a circle (spec section 2): each with its status, and a way to delete it.
 * Deleting a pending one withdraws it: its link stops working.
 */
export function SentInvitations({
  circle,
  variant,
}: {
  circle: Circle;
  variant: "page" | "dialog";
}) {
  const invitations = trpc.invitations.listForCircle.useQuery({ id: circle.id });

  if (invitations.error) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive-text">Error loading invitations</p>
        <Button variant="outline" size="sm" onClick={() => void invitations.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (invitations.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading invitations
        </span>
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (invitations.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No invitations have been sent yet</p>;
  }
  const now = new Date();
  return (
    <ul aria-label="Sent invitations" className="grid gap-2">
      {invitations.data.map((invitation) => (
        <SentInvitationRow
          key={invitation.id}
          circle={circle}
          invitation={invitation}
          now={now}
          variant={variant}
        />
      ))}
    </ul>
  );
}

function SentInvitationRow({
  circle,
  invitation,
  now,
  variant,
}: {
  circle: Circle;
  invitation: Invitation;
  now: Date;
  variant: "page" | "dialog";
}) {
  const remove = trpc.invitations.delete.useMutation();
  const cache = useCircleCache();
  const status = statusStyles[invitation.status];

  async function onDelete() {
    try {
      const result = await remove.mutateAsync({ id: circle.id, invitationId: invitation.id });
      await cache.invitationsChanged(circle.id);
      toast.success(result.message, { description: invitation.email });
    } catch (error) {
      // The spec names this failure differently in the dialog and on the settings page.
      toast.error(
        variant === "dialog" ? "Failed to remove invitation" : "Failed to delete invitation",
        {
          description: serverMessage(error, "Please try again."),
        },
      );
    }
  }

  const details = [
    `Sent ${dateFormat.format(invitation.createdAt)}`,
    invitation.relationship ? `as ${RELATIONSHIP_LABELS[invitation.relationship]}` : null,
    invitation.status === "pending" ? expiryText(daysLeft(invitation.expiresAt, now)) : null,
  ].filter(Boolean);

  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium wrap-anywhere">{invitation.email}</span>
          <Badge className={cn(status.className)}>{status.label}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">{details.join(" · ")}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 shrink-0 text-destructive-text hover:text-destructive-text"
        onClick={() => void onDelete()}
        disabled={remove.isPending}
        aria-label={`Delete invitation for ${invitation.email}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

function expiryText(days: number): string {
  if (days === 0) return "Expires today";
  return days === 1 ? "Expires in 1 day" : `Expires in ${days} days`;
}

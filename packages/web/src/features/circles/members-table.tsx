import type { Circle, Member } from "@circleplan/shared/circle-outputs";
import { ShieldCheck, ShieldMinus, UserMinus } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { usePlanInvalidation } from "@/components/plans/plan-cache";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmailAddress } from "@/components/ui/email-address";
import { MemberDot } from "@/components/ui/member-dot";
import { Skeleton } from "@/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { serverMessage } from "@/lib/errors";
import { useCurrentUser } from "@/lib/session";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { initials } from "@/lib/utils";
import { useCircleCache } from "./circle-cache";
import { isCircleAdmin, memberActions } from "./circle-permissions";

export function memberName(member: Member): string {
  return `${member.user.firstName} ${member.user.lastName}`.trim() || member.user.username;
}

/**
 * The members table (spec section 2): Name (with the member's colour), Email, Role, Actions, a
 * Creator badge. An admin promotes a member to admin or removes one, never themselves and never
 * the creator; the creator also makes an admin a member again. On a phone the email sits under
 * the name instead of in a column of its own.
 */
export function MembersTable({ circle }: { circle: Circle }) {
  const members = trpc.circles.members.useQuery({ id: circle.id });
  const { user } = useCurrentUser();
  const [removing, setRemoving] = useState<Member | null>(null);
  const viewer = {
    userId: user?.id ?? 0,
    isAdmin: isCircleAdmin(circle),
    isCreator: circle.isCreator,
  };

  if (members.error) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="font-medium text-destructive-text">Error loading members</p>
        <p className="text-muted-foreground">{serverMessage(members.error, "Please try again.")}</p>
        <Button variant="outline" size="sm" onClick={() => void members.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="hidden sm:table-cell">Email</TableHead>
            <TableHead className="hidden sm:table-cell">Role</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.isPending ? (
            <MemberSkeletonRows />
          ) : (
            members.data.map((member) => (
              <MemberRow
                key={member.id}
                circle={circle}
                member={member}
                isViewer={member.userId === viewer.userId}
                actions={memberActions(member, viewer)}
                onRemove={() => setRemoving(member)}
              />
            ))
          )}
        </TableBody>
      </Table>
      <RemoveMemberDialog circle={circle} member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function MemberRow({
  circle,
  member,
  isViewer,
  actions,
  onRemove,
}: {
  circle: Circle;
  member: Member;
  isViewer: boolean;
  actions: ReturnType<typeof memberActions>;
  onRemove: () => void;
}) {
  const setRole = trpc.circles.setMemberRole.useMutation();
  const cache = useCircleCache();
  const name = memberName(member);
  // Making someone an admin hands over the circle's keys: asked first (issue 21, defect 7).
  const [promoting, setPromoting] = useState(false);

  /** Answers whether the server took it. */
  async function changeRole(role: Member["role"]): Promise<boolean> {
    try {
      await setRole.mutateAsync({ id: circle.id, userId: member.userId, role });
      await cache.membersChanged(circle.id);
      toast.success("Member updated", {
        description: role === "admin" ? `${name} is now an admin.` : `${name} is now a member.`,
      });
      return true;
    } catch (error) {
      toast.error("Failed to update member", {
        description: serverMessage(error, "Please try again."),
      });
      return false;
    }
  }

  return (
    <TableRow>
      <TableCell>
        <div className="flex min-w-0 items-center gap-2">
          <Avatar className="size-8">
            {member.user.photoUrl ? <AvatarImage src={member.user.photoUrl} alt="" /> : null}
            <AvatarFallback className="text-xs">
              {initials(member.user.firstName, member.user.lastName, member.user.username)}
            </AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-0.5">
            <span className="flex flex-wrap items-center gap-1.5 font-medium">
              <MemberDot color={member.color} />
              <span className="wrap-anywhere">{name}</span>
              {isViewer ? <span className="text-xs text-muted-foreground">(you)</span> : null}
              {member.isCreator ? <Badge variant="outline">Creator</Badge> : null}
              {/* On a phone the role sits here too, leaving the name room to breathe. */}
              <span className="sm:hidden">
                <RoleBadge role={member.role} />
              </span>
            </span>
            <EmailAddress
              email={member.user.email}
              className="text-xs text-muted-foreground sm:hidden"
            />
          </div>
        </div>
      </TableCell>
      <TableCell className="hidden text-muted-foreground sm:table-cell">
        <EmailAddress email={member.user.email} />
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <RoleBadge role={member.role} />
      </TableCell>
      <TableCell className="text-right">
        {actions.promote || actions.demote || actions.remove ? (
          <div className="flex justify-end gap-1">
            {actions.promote ? (
              <ConfirmDialog
                open={promoting}
                onOpenChange={setPromoting}
                trigger={
                  <Button variant="outline" size="sm" disabled={setRole.isPending}>
                    <ShieldCheck aria-hidden="true" />
                    {/* Icon only on a phone; the name always says which member it is for. */}
                    <span className="sr-only sm:not-sr-only">
                      {setRole.isPending ? "Saving..." : "Make Admin"}
                    </span>
                    <span className="sr-only"> {name}</span>
                  </Button>
                }
                title={`Make ${name} an admin?`}
                description={`${name} will be able to invite people, manage members, and change ${circle.name}'s name and photo.`}
                confirmLabel="Make Admin"
                pendingLabel="Saving..."
                pending={setRole.isPending}
                // A failure leaves the question up, where it happened, as removing does.
                onConfirm={() =>
                  void changeRole("admin").then((done) => done && setPromoting(false))
                }
              />
            ) : null}
            {actions.demote ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => void changeRole("member")}
                disabled={setRole.isPending}
              >
                <ShieldMinus aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">
                  {setRole.isPending ? "Saving..." : "Make Member"}
                </span>
                <span className="sr-only"> {name}</span>
              </Button>
            ) : null}
            {actions.remove ? (
              <Button
                variant="outline"
                size="sm"
                className="text-destructive-text hover:text-destructive-text"
                onClick={onRemove}
              >
                <UserMinus aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Remove</span>
                <span className="sr-only"> {name}</span>
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              —
            </span>
            <span className="sr-only">None</span>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

function RoleBadge({ role }: { role: Member["role"] }) {
  return role === "admin" ? <Badge>Admin</Badge> : <Badge variant="outline">Member</Badge>;
}

function RemoveMemberDialog({
  circle,
  member,
  onClose,
}: {
  circle: Circle;
  member: Member | null;
  onClose: () => void;
}) {
  const remove = trpc.circles.removeMember.useMutation();
  const cache = useCircleCache();
  const plansChanged = usePlanInvalidation();
  const name = member ? memberName(member) : "";

  async function confirm() {
    if (!member) return;
    try {
      const result = await remove.mutateAsync({ id: circle.id, userId: member.userId });
      // Their plans in the circle went with them (member-departure.ts).
      await Promise.all([cache.membersChanged(circle.id), plansChanged()]);
      toast.success(result.message, { description: `${name} is no longer in ${circle.name}.` });
      onClose();
    } catch (error) {
      toast.error("Failed to remove member", {
        description: serverMessage(error, "Please try again."),
      });
    }
  }

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${name}?`}
      description={`${name} will no longer see ${circle.name}'s plans and members, and the plans ${name} added to it are deleted. You can invite them again later.`}
      confirmLabel="Remove Member"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

function MemberSkeletonRows() {
  return (
    <>
      {[0, 1, 2].map((row) => (
        <TableRow key={row} aria-hidden="true">
          <TableCell>
            <div className="flex items-center gap-2">
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-4 w-28" />
            </div>
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <Skeleton className="h-4 w-40" />
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <Skeleton className="h-5 w-14 rounded-full" />
          </TableCell>
          <TableCell>
            <Skeleton className="ml-auto h-8 w-20" />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

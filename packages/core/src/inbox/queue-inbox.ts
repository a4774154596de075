/**
 * Queuing what concerns each person in their inbox (docs/decisions/019), in the transaction of
 * the change or invitation that causes it, so only what commits is ever told. Who is told is the
 * shared rule's (`isToldOf` in shared/plan-rules.ts): this reads each circle's members with their
 * choices once and asks it of each. A circle has at most CIRCLE_MEMBERS_MAX members, so an entry
 * makes at most that many rows, in one statement.
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, inboxItems, planFollows, users } from "@circleplan/db/schema";
import { type ChangePeople, isToldOf } from "@circleplan/shared/plan-rules";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { ActivityRecord } from "../activity/record";

/** Push waits for those who want change pushes and have a device; the others' rows need none. */
const wantsPush = sql<boolean>`(${users.changePush} and exists (
  select 1 from push_subscriptions s where s.user_id = ${users.id}))`;

const pushStatusOf = (pushable: boolean) => (pushable ? "pending" : "none") as "pending" | "none";

function changeOf(record: ActivityRecord): ChangePeople {
  return {
    kind: record.kind,
    actorId: record.actorId,
    plan: record.plan?.people ?? null,
    assigneeBefore: record.before?.assigneeId,
    assigneeAfter: record.after?.assigneeId,
    memberId: record.memberId,
    inviterId: record.inviterId,
  };
}

/**
 * Queues each recorded entry for the members of its circle it concerns, now (a member who left
 * or was removed is no longer one, and is told nothing). Answers whom, each once.
 */
export async function queueInbox(
  tx: Tx,
  entries: readonly { id: number; record: ActivityRecord }[],
): Promise<number[]> {
  const circleIds = [...new Set(entries.map((entry) => entry.record.circleId))];
  const planIds = [...new Set(entries.flatMap((entry) => entry.record.plan?.id ?? []))];
  const members = await tx
    .select({
      circleId: circleMembers.circleId,
      userId: circleMembers.userId,
      notify: circleMembers.notify,
      pushable: wantsPush,
    })
    .from(circleMembers)
    .innerJoin(users, eq(users.id, circleMembers.userId))
    .where(inArray(circleMembers.circleId, circleIds));
  const follows =
    planIds.length === 0
      ? []
      : await tx
          .select({ planId: planFollows.planId, userId: planFollows.userId })
          .from(planFollows)
          .where(inArray(planFollows.planId, planIds));
  const followed = new Set(follows.map((follow) => `${follow.planId} ${follow.userId}`));
  const rows = entries.flatMap(({ id, record }) => {
    const change = changeOf(record);
    return members
      .filter(
        (member) =>
          member.circleId === record.circleId &&
          isToldOf(change, member.userId, {
            circle: member.notify,
            followsPlan: followed.has(`${record.plan?.id} ${member.userId}`),
          }),
      )
      .map((member) => ({
        userId: member.userId,
        activityId: id,
        circleId: record.circleId,
        actorId: record.actorId,
        createdAt: record.at,
        pushStatus: pushStatusOf(member.pushable),
      }));
  });
  if (rows.length > 0) await tx.insert(inboxItems).values(rows);
  return [...new Set(rows.map((row) => row.userId))];
}

export interface SentInvitation {
  id: number;
  circleId: number;
  email: string;
  inviterId: number | null;
  createdAt: Date;
}

/**
 * An invitation reaches the inbox of the account its address belongs to, if there is one and it
 * has proved the address (anyone may register an address; only its owner reads its mail). It is
 * no circle entry: the invitee is not a member and reads none of the circle's. Answers whom.
 */
export async function queueInvitations(
  tx: Tx,
  invitations: readonly SentInvitation[],
): Promise<number[]> {
  if (invitations.length === 0) return [];
  const invitees = await tx
    .select({ id: users.id, email: users.email, pushable: wantsPush })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          invitations.map((invitation) => invitation.email),
        ),
        isNotNull(users.emailVerifiedAt),
      ),
    );
  const byEmail = new Map(invitees.map((invitee) => [invitee.email, invitee]));
  const rows = invitations.flatMap((invitation) => {
    const invitee = byEmail.get(invitation.email);
    if (!invitee) return [];
    return [
      {
        userId: invitee.id,
        invitationId: invitation.id,
        circleId: invitation.circleId,
        actorId: invitation.inviterId,
        createdAt: invitation.createdAt,
        pushStatus: pushStatusOf(invitee.pushable),
      },
    ];
  });
  if (rows.length > 0) await tx.insert(inboxItems).values(rows);
  return rows.map((row) => row.userId);
}

/**
 * An account being deleted (decision 014): its inbox goes with it. Rows have no foreign key to
 * their reader (inbox.sql.ts says why); a change committing at the same moment may still queue
 * one for it, which names nobody and goes with its entry's retention.
 */
export async function deleteInboxOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(inboxItems).where(eq(inboxItems.userId, userId));
}

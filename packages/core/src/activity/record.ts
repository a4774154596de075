/**
 * The change feed's one writer (docs/decisions/017, "The change feed"). Every path that changes
 * a circle's plans, tasks, members or invitations calls `recordActivity` inside the transaction
 * that makes the change, once per change: the entry commits with it or not at all. Notifications
 * and live sync hook here, so whatever is recorded is what they may announce: each entry is
 * queued in the inboxes of the members it concerns in the same transaction (inbox/queue-inbox.ts),
 * and announces its circle's new version, and the member it is about, after commit
 * (live/announcements.ts); a member's screens refetch their inbox with the circle.
 */
import type { Tx } from "@circleplan/db/client";
import { circleActivity } from "@circleplan/db/schema";
import type { StoredActivityValues } from "@circleplan/shared/activity-outputs";
import {
  ACTIVITY_TEXT_MAX_LENGTH,
  type ActivityKind,
  type ActivityScope,
} from "@circleplan/shared/limits";
import type { PlanPeople } from "@circleplan/shared/plan-rules";
import { and, eq, inArray } from "drizzle-orm";
import { circleIdsOf } from "../circles/access";
import { queueInbox } from "../inbox/queue-inbox";
import { announceEntries, announceInboxes } from "../live/announcements";

/** The occurrence a plan entry is about, by its original start (timed) or date (all-day). */
export interface ActivityOccurrence {
  originalStart: Date | null;
  originalDate: string | null;
}

export interface ActivityRecord {
  circleId: number;
  /** Who made the change; null when the system did. */
  actorId: number | null;
  kind: ActivityKind;
  at: Date;
  plan?: {
    id: number;
    title: string;
    occurrence?: ActivityOccurrence | null;
    scope?: ActivityScope | null;
    /** Its creator and assignee after the change (a deletion: before it): whom it concerns. */
    people: PlanPeople;
  };
  /** The member a member entry is about. */
  memberId?: number;
  /** Who sent the invitation a joining or a decline answers: they are told. */
  inviterId?: number | null;
  before?: StoredActivityValues | null;
  after?: StoredActivityValues | null;
}

const cut = (text: string) =>
  text.length > ACTIVITY_TEXT_MAX_LENGTH ? text.slice(0, ACTIVITY_TEXT_MAX_LENGTH) : text;

/** Every text cut to ACTIVITY_TEXT_MAX_LENGTH, so an entry stays small whatever a plan holds. */
function bounded(values: StoredActivityValues | null | undefined): StoredActivityValues | null {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" ? cut(value) : value,
    ]),
  );
}

/**
 * Writes the entries in one statement, in `tx` (the transaction of the change they record), and
 * queues them in the inboxes of the members they concern. Answers those members (user ids).
 */
export async function recordActivity(tx: Tx, ...records: ActivityRecord[]): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = await tx
    .insert(circleActivity)
    .values(
      records.map((record) => ({
        circleId: record.circleId,
        actorId: record.actorId,
        kind: record.kind,
        planId: record.plan?.id ?? null,
        occurrenceStart: record.plan?.occurrence?.originalStart ?? null,
        occurrenceDate: record.plan?.occurrence?.originalDate ?? null,
        scope: record.plan?.scope ?? null,
        title: record.plan ? cut(record.plan.title) : null,
        memberId: record.memberId ?? null,
        before: bounded(record.before),
        after: bounded(record.after),
        createdAt: record.at,
      })),
    )
    .returning({
      id: circleActivity.id,
      circleId: circleActivity.circleId,
      memberId: circleActivity.memberId,
    });
  announceEntries(rows.map(({ id, ...row }) => ({ version: id, ...row })));
  const told = await queueInbox(
    tx,
    rows.map((row, index) => ({ id: row.id, record: records[index] as ActivityRecord })),
  );
  announceInboxes(told);
  return told;
}

/**
 * An account being deleted (docs/decisions/014): the entries it made, in the circles it is in,
 * go with it (their titles, places and notes are its words). Entries that name it otherwise
 * hold only its id, which then names nobody. Call before its memberships end.
 */
export async function deleteActivityBy(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(circleActivity)
    .where(
      and(
        inArray(circleActivity.circleId, circleIdsOf(tx, userId)),
        eq(circleActivity.actorId, userId),
      ),
    );
}

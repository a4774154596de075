/**
 * The inbox (docs/decisions/019): what concerns the caller, newest first by cursor, each entry in
 * the feed's shape with its circle's name and whether it was read; how many are unread; marking
 * one or all read. Only the caller's own rows: another person's entry is as unknown as one that
 * never existed (404). Pages are one range scan of `inbox_items_page_idx`, the count one of the
 * unread partial index.
 */
import type { Executor } from "@circleplan/db/client";
import { circleActivity, circles, inboxItems } from "@circleplan/db/schema";
import type { ActivityPage } from "@circleplan/shared/activity-schemas";
import type { InboxEntry, InboxPage, InboxUnread } from "@circleplan/shared/inbox-outputs";
import { ACTIVITY_PAGE_DEFAULT } from "@circleplan/shared/limits";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  decodeCursor,
  encodeCursor,
  olderThan,
  peopleOf,
  toEntry,
} from "../activity/read-activity";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";

/** Inbox rows with their circle's name and their feed entry, for a page or a push. */
function selectItems(db: Executor) {
  return db
    .select({
      item: {
        id: inboxItems.id,
        circleId: inboxItems.circleId,
        actorId: inboxItems.actorId,
        invitationId: inboxItems.invitationId,
        createdAt: inboxItems.createdAt,
        readAt: inboxItems.readAt,
      },
      circleName: circles.name,
      entry: circleActivity,
    })
    .from(inboxItems)
    .innerJoin(circles, eq(circles.id, inboxItems.circleId))
    .leftJoin(circleActivity, eq(circleActivity.id, inboxItems.activityId));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function pageRows(db: Executor, userId: number, page: ActivityPage) {
  return selectItems(db)
    .where(and(eq(inboxItems.userId, userId), olderThan(decodeCursor(page.cursor), inboxItems)))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(page.limit + 1);
}

/** Rows as answered, everyone they name read once. */
async function entriesOf(db: Executor, rows: ItemRow[]): Promise<InboxEntry[]> {
  const people = await peopleOf(
    db,
    rows.map(
      (row) =>
        row.entry ?? { actorId: row.item.actorId, memberId: null, before: null, after: null },
    ),
  );
  return rows.map((row) => toInboxEntry(row, people));
}

/** The inbox entries `ids` name (whoever's), oldest first: what a push tells. */
export async function inboxEntriesByIds(
  db: Executor,
  ids: readonly number[],
): Promise<InboxEntry[]> {
  if (ids.length === 0) return [];
  const rows = await selectItems(db)
    .where(inArray(inboxItems.id, [...ids]))
    .orderBy(inboxItems.createdAt, inboxItems.id);
  return entriesOf(db, rows);
}

/** GET /api/inbox: what concerns the caller, newest first. */
export async function readInbox({
  deps,
  caller,
  input,
}: Call<ActivityPage | undefined, SignedInCaller>): Promise<InboxPage> {
  const page = input ?? { limit: ACTIVITY_PAGE_DEFAULT };
  const rows = await pageRows(deps.db, caller.userId, page);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    entries: await entriesOf(deps.db, shown),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.item) : null,
  };
}

function toInboxEntry(
  { item, circleName, entry }: ItemRow,
  people: Awaited<ReturnType<typeof peopleOf>>,
): InboxEntry {
  const own = {
    id: item.id,
    circleName,
    invitationId: item.invitationId,
    readAt: item.readAt,
  };
  if (entry) return { ...toEntry(entry, people), ...own, entryId: entry.id };
  // An invitation to the caller: who sent it, to which circle, when.
  return {
    ...own,
    entryId: null,
    circleId: item.circleId,
    actor: item.actorId === null ? null : (people.get(item.actorId) ?? null),
    kind: "invitation_received",
    planId: null,
    occurrenceStart: null,
    occurrenceDate: null,
    scope: null,
    title: null,
    member: null,
    before: null,
    after: null,
    createdAt: item.createdAt,
  };
}

async function unreadOf(db: Executor, userId: number): Promise<InboxUnread> {
  const [row] = await db
    .select({ unread: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, userId), isNull(inboxItems.readAt)));
  return { unread: row?.unread ?? 0 };
}

/** GET /api/inbox/unread-count. */
export function countUnread({ deps, caller }: Call<unknown, SignedInCaller>): Promise<InboxUnread> {
  return unreadOf(deps.db, caller.userId);
}

/**
 * POST /api/inbox/{id}/read: one of the caller's entries read (again: it keeps its first time).
 * Answers the new unread count.
 */
export async function markRead({
  deps,
  caller,
  input,
}: Call<{ id: number }, SignedInCaller>): Promise<InboxUnread> {
  const [row] = await deps.db
    .select({ readAt: inboxItems.readAt })
    .from(inboxItems)
    .where(and(eq(inboxItems.id, input.id), eq(inboxItems.userId, caller.userId)));
  if (!row) throw new AppError("NOT_FOUND", notificationMessages.inboxEntryNotFound);
  if (row.readAt === null) {
    await deps.db
      .update(inboxItems)
      .set({ readAt: deps.clock.now() })
      .where(and(eq(inboxItems.id, input.id), isNull(inboxItems.readAt)));
    // The reader's other tabs and devices take the new count.
    deps.live.announceUser(caller.userId);
  }
  return unreadOf(deps.db, caller.userId);
}

/** POST /api/inbox/read-all: every unread entry of the caller's read now. */
export async function markAllRead({
  deps,
  caller,
}: Call<unknown, SignedInCaller>): Promise<InboxUnread> {
  // The count first (the unread rows' partial index): nothing unread, nothing to write or tell.
  const before = await unreadOf(deps.db, caller.userId);
  if (before.unread === 0) return before;
  await deps.db
    .update(inboxItems)
    .set({ readAt: deps.clock.now() })
    .where(and(eq(inboxItems.userId, caller.userId), isNull(inboxItems.readAt)));
  // The reader's other tabs and devices take the new count.
  deps.live.announceUser(caller.userId);
  return unreadOf(deps.db, caller.userId);
}

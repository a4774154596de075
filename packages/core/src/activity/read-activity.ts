/**
 * Reading the change feed (docs/decisions/017, "The change feed"): a page of one circle's entries
 * or of every circle the caller is in now, newest first. A member reads what happened since they
 * joined, not before: a newcomer does not read the reasons of declines, nor the titles of plans
 * deleted, from before their time. Each circle's page is one range scan of
 * `circle_activity_circle_page_idx` (circle, created_at desc, id desc); across circles, one per
 * circle of the caller's (CIRCLES_PER_USER_MAX at most), each stopping at the page's size.
 */
import type { Executor } from "@circleplan/db/client";
import { circleActivity, circleMembers, users } from "@circleplan/db/schema";
import type {
  ActivityEntry,
  ActivityPageOutput,
  ActivityPerson,
  ActivityValues,
  StoredActivityValues,
} from "@circleplan/shared/activity-outputs";
import type { ActivityPage } from "@circleplan/shared/activity-schemas";
import { ACTIVITY_PAGE_DEFAULT } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { MemberCaller } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";

type EntryRow = typeof circleActivity.$inferSelect;

/** Where a page starts: just older than this entry. */
export interface Cursor {
  at: Date;
  id: number;
}

/** The cursor of a page that ends with `row` (the inbox's pages use the same). */
export const encodeCursor = (row: { createdAt: Date; id: number }) =>
  Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString("base64url");

/** The cursor a client handed back; one the server did not write is refused, never guessed at. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (cursor === undefined) return null;
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString());
  const at = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(at) || !Number.isSafeInteger(id)) {
    throw new AppError("VALIDATION_FAILED", messages.activityCursorInvalid, {
      issues: [{ path: "cursor", message: messages.activityCursorInvalid }],
    });
  }
  return { at: new Date(at), id };
}

/** Rows older than the cursor, in the page order (a row comparison the index answers). */
export const olderThan = (
  cursor: Cursor | null,
  columns: { createdAt: PgColumn; id: PgColumn } = circleActivity,
): SQL | undefined =>
  cursor
    ? sql`(${columns.createdAt}, ${columns.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;

/**
 * One circle's page, newest first, and one more entry to tell whether another page follows:
 * the circle's entries since the reader joined it (`joined`), older than the cursor. The circle
 * and the joining may be a membership's columns, for a statement that reads several circles.
 */
function circlePage(
  db: Executor,
  membership: { circleId: number | PgColumn; joined: Date | PgColumn },
  page: ActivityPage,
) {
  return db
    .select()
    .from(circleActivity)
    .where(
      and(
        eq(circleActivity.circleId, membership.circleId),
        gte(circleActivity.createdAt, membership.joined),
        olderThan(decodeCursor(page.cursor)),
      ),
    )
    .orderBy(desc(circleActivity.createdAt), desc(circleActivity.id))
    .limit(page.limit + 1);
}

/** GET /api/circles/{id}/activity: the circle's entries since the caller joined it. */
export async function readCircleActivity({
  deps,
  caller,
  input,
}: Call<ActivityPage, MemberCaller>): Promise<ActivityPageOutput> {
  const { circle, membership } = caller.circle;
  const rows = await circlePage(
    deps.db,
    { circleId: circle.id, joined: membership.createdAt },
    input,
  );
  return pageOf(deps.db, rows, input.limit);
}

/** GET /api/activity: the entries of every circle the caller is in now, each since they joined. */
export async function readMyActivity({
  deps,
  caller,
  input,
}: Call<ActivityPage | undefined, SignedInCaller>): Promise<ActivityPageOutput> {
  const page = input ?? { limit: ACTIVITY_PAGE_DEFAULT };
  // Each circle's newest, taken from its own index range, then merged: no scan of others' feeds.
  const perCircle = circlePage(
    deps.db,
    { circleId: circleMembers.circleId, joined: circleMembers.createdAt },
    page,
  ).as("entry");
  const rows = await deps.db
    .select({
      id: perCircle.id,
      circleId: perCircle.circleId,
      actorId: perCircle.actorId,
      kind: perCircle.kind,
      planId: perCircle.planId,
      occurrenceStart: perCircle.occurrenceStart,
      occurrenceDate: perCircle.occurrenceDate,
      scope: perCircle.scope,
      title: perCircle.title,
      memberId: perCircle.memberId,
      before: perCircle.before,
      after: perCircle.after,
      createdAt: perCircle.createdAt,
    })
    .from(circleMembers)
    .crossJoinLateral(perCircle)
    .where(eq(circleMembers.userId, caller.userId))
    .orderBy(desc(perCircle.createdAt), desc(perCircle.id))
    .limit(page.limit + 1);
  return pageOf(deps.db, rows, page.limit);
}

/** The page's entries as answered, and the cursor of the next page if there is one. */
async function pageOf(db: Executor, rows: EntryRow[], limit: number): Promise<ActivityPageOutput> {
  const page = rows.slice(0, limit);
  const people = await peopleOf(db, page);
  const last = page.at(-1);
  return {
    entries: page.map((row) => toEntry(row, people)),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/** Everyone the page names, as they are named now: one read for the page. */
export async function peopleOf(
  db: Executor,
  page: Pick<EntryRow, "actorId" | "memberId" | "before" | "after">[],
): Promise<Map<number, ActivityPerson>> {
  const ids = new Set<number>();
  for (const row of page) {
    for (const id of [row.actorId, row.memberId, row.before?.assigneeId, row.after?.assigneeId]) {
      if (typeof id === "number") ids.add(id);
    }
  }
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((person) => [person.id, person]));
}

function valuesOf(
  stored: StoredActivityValues | null,
  people: Map<number, ActivityPerson>,
): ActivityValues | null {
  if (!stored) return null;
  const { assigneeId, ...values } = stored;
  if (assigneeId === undefined) return values;
  return { ...values, assignee: assigneeId === null ? null : (people.get(assigneeId) ?? null) };
}

export function toEntry(row: EntryRow, people: Map<number, ActivityPerson>): ActivityEntry {
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return {
    id: row.id,
    circleId: row.circleId,
    actor: person(row.actorId),
    kind: row.kind,
    planId: row.planId,
    occurrenceStart: row.occurrenceStart,
    occurrenceDate: row.occurrenceDate,
    scope: row.scope,
    title: row.title,
    member: person(row.memberId),
    before: valuesOf(row.before, people),
    after: valuesOf(row.after, people),
    createdAt: row.createdAt,
  };
}

/**
 * Circles themselves: the caller's list, one circle, create, update, delete. Who may see or
 * administer a circle is decided in access.ts: the procedures check it before these run, and the
 * caller's type (`MemberCaller`, `AdminCaller`, `CreatorCaller`) says which check passed. The
 * rules here are the ones only a circle's own state can answer (its type, the creator's circle
 * count).
 */
import { type Executor, queryRows, type Tx } from "@circleplan/db/client";
import { circleMembers, circles, users } from "@circleplan/db/schema";
import type { Circle } from "@circleplan/shared/circle-outputs";
import type { CreateCircleInput, UpdateCircleInput } from "@circleplan/shared/circle-schemas";
import {
  CIRCLE_TYPE_COLORS,
  CIRCLES_PER_USER_MAX,
  type CircleRole,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { asc, count, eq, sql } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { announceCircleGone } from "../live/audiences";
import { collectAttachmentGarbage, queueCircleAttachmentObjects } from "../plans/attachments";
import type { Stamp } from "../plans/change-stamp";
import type { AdminCaller, CircleRow, CreatorCaller, MemberCaller } from "./access";
import {
  circlePhotoUrls,
  type DiscardLater,
  photoChangeOf,
  photoTransaction,
  prepareCirclePhoto,
} from "./circle-photo";

/** Lists of circles (and of members across circles): the personal circle first, then by age. */
export const circleListOrder = [
  asc(sql`${circles.type} <> 'personal'`),
  asc(circles.createdAt),
  asc(circles.id),
];

/** The creator is always an admin (api-conventions.md), whatever the membership row says. */
export function roleIn(circle: Pick<CircleRow, "creatorId">, userId: number, role: CircleRole) {
  return circle.creatorId === userId ? "admin" : role;
}

/** The one place a circle row becomes an answer: an allow-list, the photo as URLs. */
function toCircle(
  row: CircleRow,
  place: { userId: number; role: CircleRole },
  memberCount: number,
): Circle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    color: row.color,
    ...circlePhotoUrls(row.id, row.photoKey),
    creatorId: row.creatorId,
    memberCount,
    role: roleIn(row, place.userId, place.role),
    isCreator: row.creatorId === place.userId,
    createdAt: row.createdAt,
  };
}

const memberCount =
  sql<number>`(select count(*) from ${circleMembers} where ${circleMembers.circleId} = ${circles.id})`.mapWith(
    Number,
  );

export async function countMembers(db: Executor, circleId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(circleMembers)
    .where(eq(circleMembers.circleId, circleId));
  return row?.value ?? 0;
}

export async function listCircles({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<Circle[]> {
  const rows = await deps.db
    .select({ circle: circles, role: circleMembers.role, memberCount })
    .from(circleMembers)
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(eq(circleMembers.userId, caller.userId))
    .orderBy(...circleListOrder);
  return rows.map((row) =>
    toCircle(row.circle, { userId: caller.userId, role: row.role }, row.memberCount),
  );
}

export async function getCircle({ deps, caller }: Call<undefined, MemberCaller>): Promise<Circle> {
  const { circle, membership } = caller.circle;
  return toCircle(circle, membership, await countMembers(deps.db, circle.id));
}

/**
 * Refuses a new circle past the creator's limit. Under `lock` the creator's row is locked
 * first, so two requests at once cannot both take the last place.
 */
async function assertMayCreate(db: Executor, userId: number, lock: boolean) {
  if (lock) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  }
  const [owned] = await db
    .select({ value: count() })
    .from(circles)
    .where(eq(circles.creatorId, userId));
  if ((owned?.value ?? 0) >= CIRCLES_PER_USER_MAX) {
    throw new AppError("BAD_REQUEST", messages.tooManyCircles);
  }
}

/**
 * The circle's id, taken from its sequence before the row exists, so that its photo is prepared
 * for its real owner before the transaction opens (processing is slow; no lock waits on it), and
 * then the circle, its creator's membership and the photo's key are written in one transaction.
 * No circle ever exists half-made (without its photo, or waiting to be deleted again because its
 * photo was refused), and a refused photo leaves nothing behind but a skipped id.
 */
async function reserveCircleId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('circles', 'id'))::integer as id`,
  );
  if (!row) throw new Error("the circle id sequence answered nothing");
  return Number(row.id);
}

export async function createCircle({
  deps,
  caller,
  input,
}: Call<CreateCircleInput, SignedInCaller>): Promise<Circle> {
  // Every account comes with its one personal circle (api-conventions.md, Accounts).
  if (input.type === "personal") throw new AppError("BAD_REQUEST", messages.personalCircleExists);
  const change = photoChangeOf(input);
  // Checked again under a lock below; this spares processing a photo for a refused circle.
  if (change.kind === "set") await assertMayCreate(deps.db, caller.userId, false);
  const id = await reserveCircleId(deps.db);
  const prepared = await prepareCirclePhoto(deps, caller, id, change);
  const now = deps.clock.now();
  return photoTransaction(deps, caller, prepared, async (tx) => {
    await assertMayCreate(tx, caller.userId, true);
    const [circle] = await tx
      .insert(circles)
      .overridingSystemValue()
      .values({
        id,
        name: input.name,
        description: input.description,
        type: input.type,
        color: input.color ?? CIRCLE_TYPE_COLORS[input.type],
        photoKey: prepared?.key ?? null,
        creatorId: caller.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!circle) throw new Error("circle insert returned nothing");
    await tx
      .insert(circleMembers)
      .values({ circleId: id, userId: caller.userId, role: "admin", createdAt: now });
    return toCircle(circle, { userId: caller.userId, role: "admin" }, 1);
  });
}

/** The circle's row, locked for the rest of the transaction; 404 once it is gone. */
export async function lockCircle(tx: Tx, circleId: number): Promise<CircleRow> {
  const [row] = await tx.select().from(circles).where(eq(circles.id, circleId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", messages.circleNotFound);
  return row;
}

/** PUT and PATCH alike: only the fields sent change (admins). */
export async function updateCircle({
  deps,
  caller,
  input,
}: Call<UpdateCircleInput, AdminCaller>): Promise<Circle> {
  const { circle, membership } = caller.circle;
  const change = photoChangeOf(input);
  const prepared = await prepareCirclePhoto(deps, caller, circle.id, change);
  const fields = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.color !== undefined ? { color: input.color } : {}),
    ...(change.kind === "keep" ? {} : { photoKey: prepared?.key ?? null }),
  };
  return photoTransaction(deps, caller, prepared, async (tx, discardLater) => {
    const current = await lockCircle(tx, circle.id);
    let updated = current;
    if (Object.keys(fields).length > 0) {
      const [row] = await tx
        .update(circles)
        .set({ ...fields, updatedAt: deps.clock.now() })
        .where(eq(circles.id, circle.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", messages.circleNotFound);
      updated = row;
    }
    if (change.kind !== "keep") await discardLater(current.photoKey);
    await recordCircleEdit(tx, { by: caller.userId, at: deps.clock.now() }, current, updated, {
      photoChanged: change.kind !== "keep",
    });
    return toCircle(updated, membership, await countMembers(tx, circle.id));
  });
}

/**
 * The change feed's entry for an edit (members' screens show the new name, colour or photo at
 * once through it): only what really changed; nothing when nothing did.
 */
async function recordCircleEdit(
  tx: Tx,
  { by, at }: Stamp,
  before: CircleRow,
  after: CircleRow,
  { photoChanged }: { photoChanged: boolean },
): Promise<void> {
  const changed = [
    ...(before.description !== after.description ? (["description"] as const) : []),
    ...(before.color !== after.color ? (["eventColor"] as const) : []),
    ...(photoChanged ? (["photo"] as const) : []),
  ];
  const renamed = before.name !== after.name;
  if (!renamed && changed.length === 0) return;
  await recordActivity(tx, {
    circleId: after.id,
    actorId: by,
    kind: "circle_edited",
    at,
    before: { title: before.name },
    after: {
      ...(renamed ? { title: after.name } : {}),
      ...(changed.length > 0 ? { changed } : {}),
    },
  });
}

/**
 * Only the creator deletes a circle, and never a personal one. Everything that belongs to it
 * goes in one transaction: members, invitations and plans by ON DELETE CASCADE from the
 * circle's row; objects in storage (the photo, the plans' attachments), which no cascade
 * reaches, are queued here and removed once the deletion has committed.
 */
export async function deleteCircle({
  deps,
  caller,
}: Call<undefined, CreatorCaller>): Promise<{ message: string }> {
  const { circle } = caller.circle;
  if (circle.type === "personal") {
    throw new AppError("BAD_REQUEST", messages.personalCircleNotDeletable);
  }
  const attachmentKeys = await photoTransaction(deps, caller, null, async (tx, discardLater) => {
    await announceCircleGone(deps.live, tx, circle.id);
    return deleteCircleRows(tx, circle.id, discardLater);
  });
  await collectAttachmentGarbage(deps, attachmentKeys);
  return { message: messages.circleDeleted };
}

/**
 * What deleting a circle removes, inside the caller's transaction (deleteCircle; an account
 * deleted with circles nobody else is in): the row, locked first, and with it by cascade its
 * members, invitations and plans; its photo handed to `discardLater`, its attachments' objects
 * queued. Answers those objects' keys, for `collectAttachmentGarbage` after commit.
 */
export async function deleteCircleRows(
  tx: Tx,
  circleId: number,
  discardLater: DiscardLater,
): Promise<string[]> {
  const current = await lockCircle(tx, circleId);
  await discardLater(current.photoKey);
  const keys = await queueCircleAttachmentObjects(tx, circleId);
  await tx.delete(circles).where(eq(circles.id, circleId));
  return keys;
}

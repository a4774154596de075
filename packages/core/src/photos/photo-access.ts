/**
 * Who may see which photo: the one decision behind `GET /api/photos/{kind}/{ownerId}/{version}`.
 *
 * - A circle's photo: its members (core/circles/access.ts, the one home of circle access), and
 *   whoever a pending, unexpired invitation to it is addressed to (the invitation page shows it).
 * - A user's photo: the user, and anyone who shares at least one circle with them (the people
 *   who see them in a member list).
 *
 * Everyone else gets 404, as does a version that is not the owner's current photo: a URL stops
 * working when its photo is replaced or removed, and no answer tells a stranger whether a
 * circle or user exists or has a photo. Signed out is 401.
 */
import type { Executor } from "@circleplan/db/client";
import { circles, invitations, users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, gt } from "drizzle-orm";
import { circleAccess, sharesACircle } from "../circles/access";
import type { Call, Caller } from "../deps";
import { AppError } from "../errors";
import type { StoredObject } from "../storage/object-storage";
import { photoObjectKey, photoVersion } from "./photo-store";
import type { PhotoSize } from "./process-photo";

export interface PhotoReadInput {
  kind: "users" | "circles";
  ownerId: number;
  version: string;
  size: PhotoSize;
}

const notFound = () => new AppError("NOT_FOUND", messages.notFound);

/** The photo's bytes (WebP) for a caller allowed to see it. */
export async function readPhoto({
  deps,
  caller,
  input,
}: Call<PhotoReadInput, Caller>): Promise<StoredObject> {
  const { userId } = caller;
  if (userId === null) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  const key =
    input.kind === "circles"
      ? await circlePhotoKey(deps, userId, input.ownerId)
      : await userPhotoKey(deps.db, userId, input.ownerId);
  if (!key || photoVersion(key) !== input.version) throw notFound();
  const photo = await deps.storage.get(photoObjectKey(key, input.size));
  if (!photo) throw notFound();
  return photo;
}

async function circlePhotoKey(
  deps: Call<unknown>["deps"],
  userId: number,
  circleId: number,
): Promise<string | null> {
  try {
    return (await circleAccess(deps.db, userId, { circleId })).circle.photoKey;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "NOT_FOUND") throw error;
    const [invited] = await deps.db
      .select({ photoKey: circles.photoKey })
      .from(invitations)
      .innerJoin(circles, eq(circles.id, invitations.circleId))
      .innerJoin(users, and(eq(users.id, userId), eq(users.email, invitations.email)))
      .where(
        and(
          eq(invitations.circleId, circleId),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, deps.clock.now()),
        ),
      )
      .limit(1);
    if (!invited) throw error;
    return invited.photoKey;
  }
}

async function userPhotoKey(db: Executor, userId: number, ownerId: number): Promise<string | null> {
  if (ownerId === userId) {
    const [self] = await db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, userId));
    return self?.photoKey ?? null;
  }
  const [shared] = await db
    .select({ photoKey: users.photoKey })
    .from(users)
    .where(and(eq(users.id, ownerId), sharesACircle(db, userId, ownerId)));
  return shared?.photoKey ?? null;
}

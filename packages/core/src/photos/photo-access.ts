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
 * circle or user exists or has a photo. Signed out is 401. The bytes come as any stored file's
 * do (storage/downloads.ts): a presigned link with S3, the bytes themselves locally.
 */
import type { Executor } from "@circleplan/db/client";
import { circles, invitations, users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, eq, gt } from "drizzle-orm";
import { circleAccess, sharesACircle } from "../circles/access";
import type { Call, Caller } from "../deps";
import { AppError } from "../errors";
import { type Download, downloadOf } from "../storage/downloads";
import { photoObjectKey, photoVersion } from "./photo-store";
import type { PhotoSize } from "./process-photo";

export interface PhotoReadInput {
  kind: "users" | "circles";
  ownerId: number;
  version: string;
  size: PhotoSize;
}

const notFound = () => new AppError("NOT_FOUND", messages.notFound);

/**
 * A photo's presigned link works 15 minutes and the redirect to it is kept 10, so a page shown
 * again soon asks nothing; the bytes themselves are kept a year (a new photo has a new URL).
 */
const PHOTO_LINK = {
  expiresInSeconds: 15 * 60,
  redirectCacheControl: "private, max-age=600",
};

/** The photo (WebP) for a caller allowed to see it: its bytes, or where to fetch them. */
export async function readPhoto({
  deps,
  caller,
  input,
}: Call<PhotoReadInput, Caller>): Promise<Download> {
  const { userId } = caller;
  if (userId === null) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  const key =
    input.kind === "circles"
      ? await circlePhotoKey(deps, userId, input.ownerId)
      : await userPhotoKey(deps.db, userId, input.ownerId);
  if (!key || photoVersion(key) !== input.version) throw notFound();
  return downloadOf(
    deps.storage,
    photoObjectKey(key, input.size),
    { contentType: "image/webp", cacheControl: "private, max-age=31536000, immutable" },
    PHOTO_LINK,
  );
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

/**
 * The circles every account starts with. The circles feature proper (rename, invite, members)
 * lives beside this file; these are the parts accounts need.
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, circles } from "@circleplan/db/schema";
import { CIRCLE_TYPE_COLORS } from "@circleplan/shared/limits";
import { and, eq, inArray } from "drizzle-orm";
import type { Call, SignedInCaller } from "../deps";

type DefaultType = "personal" | "family";
const DEFAULT_NAMES: Record<DefaultType, string> = { personal: "Personal", family: "Family" };

async function createOwnedCircle(tx: Executor, userId: number, type: DefaultType) {
  const [circle] = await tx
    .insert(circles)
    .values({ name: DEFAULT_NAMES[type], type, color: CIRCLE_TYPE_COLORS[type], creatorId: userId })
    .returning();
  if (!circle) throw new Error("circle insert returned nothing");
  await tx.insert(circleMembers).values({ circleId: circle.id, userId, role: "admin" });
  return circle;
}

export function createPersonalCircle(tx: Executor, userId: number) {
  return createOwnedCircle(tx, userId, "personal");
}

/** Ensures the user has a Personal and a Family circle of their own. Idempotent. */
export function createDefaultCircles({ deps, caller }: Call<undefined, SignedInCaller>) {
  return deps.db.transaction((tx) => ensureDefaultCircles(tx, caller.userId));
}

async function ensureDefaultCircles(tx: Executor, userId: number) {
  const owned = await tx
    .select()
    .from(circles)
    .where(and(eq(circles.creatorId, userId), inArray(circles.type, ["personal", "family"])));
  const result = [];
  for (const type of ["personal", "family"] as const) {
    const existing = owned.find((circle) => circle.type === type);
    result.push(existing ?? (await createOwnedCircle(tx, userId, type)));
  }
  return result;
}

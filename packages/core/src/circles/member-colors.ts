/**
 * The colour a member gets on joining a circle (docs/decisions/017): deterministic, and distinct
 * from everyone else's in the circle for as long as the palette allows. Members may then choose
 * another (members.ts setMyColor); two may share one by choice.
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers } from "@circleplan/db/schema";
import { MEMBER_COLOR_VALUES, type MemberColor } from "@circleplan/shared/limits";
import { eq } from "drizzle-orm";

/**
 * The colour fewest of `taken` hold, the earliest in the palette's order on a tie: the first
 * free one while any is free, then round the palette again.
 */
export function nextMemberColor(taken: readonly string[]): MemberColor {
  const holders = new Map<string, number>();
  for (const color of taken) holders.set(color, (holders.get(color) ?? 0) + 1);
  let best = MEMBER_COLOR_VALUES[0];
  for (const color of MEMBER_COLOR_VALUES) {
    if ((holders.get(color) ?? 0) < (holders.get(best) ?? 0)) best = color;
  }
  return best;
}

/**
 * The colour for someone joining `circleId` now. Call with the circle's row locked (as joining
 * does, answer-invitation.ts), so two people joining at once cannot both take the same free one.
 */
export async function joiningMemberColor(tx: Tx, circleId: number): Promise<MemberColor> {
  const rows = await tx
    .select({ color: circleMembers.color })
    .from(circleMembers)
    .where(eq(circleMembers.circleId, circleId));
  return nextMemberColor(rows.map((row) => row.color));
}

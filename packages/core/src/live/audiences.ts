/**
 * Who hears of a change that no feed entry names them in (docs/decisions/018-live-sync.md, "The
 * mechanism"): the accounts invited or uninvited, and everyone a deleted circle leaves. Call
 * inside the change's transaction: they hear after it commits.
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, invitations, users } from "@circleplan/db/schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Live } from "./announcements";

/** The accounts behind these addresses (those that have one) hear that their invitations changed. */
export async function announceToAddresses(live: Live, tx: Tx, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  const invited = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  for (const { id } of invited) live.announceUser(id);
}

/** A circle about to be deleted: its members lose it, and the addresses it invited their invitation. */
export async function announceCircleGone(live: Live, tx: Tx, circleId: number): Promise<void> {
  const members = await tx
    .select({ id: circleMembers.userId })
    .from(circleMembers)
    .where(eq(circleMembers.circleId, circleId));
  for (const { id } of members) live.announceUser(id);
  const pending = await tx
    .select({ email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.circleId, circleId), eq(invitations.status, "pending")));
  await announceToAddresses(
    live,
    tx,
    pending.map((row) => row.email),
  );
}

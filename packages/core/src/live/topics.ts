/**
 * AWS IoT Core's names for live sync (docs/decisions/018-live-sync.md, "AWS"): one topic per
 * circle and one per user under the deployment's prefix (`app/stage`: one IoT endpoint serves
 * every app and stage of an account), and the client ids a user may connect with.
 */
import type { Executor } from "@circleplan/db/client";
import { circleMembers, users } from "@circleplan/db/schema";
import { eq } from "drizzle-orm";
import type { LiveTarget } from "./live-publisher";

export function topicOf(prefix: string, target: LiveTarget): string {
  return target.kind === "circle"
    ? `${prefix}/circle/${target.circleId}`
    : `${prefix}/user/${target.userId}`;
}

/** Every client id a user connects with starts so: nobody can take over another's connection. */
export function clientIdPrefixOf(prefix: string, userId: number): string {
  return `${prefix.replaceAll("/", "-")}-u${userId}-`;
}

/**
 * The topics `userId` may hear now: their circles' and their own. Null when the account is gone
 * (a token outlives the account it was made for by its lifetime at most).
 */
export async function topicsOf(
  db: Executor,
  prefix: string,
  userId: number,
): Promise<string[] | null> {
  const rows = await db
    .select({ circleId: circleMembers.circleId })
    .from(users)
    .leftJoin(circleMembers, eq(circleMembers.userId, users.id))
    .where(eq(users.id, userId));
  if (rows.length === 0) return null;
  const circles = rows.flatMap((row) => (row.circleId === null ? [] : [row.circleId]));
  return [
    ...circles
      .sort((a, b) => a - b)
      .map((circleId) => topicOf(prefix, { kind: "circle", circleId })),
    topicOf(prefix, { kind: "user", userId }),
  ];
}

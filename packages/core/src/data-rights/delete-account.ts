/**
 * Deleting one's own account (docs/decisions/014). The password is checked first, counted and
 * slowed as a sign-in is; then, in one transaction with the user's row locked, everything that
 * is theirs goes and everything that is the circles' stays with someone:
 *
 * - plans and tasks they created, in every circle (attachments' objects queued for removal);
 * - circles they created: each passes to its longest-standing admin, else member
 *   (circles/succession.ts); one nobody else is in (the personal circle always) is deleted with
 *   everything in it, as its creator would delete it;
 * - every other membership ends as a removal ends it (tasks given to them are withdrawn);
 * - the change-feed entries they made in their circles (activity/record.ts);
 * - invitations they sent and invitations addressed to them; their photo; mail still waiting
 *   for their address; then the user row, whose cascade takes sessions, push subscriptions,
 *   links, codes and reminder records.
 *
 * The confirmation mail is queued in the same transaction, and stored objects are removed after
 * commit through the storage-garbage queue (whatever storage refuses, maintenance retries).
 */
import type { Tx } from "@circleplan/db/client";
import { circleMembers, circles, invitations, mailOutbox, users } from "@circleplan/db/schema";
import type { DeleteAccountInput } from "@circleplan/shared/data-rights-schemas";
import { messages } from "@circleplan/shared/messages";
import { asc, eq, inArray, or } from "drizzle-orm";
import { deleteActivityBy } from "../activity/record";
import type { DiscardLater } from "../circles/circle-photo";
import { deleteCircleRows } from "../circles/circles";
import { endMembership } from "../circles/member-departure";
import { handCircleOver, successorOf } from "../circles/succession";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { AppError } from "../errors";
import { deleteInboxOf } from "../inbox/queue-inbox";
import { accountDeletedNotice } from "../mail/templates";
import { withOutbox } from "../mail/with-outbox";
import { collectPhotoGarbage, discardPhotoLater } from "../photos/photo-store";
import { deletePlansCreatedBy } from "../plans/account-plans";
import { collectAttachmentGarbage } from "../plans/attachments";
import {
  assertNotThrottled,
  clearLoginFailures,
  recordLoginFailure,
} from "../rate-limit/login-throttle";
import { consumeRateLimit } from "../rate-limit/rate-limit";

/**
 * Password checks one user may make an hour to delete their account, from any address: a
 * stolen session cannot spread its guesses over many addresses to dodge the sign-in backoff.
 */
export const ACCOUNT_DELETE_RATE_LIMIT: RateRule = { limit: 10, windowMs: 60 * 60 * 1000 };

type UserRow = typeof users.$inferSelect;

export async function deleteAccount({
  deps,
  caller,
  input,
}: Call<DeleteAccountInput, SignedInCaller>): Promise<{ message: string; cookie: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  await checkPassword(deps, caller, user, input.password);

  const now = deps.clock.now();
  const photoKeys: string[] = [];
  const objectKeys: string[] = [];
  await withOutbox(deps, async (tx) => {
    // Locked first: a second deletion waits and then finds no one; a plan, membership or
    // attachment naming this user cannot be written meanwhile (its foreign key waits too).
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!locked) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
    const discardLater: DiscardLater = async (key) => {
      if (!key) return;
      await discardPhotoLater(tx, key);
      photoKeys.push(key);
    };
    objectKeys.push(...(await deletePlansCreatedBy(tx, locked.id)));
    await deleteActivityBy(tx, locked.id);
    await deleteInboxOf(tx, locked.id);
    const circleFates = await leaveEveryCircle(tx, { userId: locked.id, now, discardLater });
    objectKeys.push(...circleFates.objectKeys);
    await tx
      .delete(invitations)
      .where(or(eq(invitations.inviterId, locked.id), eq(invitations.email, locked.email)));
    await discardLater(locked.photoKey);
    // Nothing queued earlier (a reminder, a link) reaches the address after its account is gone.
    const addresses = [locked.email, ...(locked.pendingEmail ? [locked.pendingEmail] : [])];
    await tx.delete(mailOutbox).where(inArray(mailOutbox.to, addresses));
    await tx.delete(users).where(eq(users.id, locked.id));
    await deps.mail.enqueue(
      tx,
      accountDeletedNotice({
        to: locked.email,
        firstName: locked.firstName,
        handedOver: circleFates.handedOver,
        deleted: circleFates.deleted,
      }),
    );
  });

  for (const photoKey of photoKeys) await collectPhotoGarbage(deps, { photoKey });
  await collectAttachmentGarbage(deps, objectKeys);
  deps.log.security("account.deleted", {
    requestId: caller.requestId,
    ip: caller.ip,
    userId: user.id,
  });
  return { message: messages.accountDeleted, cookie: deps.sessions.blankCookie() };
}

/**
 * As a sign-in checks a password (auth/login.ts), and on the same backoff, keyed by the
 * account's address and the client's: wrong passwords here and at sign-in count together.
 * Nothing but the counters is written before the password is known to be right.
 */
async function checkPassword(
  deps: CoreDeps,
  caller: SignedInCaller,
  user: UserRow,
  password: string,
): Promise<void> {
  const now = deps.clock.now();
  const event = { requestId: caller.requestId, ip: caller.ip, userId: user.id };
  await consumeRateLimit(deps.db, {
    key: `account-delete:user:${user.id}`,
    rule: ACCOUNT_DELETE_RATE_LIMIT,
    now,
  });
  const throttle = { email: user.email, ip: caller.ip, now };
  try {
    await assertNotThrottled(deps.db, throttle);
  } catch (error) {
    deps.log.security("account.delete_throttled", event);
    throw error;
  }
  if (!(await deps.passwords.verify(user.passwordHash, password))) {
    await recordLoginFailure(deps.db, throttle);
    deps.log.security("account.delete_failed", event);
    throw new AppError("VALIDATION_FAILED", messages.currentPasswordWrong, {
      issues: [{ path: "password", message: messages.currentPasswordWrong }],
    });
  }
  await clearLoginFailures(deps.db, throttle);
}

interface CircleFates {
  handedOver: { circleName: string; newCreatorName: string }[];
  /** Shared circles deleted for want of anyone else (the personal circle is not listed). */
  deleted: string[];
  /** Objects of the deleted circles' attachments, queued. */
  objectKeys: string[];
}

/** Every circle the user created passes on or goes; every other membership ends. */
async function leaveEveryCircle(
  tx: Tx,
  options: { userId: number; now: Date; discardLater: DiscardLater },
): Promise<CircleFates> {
  const { userId, now, discardLater } = options;
  const fates: CircleFates = { handedOver: [], deleted: [], objectKeys: [] };
  // In id order, so two deletions touching the same circles lock them in the same order.
  const created = await tx
    .select()
    .from(circles)
    .where(eq(circles.creatorId, userId))
    .orderBy(asc(circles.id))
    .for("update");
  for (const circle of created) {
    const successor = circle.type === "personal" ? null : await successorOf(tx, circle.id, userId);
    if (successor) {
      await handCircleOver(tx, { circleId: circle.id, successorId: successor.userId, now });
      fates.handedOver.push({
        circleName: circle.name,
        newCreatorName: `${successor.firstName} ${successor.lastName}`,
      });
    } else {
      fates.objectKeys.push(...(await deleteCircleRows(tx, circle.id, discardLater)));
      if (circle.type !== "personal") fates.deleted.push(circle.name);
    }
  }
  const memberships = await tx
    .select({ circleId: circleMembers.circleId })
    .from(circleMembers)
    .where(eq(circleMembers.userId, userId))
    .orderBy(asc(circleMembers.circleId));
  for (const { circleId } of memberships) {
    await endMembership(tx, { circleId, userId }, { by: userId, at: now });
  }
  return fates;
}

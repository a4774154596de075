/**
 * Which reminders and mail a user gets: reminders by push and by email, the morning digest, and
 * push for changes (columns on the user row; the scheduled job reads them). Changed from the profile, or turned
 * off by an unsubscribe link that needs no session: the signed token is the authority.
 */
import { users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type {
  NotificationPreferences,
  UnsubscribeResult,
} from "@circleplan/shared/notification-outputs";
import type {
  NotificationPreferencesInput,
  UnsubscribeInput,
} from "@circleplan/shared/notification-schemas";
import { eq } from "drizzle-orm";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { type MailKind, readUnsubscribeToken } from "./unsubscribe-links";

const preferenceColumns = {
  reminderPush: users.reminderPush,
  reminderEmail: users.reminderEmail,
  digestEmail: users.digestEmail,
  changePush: users.changePush,
};

export async function getNotificationPreferences({
  deps,
  caller,
}: Call<undefined, SignedInCaller>): Promise<NotificationPreferences> {
  const [row] = await deps.db
    .select(preferenceColumns)
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!row) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return row;
}

/** Changes only the preferences sent; answers them all as stored. */
export async function updateNotificationPreferences({
  deps,
  caller,
  input,
}: Call<NotificationPreferencesInput, SignedInCaller>): Promise<NotificationPreferences> {
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => typeof value === "boolean"),
  ) as NotificationPreferencesInput;
  if (Object.keys(changes).length === 0) {
    return getNotificationPreferences({ deps, caller, input: undefined });
  }
  const [row] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.clock.now() })
    .where(eq(users.id, caller.userId))
    .returning(preferenceColumns);
  if (!row) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  return row;
}

const unsubscribedMessage: Record<MailKind, string> = {
  reminders: notificationMessages.unsubscribedReminders,
  digest: notificationMessages.unsubscribedDigest,
};

/**
 * Turns off the mail an unsubscribe link names (the web page's JSON call and the mail client's
 * one-click POST both land here). Only ever turns mail off, so following a link twice, or
 * after turning the mail on again, does what the person asked the last time they clicked.
 */
export async function unsubscribe({
  deps,
  input,
}: Call<UnsubscribeInput>): Promise<UnsubscribeResult> {
  const named = readUnsubscribeToken(deps.secretKey, input.token);
  if (!named) throw new AppError("BAD_REQUEST", notificationMessages.unsubscribeInvalid);
  const off = named.kind === "reminders" ? { reminderEmail: false } : { digestEmail: false };
  const [row] = await deps.db
    .update(users)
    .set({ ...off, updatedAt: deps.clock.now() })
    .where(eq(users.id, named.userId))
    .returning({ id: users.id });
  // A deleted account's link: as invalid as a made-up one.
  if (!row) throw new AppError("BAD_REQUEST", notificationMessages.unsubscribeInvalid);
  deps.log.info("notifications.unsubscribed", { userId: named.userId, kind: named.kind });
  return { kind: named.kind, message: unsubscribedMessage[named.kind] };
}

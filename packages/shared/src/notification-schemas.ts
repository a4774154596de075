/**
 * Inputs of the notification procedures: the user's notification preferences, a device's push
 * subscription as the browser's `PushSubscription.toJSON()` gives it, and an unsubscribe link's
 * token. The profile and the server validate with these same objects.
 */
import * as z from "zod";
import { safeString } from "./auth-schemas";
import { CIRCLE_NOTIFY_LEVELS, TOKEN_MAX_LENGTH } from "./limits";
import { notificationMessages } from "./notification-messages";

/** Push services' endpoints are a few hundred characters; this leaves room, and bounds the index. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
/** Devices one user keeps push on for; a new one past this drops the oldest (decision 011). */
export const PUSH_DEVICES_PER_USER_MAX = 20;

const preference = z.boolean({ error: notificationMessages.preferenceInvalid }).optional();

/** PUT changes only what is sent (`changePush` is ours: the spec's clients never send it). */
export const notificationPreferencesInput = z.object(
  {
    reminderPush: preference.describe(
      "Reminders by push on this user's devices; absent: unchanged",
    ),
    reminderEmail: preference.describe("Reminders by email; absent: unchanged"),
    digestEmail: preference.describe(
      "The morning digest by email, at 07:00 in the user's time zone; absent: unchanged",
    ),
    changePush: preference.describe(
      "Push when plans that concern the user change (optional: not in the spec); absent: unchanged",
    ),
  },
  { error: notificationMessages.preferenceInvalid },
);
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;

const isHttpsUrl = (value: string) => {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
};

const endpointField = safeString({
  max: PUSH_ENDPOINT_MAX_LENGTH,
  tooLong: notificationMessages.pushEndpointTooLong,
  required: notificationMessages.pushEndpointInvalid,
})
  .refine(isHttpsUrl, { error: notificationMessages.pushEndpointInvalid })
  .describe("The push service's https address for this device (the PushSubscription's endpoint)");

/** The bytes a base64url string (padded or not) holds, or null when it is not base64url. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value) || value.replace(/=+$/, "").length % 4 === 1) {
    return null;
  }
  const base64 = value.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  try {
    return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (ch) =>
      ch.charCodeAt(0),
    );
  } catch {
    return null;
  }
}

/**
 * A key the payload is encrypted for (RFC 8291): `p256dh` an uncompressed P-256 point (65 bytes
 * starting 0x04), `auth` a 16-byte secret. Anything else could only fail later, at each send.
 */
const keyField = (bytes: number, check: (key: Uint8Array) => boolean = () => true) =>
  safeString({
    max: Math.ceil((bytes * 4) / 3) + 2,
    tooLong: notificationMessages.pushKeyInvalid,
    required: notificationMessages.pushKeyInvalid,
  }).refine(
    (value) => {
      const key = base64UrlBytes(value);
      return key !== null && key.length === bytes && check(key);
    },
    { error: notificationMessages.pushKeyInvalid },
  );

export const pushSubscriptionInput = z.object(
  {
    endpoint: endpointField,
    /** When the push service will end the subscription, if it says; not stored. */
    expirationTime: z
      .number({ error: notificationMessages.pushKeyInvalid })
      .nonnegative({ error: notificationMessages.pushKeyInvalid })
      .nullable()
      .optional()
      .describe(
        "When the push service will end the subscription (ms since 1970, UTC), if it says; not stored",
      ),
    keys: z
      .object(
        {
          p256dh: keyField(65, (key) => key[0] === 0x04).describe(
            "The device's P-256 public key, base64url (65 bytes, uncompressed)",
          ),
          auth: keyField(16).describe("The device's authentication secret, base64url (16 bytes)"),
        },
        { error: notificationMessages.pushKeyInvalid },
      )
      .describe("The keys a notification is encrypted for (RFC 8291)"),
  },
  { error: notificationMessages.pushEndpointInvalid },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** This device's subscription, named by its endpoint (DELETE: in the query string). */
export const pushEndpointInput = z.object(
  { endpoint: endpointField },
  { error: notificationMessages.pushEndpointInvalid },
);
export type PushEndpointInput = z.infer<typeof pushEndpointInput>;

export const unsubscribeInput = z.object(
  {
    token: safeString({
      max: TOKEN_MAX_LENGTH,
      tooLong: notificationMessages.unsubscribeInvalid,
      required: notificationMessages.unsubscribeInvalid,
    })
      .min(1, { error: notificationMessages.unsubscribeInvalid })
      .describe("The token of the mail's unsubscribe link"),
  },
  { error: notificationMessages.unsubscribeInvalid },
);
export type UnsubscribeInput = z.infer<typeof unsubscribeInput>;

/** What a circle tells the caller (docs/decisions/019): PUT /api/circles/{id}/notifications. */
export const circleNotificationsInput = z.object(
  {
    level: z
      .enum(CIRCLE_NOTIFY_LEVELS, { error: notificationMessages.circleNotifyLevelInvalid })
      .describe(
        "`default`: what concerns the caller (plans they made or took on, tasks given to them); `following`: every change; `muted`: only what names them",
      ),
  },
  { error: notificationMessages.circleNotifyLevelInvalid },
);
export type CircleNotificationsInput = z.infer<typeof circleNotificationsInput>;

/** What the notification procedures answer (allow-lists: tRPC strips anything else). */
import * as z from "zod";
import { CIRCLE_NOTIFY_LEVELS } from "./limits";

const instant = z.date();

export const notificationPreferencesOutput = z.object({
  reminderPush: z.boolean(),
  reminderEmail: z.boolean(),
  /** The morning digest at 07:00 in the user's time zone. */
  digestEmail: z.boolean(),
  /**
   * Push when plans that concern the user change (docs/decisions/019); on unless turned off.
   * Optional: the spec's clients know only the three above.
   */
  changePush: z.boolean().optional(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesOutput>;

export const pushPublicKeyOutput = z.object({
  /** The VAPID public key (base64url): the browser's `applicationServerKey`. */
  publicKey: z.string(),
});

/** A device with push on: never its endpoint or keys, which are the device's secrets. */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** The browser it was allowed in (truncated), shown as "Chrome on Android". */
  userAgent: z.string().nullable(),
  createdAt: instant,
  lastSentAt: instant.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesOutput = z.object({ devices: z.array(pushDeviceSchema) });

export const pushTestOutput = z.object({
  message: z.string(),
  /** Devices the push service accepted the notification for. */
  sent: z.number().int(),
  /** Devices the push service no longer knows: removed. */
  removed: z.number().int(),
  /** Devices whose push service failed this time (kept; the next send tries again). */
  failed: z.number().int(),
});

export const MAIL_KIND_VALUES = ["reminders", "digest"] as const;

export const unsubscribeOutput = z.object({
  /** Which mail was turned off. */
  kind: z.enum(MAIL_KIND_VALUES),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeOutput>;

/** What a circle tells the caller: the default, every change ("following"), or "muted". */
export const circleNotificationsOutput = z.object({
  circleId: z.number().int(),
  level: z.enum(CIRCLE_NOTIFY_LEVELS),
});
export type CircleNotifications = z.infer<typeof circleNotificationsOutput>;

/** Whether the caller follows a plan's changes. */
export const planFollowOutput = z.object({
  planId: z.number().int(),
  following: z.boolean(),
});
export type PlanFollow = z.infer<typeof planFollowOutput>;

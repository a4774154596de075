/** What the notification procedures answer (allow-lists: tRPC strips anything else). */
import * as z from "zod";
import { CIRCLE_NOTIFY_LEVELS } from "./limits";

const instant = z.date();

export const notificationPreferencesOutput = z.object({
  reminderPush: z.boolean().describe("Reminders by push on the user's devices"),
  reminderEmail: z.boolean().describe("Reminders by email"),
  /** The morning digest at 07:00 in the user's time zone. */
  digestEmail: z
    .boolean()
    .describe("The morning digest by email, at 07:00 in the user's time zone"),
  /**
   * Push when plans that concern the user change (docs/decisions/019); on unless turned off.
   * Optional: the spec's clients know only the three above.
   */
  changePush: z
    .boolean()
    .optional()
    .describe("Push when plans that concern the user change; on unless turned off"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesOutput>;

export const pushPublicKeyOutput = z.object({
  /** The VAPID public key (base64url): the browser's `applicationServerKey`. */
  publicKey: z
    .string()
    .describe("The VAPID public key, base64url: the browser's `applicationServerKey`"),
});

/** A device with push on: never its endpoint or keys, which are the device's secrets. */
export const pushDeviceSchema = z.object({
  id: z.number().int().describe("The device's id"),
  /** The browser it was allowed in (truncated), shown as "Chrome on Android". */
  userAgent: z
    .string()
    .nullable()
    .describe("The browser push was turned on in (its User-Agent, cut short); null: unknown"),
  createdAt: instant.describe("When push was turned on for it (UTC instant)"),
  lastSentAt: instant
    .nullable()
    .describe("When a notification was last sent to it (UTC instant); null: never"),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesOutput = z.object({
  devices: z
    .array(pushDeviceSchema)
    .describe("The caller's devices with push on, never their endpoints or keys"),
});

export const pushTestOutput = z.object({
  message: z.string().describe("What happened, in words"),
  /** Devices the push service accepted the notification for. */
  sent: z.number().int().describe("Devices the push service accepted the notification for"),
  /** Devices the push service no longer knows: removed. */
  removed: z.number().int().describe("Devices the push service no longer knows: removed"),
  /** Devices whose push service failed this time (kept; the next send tries again). */
  failed: z
    .number()
    .int()
    .describe("Devices whose push service failed this time (kept: the next send tries again)"),
});

export const MAIL_KIND_VALUES = ["reminders", "digest"] as const;

export const unsubscribeOutput = z.object({
  /** Which mail was turned off. */
  kind: z.enum(MAIL_KIND_VALUES).describe("Which mail was turned off: reminders or the digest"),
  message: z.string().describe("What was turned off, in words"),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeOutput>;

/** What a circle tells the caller: the default, every change ("following"), or "muted". */
export const circleNotificationsOutput = z.object({
  circleId: z.number().int().describe("The circle's id"),
  level: z
    .enum(CIRCLE_NOTIFY_LEVELS)
    .describe(
      "`default`: what concerns the caller; `following`: every change; `muted`: only what names them",
    ),
});
export type CircleNotifications = z.infer<typeof circleNotificationsOutput>;

/** Whether the caller follows a plan's changes. */
export const planFollowOutput = z.object({
  planId: z.number().int().describe("The plan's id"),
  following: z.boolean().describe("Whether the caller now follows the plan's changes"),
});
export type PlanFollow = z.infer<typeof planFollowOutput>;

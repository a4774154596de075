/**
 * The product's texts for notification settings, push devices and unsubscribe links (our words:
 * the spec has none). Kept beside messages.ts while reminders land; one home for these words,
 * quoted by the server, the web app and the tests.
 */
import { PLAN_FOLLOWS_PER_USER_MAX } from "./limits";

export const notificationMessages = {
  preferenceInvalid: "Each notification setting must be on (true) or off (false).",
  pushEndpointInvalid: "The push subscription's endpoint must be an https address.",
  pushEndpointTooLong: "The push subscription's endpoint must be at most 1000 characters.",
  pushKeyInvalid: "The push subscription's keys are not valid.",
  pushServiceUnsupported: "This browser's push service is not supported.",
  pushDeviceNotFound: "Notifications are not on for this device.",
  pushDeviceRemoved: "Notifications are off on this device.",
  pushNoDevices:
    "Notifications are not on for any of your devices. Allow them on this device first.",
  pushTestTitle: "Circleplan notifications are on",
  pushTestBody: "This is how your reminders will arrive on this device.",
  unsubscribeInvalid:
    "This unsubscribe link is not valid. You can change which emails you get in your profile.",
  oneClickFormRequired:
    "A one-click unsubscribe posts the form field List-Unsubscribe=One-Click (RFC 8058).",
  unsubscribedReminders: "You won't get reminder emails anymore.",
  unsubscribedDigest: "You won't get the morning digest anymore.",
  inboxEntryNotFound: "This inbox entry does not exist.",
  changePushLabel: "Change notifications",
  changePushHint:
    "When someone adds, moves or answers a plan that concerns you. Several changes by one person arrive as one.",
  changePushOn: "Changes to your plans will arrive as notifications.",
  changePushOff: "No more change notifications.",
  followCircleLabel: "Follow all changes",
  followCircleHint: "Hear about every plan in this circle, not only yours and your tasks.",
  muteCircleLabel: "Mute this circle",
  muteCircleHint:
    "No reminders or change notifications from this circle, except tasks given to you and plans you follow.",
  circleNotificationsSaved: "Notification settings saved",
  circleNotificationsFailed: "Failed to update notification settings",
  followPlan: "Follow",
  unfollowPlan: "Unfollow",
  planFollowed: "You will hear about changes to this plan.",
  planUnfollowed: "You will no longer hear about changes to this plan.",
  planFollowFailed: "Failed to change following",
  circleNotifyLevelInvalid: 'Level must be "default", "following" or "muted".',
  planFollowsTooMany: `You can follow at most ${PLAN_FOLLOWS_PER_USER_MAX} plans. Unfollow some first, or follow the whole circle.`,
  /** "{first name} made 3 changes in {circle}": several changes by one person, one push. */
  changesByOne: (firstName: string, count: number, circle: string) =>
    `${firstName} made ${count} changes in ${circle}`,
  changesInYourCircles: "your circles",
  digestChangesHeading: "What changed since yesterday",
} as const;

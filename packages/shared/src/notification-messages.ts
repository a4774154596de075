/**
 * The product's texts for notification settings, push devices and unsubscribe links (our words:
 * the spec has none). Kept beside messages.ts while reminders land; one home for these words,
 * quoted by the server, the web app and the tests.
 */
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
} as const;

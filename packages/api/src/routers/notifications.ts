import {
  followPlan,
  getCircleNotifications,
  setCircleNotifications,
  unfollowPlan,
} from "@circleplan/core/notifications/follows";
import {
  getNotificationPreferences,
  unsubscribe,
  updateNotificationPreferences,
} from "@circleplan/core/notifications/preferences";
import {
  listDevices,
  removeSubscription,
  saveSubscription,
  sendTestNotification,
} from "@circleplan/core/notifications/push-subscriptions";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import {
  circleNotificationsOutput,
  notificationPreferencesOutput,
  planFollowOutput,
  pushDeviceSchema,
  pushDevicesOutput,
  pushPublicKeyOutput,
  pushTestOutput,
  unsubscribeOutput,
} from "@circleplan/shared/notification-outputs";
import {
  circleNotificationsInput,
  notificationPreferencesInput,
  pushEndpointInput,
  pushSubscriptionInput,
  unsubscribeInput,
} from "@circleplan/shared/notification-schemas";
import {
  circleMemberProcedure,
  planProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  syncParsed,
} from "../trpc";

/**
 * Notification preferences, the devices push goes to, unsubscribe links
 * (docs/decisions/011-reminders.md), and what each circle and plan tells the caller
 * (docs/decisions/019). The mail client's one-click unsubscribe is a plain route
 * (one-click-unsubscribe.ts): it posts a form, not JSON, and carries no Origin.
 */
export const notificationsRouter = router({
  preferences: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/user/notification-preferences",
        summary: "Reminders by push and by email, and the morning digest: on or off",
        description:
          "Signed in. The caller's choices: reminders by push, reminders by email, the morning digest (07:00 in their time zone) and push for changes to plans that concern them.",
      },
    })
    .output(syncParsed(notificationPreferencesOutput))
    .query(({ ctx }) =>
      getNotificationPreferences({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  updatePreferences: protectedProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/user/notification-preferences",
        summary:
          "Turn reminder push, reminder email or the morning digest on or off (only what is sent)",
        description:
          "Signed in. Changes only the choices sent and answers all of them. 400 for a value that is not true or false.",
      },
    })
    .input(notificationPreferencesInput)
    .output(syncParsed(notificationPreferencesOutput))
    .mutation(({ ctx, input }) =>
      updateNotificationPreferences({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  publicKey: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/push/public-key",
        summary: "The VAPID public key a browser subscribes with (applicationServerKey)",
        description:
          "Anyone. The server's VAPID public key, the `applicationServerKey` a browser's `pushManager.subscribe` needs.",
      },
    })
    .output(syncParsed(pushPublicKeyOutput))
    .query(({ ctx }) => ({ publicKey: ctx.deps.push.publicKey })),

  subscribe: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/push/subscriptions",
        summary:
          "Turn push on for this device: the browser's PushSubscription (an endpoint already stored moves to the caller)",
        description:
          "Signed in. Turns push on for this device: the body is the browser's `PushSubscription.toJSON()`. An endpoint already stored moves to the caller; past 20 devices the oldest is dropped. Answers the device (never its endpoint or keys), 201. 400 for an endpoint that is not https or keys that are not valid.",
        status: 201,
      },
    })
    .input(pushSubscriptionInput)
    .output(syncParsed(pushDeviceSchema))
    .mutation(({ ctx, input }) => saveSubscription({ deps: ctx.deps, caller: ctx.caller, input })),

  unsubscribeDevice: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/push/subscriptions",
        summary: "Turn push off for this device, named by its endpoint (query string)",
        description:
          "Signed in. Turns push off for this device, named by its endpoint in the query string. 404 for an endpoint that is not one of the caller's.",
      },
    })
    .input(pushEndpointInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) =>
      removeSubscription({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  devices: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/push/subscriptions",
        summary: "The caller's devices with push on (never their endpoints or keys)",
        description:
          "Signed in. The caller's devices with push on, the most recently allowed first: browser, when allowed, when last reached. Never their endpoints or keys.",
      },
    })
    .output(syncParsed(pushDevicesOutput))
    .query(({ ctx }) => listDevices({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  sendTest: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/push/test",
        summary: "Send a test notification to each of the caller's devices; gone ones are removed",
        description:
          "Signed in. Sends a test notification to each of the caller's devices and counts what happened; devices the push service no longer knows are removed. 400 when the caller has no device; 429 past 10 tests in 15 minutes.",
      },
    })
    .output(syncParsed(pushTestOutput))
    .mutation(({ ctx }) =>
      sendTestNotification({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  unsubscribe: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/notifications/unsubscribe",
        summary:
          "Turn off the mail an unsubscribe link names (JSON {token}; no session needed). A mail client's one-click POST uses ?token= with a form body",
        description:
          "Anyone holding the link, no session needed. Turns off the mail (reminders or the digest) an unsubscribe link names by its `token`. A mail client's one-click unsubscribe (RFC 8058) posts the token as `?token=` with a form body instead. 400 for a token that is not valid.",
      },
    })
    .input(unsubscribeInput)
    .output(syncParsed(unsubscribeOutput))
    .mutation(({ ctx, input }) => unsubscribe({ deps: ctx.deps, caller: ctx.caller, input })),

  circle: circleMemberProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/:id/notifications",
        summary:
          'What the circle tells the caller: "default" (what concerns them), "following" (every change) or "muted"',
        description:
          "Members of the circle. What the circle tells the caller: `default` (what concerns them), `following` (every change) or `muted`. 404 for a circle the caller is not in.",
      },
    })
    .output(syncParsed(circleNotificationsOutput))
    .query(({ ctx }) =>
      getCircleNotifications({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  setCircle: circleMemberProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/circles/:id/notifications",
        summary:
          "Follow all of a circle's changes, mute it, or go back to the default (any member)",
        description:
          "Members of the circle, for themselves only. Follows every change of the circle, mutes it, or goes back to the default. 404 for a circle the caller is not in.",
      },
    })
    .input(circleNotificationsInput)
    .output(syncParsed(circleNotificationsOutput))
    .mutation(({ ctx, input }) =>
      setCircleNotifications({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  followPlan: planProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/events/:id/follow",
        summary: "Follow a plan's changes and reminders (any member of its circle)",
        description:
          "Members of the plan's circle. The caller follows the plan: its changes and reminders reach them. Following twice is once; at most 500 plans followed (400). 404 for a plan in a circle the caller is not in.",
      },
    })
    .output(syncParsed(planFollowOutput))
    .mutation(({ ctx, input }) =>
      followPlan({ deps: ctx.deps, caller: ctx.caller, input: { id: input.id } }),
    ),

  unfollowPlan: planProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/events/:id/follow",
        summary: "Stop following a plan",
        description:
          "Members of the plan's circle. The caller stops following the plan, if they did. 404 for a plan in a circle the caller is not in.",
      },
    })
    .output(syncParsed(planFollowOutput))
    .mutation(({ ctx, input }) =>
      unfollowPlan({ deps: ctx.deps, caller: ctx.caller, input: { id: input.id } }),
    ),
});

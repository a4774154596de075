import { countUnread, markAllRead, markRead, readInbox } from "@circleplan/core/inbox/read-inbox";
import { myActivityInput } from "@circleplan/shared/activity-schemas";
import { inboxPageOutput, inboxUnreadOutput } from "@circleplan/shared/inbox-outputs";
import { inboxEntryIdInput } from "@circleplan/shared/inbox-schemas";
import { protectedProcedure, router, syncParsed } from "../trpc";

/** What concerns the caller (docs/decisions/019): the bell's count, the list, marking read. */
export const inboxRouter = router({
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/inbox",
        summary:
          "What concerns the caller (changes to their plans and tasks, followed plans and circles, invitations to them), newest first, by cursor",
        description:
          "Signed in. What concerns the caller, newest first: changes to plans they made or were given, to plans and circles they follow, and invitations to them, each with whether it was read. Pages with `cursor` and `limit`.",
      },
    })
    .input(myActivityInput)
    .output(syncParsed(inboxPageOutput))
    .query(({ ctx, input }) => readInbox({ deps: ctx.deps, caller: ctx.caller, input })),

  unreadCount: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/inbox/unread-count",
        summary: "How many of the caller's inbox entries are unread",
        description:
          "Signed in. How many of the caller's inbox entries are unread (the bell's number).",
      },
    })
    .output(syncParsed(inboxUnreadOutput))
    .query(({ ctx }) => countUnread({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  markRead: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/inbox/:id/read",
        summary: "Mark one of the caller's inbox entries read; answers the unread count",
        description:
          "Signed in. Marks one of the caller's own inbox entries read and answers the new unread count. 404 for an entry that is not the caller's.",
      },
    })
    .input(inboxEntryIdInput)
    .output(syncParsed(inboxUnreadOutput))
    .mutation(({ ctx, input }) => markRead({ deps: ctx.deps, caller: ctx.caller, input })),

  markAllRead: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/inbox/read-all",
        summary: "Mark every inbox entry of the caller's read; answers the unread count",
        description:
          "Signed in. Marks every inbox entry of the caller's read and answers the unread count (0).",
      },
    })
    .output(syncParsed(inboxUnreadOutput))
    .mutation(({ ctx }) => markAllRead({ deps: ctx.deps, caller: ctx.caller, input: undefined })),
});

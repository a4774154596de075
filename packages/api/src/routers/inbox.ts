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
      },
    })
    .output(syncParsed(inboxUnreadOutput))
    .mutation(({ ctx }) => markAllRead({ deps: ctx.deps, caller: ctx.caller, input: undefined })),
});

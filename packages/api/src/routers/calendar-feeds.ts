import { createCalendarFeed } from "@circleplan/core/calendar-feeds/create-feed";
import { listCalendarFeeds } from "@circleplan/core/calendar-feeds/list-feeds";
import { revokeCalendarFeed } from "@circleplan/core/calendar-feeds/revoke-feed";
import {
  calendarFeedInput,
  calendarFeedsOutput,
  createdCalendarFeedOutput,
  revokedCalendarFeedOutput,
} from "@circleplan/shared/calendar-feed-schemas";
import { protectedProcedure, router, syncParsed } from "../trpc";

/**
 * The secret iCalendar feeds a calendar app subscribes to (docs/decisions/026): the caller's
 * own, for all their circles or one. The feed itself is a plain route (calendar-feed-route.ts):
 * a calendar app has no session and reads iCalendar, not JSON.
 */
export const calendarFeedsRouter = router({
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/calendar-feeds",
        summary: "Your calendar feeds that have a link now (not the links: they are shown once)",
      },
    })
    .output(syncParsed(calendarFeedsOutput))
    .query(({ ctx }) =>
      listCalendarFeeds({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/calendar-feeds",
        status: 201,
        summary:
          "Make a secret calendar link (all your circles, or one): it replaces the feed's previous link",
      },
    })
    .input(calendarFeedInput)
    .output(syncParsed(createdCalendarFeedOutput))
    .mutation(({ ctx, input }) =>
      createCalendarFeed({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  revoke: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/calendar-feeds",
        summary: "Turn a calendar link off: it answers 404 from then on",
      },
    })
    .input(calendarFeedInput)
    .output(syncParsed(revokedCalendarFeedOutput))
    .mutation(({ ctx, input }) =>
      revokeCalendarFeed({ deps: ctx.deps, caller: ctx.caller, input }),
    ),
});

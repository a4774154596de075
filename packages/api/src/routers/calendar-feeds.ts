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
        description:
          "Signed in. Which of the caller's calendar feeds (all circles: `circleId` null; or one circle) have a live link, since when, and when a calendar app last read it (to the hour). The links themselves are not listed: only their hash is stored, so a link is shown once, when it is made.",
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
        description:
          "Signed in; for one circle, a member of it (404 otherwise). Makes the secret iCalendar address (`url`, and `webcalUrl` for calendar apps) of all the caller's circles (no `circleId`) or of one circle, shown only in this answer. A feed has one link at a time: making a new one turns the previous link off in the same step. 429 past 20 links an hour.",
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
        description:
          "Signed in; for one circle, a member of it (404 otherwise). Turns the caller's link for all circles (no `circleId`) or one circle off: the address answers 404 from then on (a copy kept by the CDN may answer for up to five minutes). Turning off a link that is already off is not an error.",
      },
    })
    .input(calendarFeedInput)
    .output(syncParsed(revokedCalendarFeedOutput))
    .mutation(({ ctx, input }) =>
      revokeCalendarFeed({ deps: ctx.deps, caller: ctx.caller, input }),
    ),
});

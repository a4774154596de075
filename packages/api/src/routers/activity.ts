import { readCircleActivity, readMyActivity } from "@circleplan/core/activity/read-activity";
import { activityPageOutput } from "@circleplan/shared/activity-outputs";
import { activityPageInput, myActivityInput } from "@circleplan/shared/activity-schemas";
import { circleMemberProcedure, protectedProcedure, router, syncParsed } from "../trpc";

/** The change feed (docs/decisions/017, "The change feed"): newest first, paged by cursor. */
export const activityRouter = router({
  circle: circleMemberProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/circles/:id/activity",
        summary: "What changed in a circle since the caller joined it, newest first (members only)",
        description:
          "Members of the circle. Its change feed since the caller joined: who created, edited, moved, completed or deleted which plan, who answered which task, who joined, left or was promoted, each with the values before and after; newest first, kept 90 days. Pages with `cursor` (the previous page's `nextCursor`) and `limit`. 404 for a circle the caller is not in; 400 for a cursor that was not handed out.",
      },
    })
    .input(activityPageInput)
    .output(syncParsed(activityPageOutput))
    .query(({ ctx, input }) => readCircleActivity({ deps: ctx.deps, caller: ctx.caller, input })),

  mine: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/activity",
        summary: "What changed in every circle the caller is in, newest first",
        description:
          "Signed in. The change feed of every circle the caller belongs to, each since they joined, newest first; paged as GET /api/circles/{id}/activity.",
      },
    })
    .input(myActivityInput)
    .output(syncParsed(activityPageOutput))
    .query(({ ctx, input }) => readMyActivity({ deps: ctx.deps, caller: ctx.caller, input })),
});

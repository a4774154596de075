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
      },
    })
    .input(myActivityInput)
    .output(syncParsed(activityPageOutput))
    .query(({ ctx, input }) => readMyActivity({ deps: ctx.deps, caller: ctx.caller, input })),
});

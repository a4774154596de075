import { liveConnection } from "@circleplan/core/live/connect";
import { liveVersion } from "@circleplan/core/live/live-version";
import { liveConnectionOutput, liveVersionOutput } from "@circleplan/shared/live-outputs";
import { protectedProcedure, router, syncParsed } from "../trpc";

/** Live sync (docs/decisions/018-live-sync.md): how to listen, and the check for when one cannot. */
export const liveRouter = router({
  connect: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/live/connect",
        summary:
          "How the caller's browser reaches the live channel: the local WebSocket, AWS IoT Core with a short-lived token, or none",
        description:
          "Signed in. How the caller's browser reaches the live channel that says when something it may see changed: the local server's WebSocket, AWS IoT Core with a short-lived token and the topics it may read, or `none` (then poll GET /api/live/version).",
      },
    })
    .output(syncParsed(liveConnectionOutput))
    .query(({ ctx }) => liveConnection({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  version: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/live/version",
        summary:
          "An opaque version of everything the caller may see change: equal to the last answer, nothing to refetch",
        description:
          "Signed in. An opaque version of everything the caller may see change (their circles, plans, tasks, inbox): equal to the last answer, there is nothing to fetch again. The fallback when no live channel is open.",
      },
    })
    .output(syncParsed(liveVersionOutput))
    .query(({ ctx }) => liveVersion({ deps: ctx.deps, caller: ctx.caller, input: undefined })),
});

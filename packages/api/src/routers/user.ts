import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  updateProfile,
} from "@circleplan/core/auth/profile";
import { messageOutput, profileOutput, sessionsOutput } from "@circleplan/shared/auth-outputs";
import {
  changePasswordInput,
  sessionIdInput,
  updateUserInput,
} from "@circleplan/shared/auth-schemas";
import { protectedProcedure, router, syncParsed } from "../trpc";

export const userRouter = router({
  update: protectedProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/user",
        summary:
          "Update names and time zone; a new email needs currentPassword, tells the old address and waits for its confirmation link",
      },
    })
    .input(updateUserInput)
    .output(syncParsed(profileOutput))
    .mutation(({ ctx, input }) => updateProfile({ deps: ctx.deps, caller: ctx.caller, input })),

  changePassword: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/user/password",
        summary: "Change the password (current + new); ends the other sessions and mails a notice",
      },
    })
    .input(changePasswordInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => changePassword({ deps: ctx.deps, caller: ctx.caller, input })),

  sessions: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/user/sessions",
        summary: "The signed-in user's sessions, the current one marked",
      },
    })
    .output(syncParsed(sessionsOutput))
    .query(async ({ ctx }) => ({
      sessions: await listSessions({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    })),

  endSession: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/user/sessions/:id",
        summary: "End one of the signed-in user's sessions",
      },
    })
    .input(sessionIdInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => endSession({ deps: ctx.deps, caller: ctx.caller, input })),

  endOtherSessions: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/user/sessions",
        summary: "End every session of the signed-in user except this one",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(({ ctx }) =>
      endOtherSessions({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),
});

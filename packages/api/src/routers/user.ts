import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  updateProfile,
} from "@circleplan/core/auth/profile";
import { deleteAccount } from "@circleplan/core/data-rights/delete-account";
import { exportData } from "@circleplan/core/data-rights/export-data";
import { messageOutput, profileOutput, sessionsOutput } from "@circleplan/shared/auth-outputs";
import {
  changePasswordInput,
  sessionIdInput,
  updateUserInput,
} from "@circleplan/shared/auth-schemas";
import { dataExportPageOutput } from "@circleplan/shared/data-rights-outputs";
import { dataExportInput, deleteAccountInput } from "@circleplan/shared/data-rights-schemas";
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

  // Data rights (docs/decisions/014).
  exportData: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/user/export",
        summary:
          "Download your data: profile, circles, plans and tasks with their attachments list, in pages; ask again with ?page={nextPage} until nextPage is null",
      },
    })
    .input(dataExportInput)
    .output(syncParsed(dataExportPageOutput))
    .query(({ ctx, input }) => exportData({ deps: ctx.deps, caller: ctx.caller, input })),

  deleteAccount: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/user/delete",
        summary:
          "Delete your account (password required): your plans and photo go, circles you created pass to their longest-standing admin or member (else are deleted), every session ends, and a confirmation is mailed",
      },
    })
    .input(deleteAccountInput)
    .output(syncParsed(messageOutput))
    .mutation(async ({ ctx, input }) => {
      const { message, cookie } = await deleteAccount({
        deps: ctx.deps,
        caller: ctx.caller,
        input,
      });
      ctx.setCookie(cookie);
      return { message };
    }),
});

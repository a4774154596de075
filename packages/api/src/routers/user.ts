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
        description:
          "Signed in. Changes only the fields sent: names, time zone, time format and week start at once. A new `email` needs `currentPassword`, is not applied until the link mailed to the new address is opened, and the old address is told; 409 when the address is taken, 429 while address changes are rate limited.",
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
        description:
          "Signed in. Changes the password: `currentPassword` must be right (400 otherwise) and `newPassword` follow the registration rules. Ends every other session of the account and mails a notice to its address; this session stays.",
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
        description:
          "Signed in. The caller's own open sessions (when each began, when it ends unless used, its browser), the current one marked; never their secrets.",
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
        description:
          "Signed in. Ends one of the caller's own sessions, named by the id GET /api/user/sessions lists. 404 for an id that is not one of the caller's.",
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
        description:
          "Signed in. Ends every session of the caller's account except the one making the request.",
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
        description:
          "Signed in. The caller's own data in a documented format (`circleplan-data-export`, version 1): profile and notification choices, the circles they belong to, the plans and tasks they created or were given with their attachments' list. A series is its rule (RFC 5545), not its occurrences; other people appear by id only. In pages: ask again with `?page=` set to `nextPage` until it is null. 400 for a `page` that was not handed out.",
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
        description:
          "Signed in, with the account's password (400 when wrong; rate limited like a sign-in). Deletes the account: the caller's plans and photo go; a circle they created passes to its longest-standing admin, else member, else is deleted; every session ends and a confirmation is mailed.",
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

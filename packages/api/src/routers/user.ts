import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  updateProfile,
} from "@circleplan/core/auth/profile";
import {
  changePasswordInput,
  sessionIdInput,
  updateUserInput,
} from "@circleplan/shared/auth-schemas";
import { protectedProcedure, router } from "../trpc";

export const userRouter = router({
  update: protectedProcedure
    .input(updateUserInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.caller, input)),

  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.caller, input)),

  sessions: protectedProcedure.query(async ({ ctx }) => ({
    sessions: await listSessions(ctx.deps, ctx.caller),
  })),

  endSession: protectedProcedure
    .input(sessionIdInput)
    .mutation(({ ctx, input }) => endSession(ctx.deps, ctx.caller, input)),

  endOtherSessions: protectedProcedure.mutation(({ ctx }) =>
    endOtherSessions(ctx.deps, ctx.caller),
  ),
});

import { resendVerification, verifyEmail } from "@circleplan/core/auth/email-verification";
import { login, logout } from "@circleplan/core/auth/login";
import { requestPasswordReset, resetPassword } from "@circleplan/core/auth/password-reset";
import { toPublicUser } from "@circleplan/core/auth/public-user";
import { register } from "@circleplan/core/auth/register";
import { ensureDefaultCircles } from "@circleplan/core/circles/default-circles";
import {
  emailOnlyInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from "@circleplan/shared/auth-schemas";
import { protectedProcedure, publicProcedure, router } from "../trpc";

export const authRouter = router({
  // The session lookup already joined the user row: no second query on the hottest path.
  user: protectedProcedure.query(({ ctx }) => toPublicUser(ctx.session.user)),

  register: publicProcedure
    .input(registerInput)
    .mutation(({ ctx, input }) => register(ctx.deps, ctx.caller, input)),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { user, cookie } = await login(ctx.deps, ctx.caller, input);
    ctx.setCookie(cookie);
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const { message, cookie } = await logout(ctx.deps, ctx.caller);
    ctx.setCookie(cookie);
    return { message };
  }),

  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => verifyEmail(ctx.deps, ctx.caller, input)),

  resendVerification: publicProcedure
    .input(emailOnlyInput)
    .mutation(({ ctx, input }) => resendVerification(ctx.deps, ctx.caller, input)),

  forgotPassword: publicProcedure
    .input(emailOnlyInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, ctx.caller, input)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, ctx.caller, input)),

  createDefaultCircles: protectedProcedure.mutation(async ({ ctx }) => {
    const circles = await ctx.deps.db.transaction((tx) => ensureDefaultCircles(tx, ctx.userId));
    return { circles };
  }),
});

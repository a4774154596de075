import { resendVerification, verifyEmail } from "@circleplan/core/auth/email-verification";
import { login, logout } from "@circleplan/core/auth/login";
import { requestPasswordReset, resetPassword } from "@circleplan/core/auth/password-reset";
import { toPublicUser } from "@circleplan/core/auth/public-user";
import { register } from "@circleplan/core/auth/register";
import { createDefaultCircles } from "@circleplan/core/circles/default-circles";
import {
  defaultCirclesOutput,
  forgotPasswordOutput,
  messageOutput,
  publicUserSchema,
  registerOutput,
  resendVerificationOutput,
  verifyEmailOutput,
} from "@circleplan/shared/auth-outputs";
import {
  emailOnlyInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from "@circleplan/shared/auth-schemas";
import { protectedProcedure, publicProcedure, router, syncParsed } from "../trpc";

export const authRouter = router({
  // The session lookup already joined the user row: no second query on the hottest path.
  user: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/auth/user",
        summary: "The signed-in user; 401 when signed out",
        description:
          'Signed in. The caller\'s account: names, email, photo, time zone and display choices. 401 when signed out, which a client reads as "no user" rather than an error.',
      },
    })
    .output(syncParsed(publicUserSchema))
    .query(({ ctx }) => toPublicUser(ctx.session.user)),

  register: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/register",
        status: 201,
        summary: "Create an account (unverified) and send its verification link",
        description:
          "Anyone signed out. Creates an unverified account, mails its verification link and answers 201 with the account; sign-in waits for the link. 409 when the email is already registered; 400 with one issue per field for bad input.",
      },
    })
    .input(registerInput)
    .output(syncParsed(registerOutput))
    .mutation(({ ctx, input }) => register({ deps: ctx.deps, caller: ctx.caller, input })),

  login: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/login",
        summary: "Start a session (cookie)",
        description:
          'Anyone. Starts a session: the answer sets the session cookie and replaces the caller\'s previous session on this browser. 401 alike for an unknown email and a wrong password (`showForgotPassword` in the body); 403 until the email is verified ("Please verify your email before logging in."); 429 with Retry-After while sign-ins are rate limited, per account and per client address.',
      },
    })
    .input(loginInput)
    .output(syncParsed(publicUserSchema))
    .mutation(async ({ ctx, input }) => {
      const { user, cookie } = await login({ deps: ctx.deps, caller: ctx.caller, input });
      ctx.setCookie(cookie);
      return user;
    }),

  logout: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/logout",
        summary: "End the session on the server",
        description:
          "Anyone; signed out it changes nothing. Deletes the session on the server and clears its cookie. A client clears its own data whatever the answer.",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(async ({ ctx }) => {
      const { message, cookie } = await logout({
        deps: ctx.deps,
        caller: ctx.caller,
        input: undefined,
      });
      ctx.setCookie(cookie);
      return { message };
    }),

  verifyEmail: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/verify-email",
        summary: "Open a verification link's token (a resent link also sets the password)",
        description:
          'Anyone holding the link. Opens the token a verification mail carried: verifies the sign-up address, or applies a new address a signed-in user asked for. A link asked for again (`resend-verification`) must also set the password (`newPassword`; 400 without it), so whoever registered someone else\'s address loses the account to its owner. 400 for an unknown, used or expired token ("This verification link is invalid or has expired.").',
      },
    })
    .input(verifyEmailInput)
    .output(syncParsed(verifyEmailOutput))
    .mutation(({ ctx, input }) => verifyEmail({ deps: ctx.deps, caller: ctx.caller, input })),

  resendVerification: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/resend-verification",
        summary:
          "Send a new verification link to an unverified account (answers alike for any email)",
        description:
          "Anyone. Mails a new verification link to an unverified account. Answers alike whether or not the address is registered, so it tells no one which addresses have accounts; 429 while rate limited.",
      },
    })
    .input(emailOnlyInput)
    .output(syncParsed(resendVerificationOutput))
    .mutation(({ ctx, input }) =>
      resendVerification({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  forgotPassword: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/forgot-password",
        summary: "Mail a 6-digit reset code (answers alike for unknown emails)",
        description:
          "Anyone. Mails a 6-digit reset code, single use, valid 15 minutes, to a registered address; answers alike for an unknown one. In sandbox mode the answer carries the code as `dev_otp`, never in production. 429 while code requests are rate limited.",
      },
    })
    .input(emailOnlyInput)
    .output(syncParsed(forgotPasswordOutput))
    .mutation(({ ctx, input }) =>
      requestPasswordReset({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  resetPassword: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/reset-password",
        summary: "Set a new password with a reset code; ends every session",
        description:
          "Anyone holding a code. Sets a new password with the emailed 6-digit code and ends every session of the account. 400 for a wrong or expired code; a code dies after 5 wrong tries; the new password follows the registration rules.",
      },
    })
    .input(resetPasswordInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => resetPassword({ deps: ctx.deps, caller: ctx.caller, input })),

  createDefaultCircles: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/auth/create-default-circles",
        summary: "Ensure a Personal and a Family circle (idempotent)",
        description:
          "Signed in. Makes sure the caller has a Personal and a Family circle, creating what is missing, and answers both. Idempotent: calling it again creates nothing.",
      },
    })
    .output(syncParsed(defaultCirclesOutput))
    .mutation(async ({ ctx }) => ({
      circles: await createDefaultCircles({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    })),
});

/**
 * The one place tRPC is set up.
 * 1. `t`: the context type, superjson, and the error formatter shared with the REST door.
 * 2. `publicProcedure`: turns domain AppErrors into the matching tRPC status.
 * 3. `protectedProcedure`: a signed-in user, narrowed on `ctx.session`.
 * Later: circle member / circle admin procedures build on (3).
 */
import { AppError } from "@circleplan/core/errors";
import { messages } from "@circleplan/shared/messages";
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import type { Context } from "./context";
import { describeError, toTRPCError } from "./errors";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const { status, body, retryAfter } = describeError(error);
    return {
      code: shape.code,
      message: body.message,
      data: {
        code: body.code,
        httpStatus: status,
        path: shape.data.path,
        ...(body.issues ? { issues: body.issues } : {}),
        ...(body.showForgotPassword !== undefined
          ? { showForgotPassword: body.showForgotPassword }
          : {}),
        ...(retryAfter ? { retryAfter } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
  return result;
});

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  const userId = ctx.session.user.id;
  return next({ ctx: { ...ctx, session: ctx.session, userId, caller: { ...ctx.caller, userId } } });
});

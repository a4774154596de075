/**
 * The one place tRPC is set up.
 * 1. `t`: the context type, the REST metadata every procedure may carry, superjson, and the
 *    error formatter shared with the REST door.
 * 2. `publicProcedure`: turns domain AppErrors into the matching tRPC status.
 * 3. `protectedProcedure`: a signed-in caller, narrowed on `ctx.caller` (the one way to read
 *    who is asking) and `ctx.session`.
 * Later: circle member / circle admin procedures build on (3).
 */
import type { SignedInCaller } from "@circleplan/core/deps";
import { AppError } from "@circleplan/core/errors";
import { messages } from "@circleplan/shared/messages";
import { initTRPC } from "@trpc/server";
import superjson from "superjson";
import type { Context } from "./context";
import { describeError, toTRPCError } from "./errors";

/**
 * A documented REST path served by the procedure that declares it (rest.ts derives the route
 * table from these, openapi.ts the document): one implementation, two doors, no table to
 * keep in step by hand.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono path syntax: "/api/circles/:id". */
  path: string;
  summary: string;
  /** Success status; 200 unless said. */
  status?: 200 | 201;
  /** What the body is: JSON (the default, 64 KB at most) or a multipart upload (5 MB). */
  body?: "json" | "multipart";
}

export interface ProcedureMeta {
  /** One route, or several when the spec names alternative paths for the same thing. */
  rest?: RestRoute | RestRoute[];
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const { status, body, retryAfter } = describeError(error);
      const { message, ...details } = body;
      return {
        code: shape.code,
        message,
        data: {
          ...details,
          httpStatus: status,
          path: shape.data.path,
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
  const { session } = ctx;
  if (!session) throw new AppError("UNAUTHORIZED", messages.notSignedIn);
  const caller: SignedInCaller = {
    ...ctx.caller,
    userId: session.user.id,
    sessionId: session.sessionId,
  };
  return next({ ctx: { ...ctx, session, caller } });
});

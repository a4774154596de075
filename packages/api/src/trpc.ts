/**
 * The one place tRPC is set up.
 * 1. `t`: the context type, the REST metadata every procedure may carry, superjson (answers
 *    written through superjson-output.ts), and the error formatter shared with the REST door.
 * 2. `publicProcedure`: turns domain AppErrors into the matching tRPC status; each call is one
 *    unit of live sync (what its committed changes announce goes out once, before the answer:
 *    docs/decisions/018-live-sync.md).
 * 3. `protectedProcedure`: a signed-in caller, narrowed on `ctx.caller` (the one way to read
 *    who is asking) and `ctx.session`.
 * 4. `circleMemberProcedure` / `circleAdminProcedure` / `circleCreatorProcedure`: (3) plus a
 *    circle named by `input.id`, checked by core/circles/access.ts, which narrows `ctx.caller`
 *    to a `MemberCaller` / `AdminCaller` / `CreatorCaller` (the circle's access on
 *    `ctx.caller.circle`); core functions take those types and do not check again.
 *    `memberIdAdminProcedure` the same for a circle named by a member id (`input.memberId`).
 *    The access check runs before the rest of the input is read, so a non-member learns
 *    nothing, not even which fields would have been wrong.
 */
import {
  type CircleRef,
  checkAdmin,
  checkCreator,
  checkMember,
} from "@circleplan/core/circles/access";
import type { SignedInCaller } from "@circleplan/core/deps";
import { AppError } from "@circleplan/core/errors";
import { circleIdInput, memberIdInput } from "@circleplan/shared/circle-schemas";
import { messages } from "@circleplan/shared/messages";
import { planIdInput } from "@circleplan/shared/plan-schemas";
import { initTRPC } from "@trpc/server";
import type * as z from "zod";
import type { Context } from "./context";
import { describeError, toTRPCError } from "./errors";
import { transformer } from "./superjson-output";

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
  /**
   * What a client needs beyond the summary: who may call it, what it changes, what it answers
   * in the cases that matter (who is refused with which status). The OpenAPI document's
   * operation description (openapi.test.ts refuses a route of the app without one).
   */
  description?: string;
  /** Success status; 200 unless said. */
  status?: 200 | 201;
  /**
   * What the body is: JSON (the default, 64 KB at most), a multipart upload (5 MB), or JSON
   * that may carry a photo as a data URL (spec section 7, circles), allowed the photo's size,
   * or JSON carrying a calendar file (docs/decisions/027), allowed the file's size.
   */
  body?: "json" | "multipart" | "photo-json" | "calendar-json";
}

export interface ProcedureMeta {
  /** One route, or several when the spec names alternative paths for the same thing. */
  rest?: RestRoute | RestRoute[];
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson both ways; answers written by a fast path that copies nothing (superjson-output.ts).
    transformer,
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

/** Marks the schemas syncParsed made, so a test can find a procedure that skipped it. */
export const SYNC_PARSED = Symbol("syncParsed");

/**
 * An answer's schema as every `.output()` takes it. tRPC validates with `parseAsync`, and zod runs
 * its compiled fast path only in a synchronous parse: 850 plans took 9.5 ms to validate that way
 * against 2.1 ms. Answers have no asynchronous checks, so this copy of the schema answers
 * `parseAsync` with the synchronous parse; everything else (its type, its OpenAPI document) is
 * the schema's own.
 */
export function syncParsed<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone() as T;
  copy.parseAsync = async (data, params) => copy.parse(data, params);
  return Object.assign(copy, { [SYNC_PARSED]: true });
}

export const publicProcedure = t.procedure.use(async ({ ctx, next }) => {
  const result = await ctx.deps.live.during(() => next());
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
    timeZone: session.user.timeZone,
  };
  return next({ ctx: { ...ctx, session, caller } });
});

/** (3) with `ctx.caller` narrowed to a checked member of the circle `ref` names (404 if not). */
async function asMember<Ctx extends { deps: Context["deps"]; caller: SignedInCaller }>(
  ctx: Ctx,
  ref: CircleRef,
) {
  return { ...ctx, caller: await checkMember(ctx.deps.db, ctx.caller, ref) };
}

export const circleMemberProcedure = protectedProcedure
  .input(circleIdInput)
  .use(async ({ ctx, input, next }) => next({ ctx: await asMember(ctx, { circleId: input.id }) }));

export const circleAdminProcedure = circleMemberProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, caller: checkAdmin(ctx.caller) } }),
);

/** Deleting a circle is the creator's alone (admins get 403). */
export const circleCreatorProcedure = circleMemberProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, caller: checkCreator(ctx.caller, messages.circleDeleteCreatorOnly) } }),
);

/** A circle named by one of its members' ids (`/api/circle-members/{memberId}`); admins only. */
export const memberIdAdminProcedure = protectedProcedure
  .input(memberIdInput)
  .use(async ({ ctx, input, next }) => {
    const member = await asMember(ctx, { memberId: input.memberId });
    return next({ ctx: { ...member, caller: checkAdmin(member.caller) } });
  });

/**
 * A plan named by `input.id` (`/api/events/{id}`, `/api/tasks/{id}/...`): the caller must be a
 * member of its circle, else 404 "Plan not found" (a non-member never learns it exists).
 */
export const planProcedure = protectedProcedure
  .input(planIdInput)
  .use(async ({ ctx, input, next }) => next({ ctx: await asMember(ctx, { planId: input.id }) }));

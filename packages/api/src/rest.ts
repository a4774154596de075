/**
 * The REST door: the documented paths, each served by the tRPC procedure of the same feature
 * through a server-side caller. One implementation, two doors; this table is the whole mapping.
 */
import type { Logger } from "@circleplan/core/log";
import { messages } from "@circleplan/shared/messages";
import type { Hono, Context as HonoContext } from "hono";
import type { Context } from "./context";
import { describeError, errorBody } from "./errors";
import { appRouter, createCaller } from "./root";

export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono path syntax: "/api/circles/:id" */
  path: string;
  /** "auth.login": the procedure that serves it */
  procedure: string;
  summary: string;
  /** Success status; 200 unless said. */
  status?: 200 | 201;
  /** What the body is: JSON (the default, 64 KB at most) or a multipart upload (5 MB). */
  body?: "json" | "multipart";
}

export const restRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/auth/user",
    procedure: "auth.user",
    summary: "The signed-in user; 401 when signed out",
  },
  {
    method: "POST",
    path: "/api/auth/register",
    procedure: "auth.register",
    summary: "Create an account (unverified) and send its verification link",
    status: 201,
  },
  {
    method: "POST",
    path: "/api/auth/login",
    procedure: "auth.login",
    summary: "Start a session (cookie)",
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    procedure: "auth.logout",
    summary: "End the session on the server",
  },
  {
    method: "POST",
    path: "/api/auth/verify-email",
    procedure: "auth.verifyEmail",
    summary: "Open a verification link's token",
  },
  {
    method: "POST",
    path: "/api/auth/resend-verification",
    procedure: "auth.resendVerification",
    summary: "Send a new verification link to an unverified account",
  },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    procedure: "auth.forgotPassword",
    summary: "Mail a 6-digit reset code (answers alike for unknown emails)",
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    procedure: "auth.resetPassword",
    summary: "Set a new password with a reset code; ends every session",
  },
  {
    method: "POST",
    path: "/api/auth/create-default-circles",
    procedure: "auth.createDefaultCircles",
    summary: "Ensure a Personal and a Family circle (idempotent)",
  },
  {
    method: "PATCH",
    path: "/api/user",
    procedure: "user.update",
    summary:
      "Update names; a new email needs currentPassword, tells the old address and waits for its confirmation link",
  },
  {
    method: "POST",
    path: "/api/user/password",
    procedure: "user.changePassword",
    summary: "Change the password (current + new); ends the other sessions and mails a notice",
  },
  {
    method: "GET",
    path: "/api/user/sessions",
    procedure: "user.sessions",
    summary: "The signed-in user's sessions, the current one marked",
  },
  {
    method: "DELETE",
    path: "/api/user/sessions/:id",
    procedure: "user.endSession",
    summary: "End one of the signed-in user's sessions",
  },
  {
    method: "DELETE",
    path: "/api/user/sessions",
    procedure: "user.endOtherSessions",
    summary: "End every session of the signed-in user except this one",
  },
  {
    method: "GET",
    path: "/api/dev/mailbox",
    procedure: "dev.mailbox",
    summary: "Sandbox outbox (sandbox mode only)",
  },
];

type ProcedureFn = (input: unknown) => Promise<unknown>;

function procedureOn(caller: unknown, path: string): ProcedureFn {
  const fn = path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return fn as ProcedureFn;
}

// A table entry naming a procedure that does not exist is a programming error: fail at start-up.
for (const route of restRoutes) {
  if (!(route.procedure in appRouter._def.procedures))
    throw new Error(`REST route ${route.path}: no procedure ${route.procedure}`);
}

async function readInput(c: HonoContext, route: RestRoute): Promise<unknown> {
  const params = c.req.param() as Record<string, string>;
  if (route.method === "GET" || route.method === "DELETE") {
    const query = c.req.query();
    const merged = { ...query, ...params };
    return Object.keys(merged).length ? merged : undefined;
  }
  const text = await c.req.text();
  if (!text.trim()) return Object.keys(params).length ? params : undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new MalformedBody();
  }
  return body && typeof body === "object" && !Array.isArray(body) ? { ...body, ...params } : body;
}

class MalformedBody extends Error {}

export function mountRest(
  app: Hono,
  buildContext: (c: HonoContext, resHeaders: Headers) => Promise<Context>,
  log: Logger,
): void {
  for (const route of restRoutes) {
    app.on(route.method, route.path, async (c) => {
      const resHeaders = new Headers();
      const respond = (status: number, body: unknown) => {
        const response = c.json(body as object, status as 200);
        resHeaders.forEach((value, key) => {
          if (key === "set-cookie") return;
          response.headers.set(key, value);
        });
        for (const cookie of resHeaders.getSetCookie())
          response.headers.append("set-cookie", cookie);
        return response;
      };
      try {
        const input = await readInput(c, route);
        const ctx = await buildContext(c, resHeaders);
        const result = await procedureOn(createCaller(ctx), route.procedure)(input);
        return respond(route.status ?? 200, result ?? { ok: true });
      } catch (error) {
        if (error instanceof MalformedBody) {
          return respond(400, errorBody(messages.malformedJson, "BAD_REQUEST"));
        }
        const { status, body, retryAfter } = describeError(error);
        if (status >= 500) {
          log.error("request.failed", error, {
            requestId: c.get("requestId"),
            procedure: route.procedure,
          });
        }
        if (retryAfter) resHeaders.set("retry-after", String(retryAfter));
        return respond(status, body);
      }
    });
  }
}

/**
 * The HTTP app both the local server and the Lambda function serve: tRPC at /api/trpc, the REST
 * door, the OpenAPI document, and the rules every request passes (Origin, no caching, errors).
 */
import type { CoreDeps } from "@circleplan/core/deps";
import { messages } from "@circleplan/shared/messages";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono, type Context as HonoContext } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createContext } from "./context";
import { describeError } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { mountRest } from "./rest";
import { appRouter } from "./root";

export interface AppOptions {
  /** The client's address as this runtime sees it (socket, API Gateway); used for rate limits. */
  clientIp: (c: HonoContext) => string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function createApp(deps: CoreDeps, options: AppOptions): Hono {
  const app = new Hono();
  const appOrigin = new URL(deps.config.appUrl).origin;

  const ipOf = (c: HonoContext) => {
    if (deps.config.trustProxy) {
      const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
      if (forwarded) return forwarded;
    }
    return options.clientIp(c) ?? "unknown";
  };
  const contextFor = (c: HonoContext, resHeaders: Headers) =>
    createContext({ deps, cookieHeader: c.req.header("cookie"), ip: ipOf(c), resHeaders });

  app.use("/api/*", secureHeaders());
  app.use("/api/*", async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.req.header("origin") !== appOrigin) {
      return c.json({ message: messages.badOrigin, code: "BAD_ORIGIN" }, 403);
    }
    await next();
    c.header("cache-control", "no-store");
  });

  app.all("/api/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => contextFor(c, resHeaders),
      responseMeta({ errors }) {
        const retryAfter = errors.map((error) => describeError(error).retryAfter).find(Boolean);
        return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
      },
    }),
  );

  mountRest(app, contextFor);

  app.get("/api/openapi.json", (c) => c.json(buildOpenApiDocument(deps.config.appUrl)));
  app.all("/api/*", (c) => c.json({ message: messages.notFound, code: "NOT_FOUND" }, 404));

  app.onError((error, c) => {
    const { status, body } = describeError(error);
    return c.json(body, status as 500);
  });
  return app;
}

/**
 * The HTTP app both the local server and the Lambda function serve, composed in the order a
 * request meets it: a request id, the security headers and the API's compression
 * (compression.ts); behind a CDN, the edge guard (perimeter.ts: only requests that came through
 * the CDN); the one route outside the perimeter (one-click unsubscribe); the perimeter every
 * other request passes (perimeter.ts: Origin, body type and size, no caching); the two doors
 * (tRPC, REST), the routes that answer bytes (byte-routes.ts), the local server's live socket
 * (live-socket.ts), the OpenAPI document and its reference page (api-docs.ts); and one error shape for whatever is left.
 */
import type { CoreDeps } from "@circleplan/core/deps";
import { USER_AGENT_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { Hono, type Context as HonoContext } from "hono";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { mountApiDocs } from "./api-docs";
import { mountByteRoutes } from "./byte-routes";
import { mountCalendarFeedRoute } from "./calendar-feed-route";
import { clientAddress } from "./client-address";
import { compressAnswers } from "./compression";
import { type Context, createContext } from "./context";
import { describeError, errorBody } from "./errors";
import { mountOneClickUnsubscribe } from "./one-click-unsubscribe";
import { buildOpenApiDocument } from "./openapi";
import { mountEdgeGuard, mountPerimeter } from "./perimeter";
import { mountRest } from "./rest";
import { appRouter } from "./root";
import { securityHeaders } from "./security-headers";
import { mountTrpc } from "./trpc-door";

export interface AppOptions {
  /** The peer of the connection as this runtime sees it (socket, Lambda sourceIp). */
  remoteAddress: (c: HonoContext) => string | undefined;
  /** The local server's live channel (live-socket.ts); Lambda has none (AWS IoT Core instead). */
  liveSocket?: { mount(app: App, buildContext: BuildContext): void } | undefined;
  /** Scalar's bundle for /api/docs (api-docs.ts); the installed package's when unsaid. */
  scalarBundle?: string | undefined;
}

export type App = Hono<{ Variables: RequestIdVariables }>;

/** The per-request context of a Hono request, refreshed cookies written to `resHeaders`. */
export type BuildContext = (c: HonoContext, resHeaders: Headers) => Promise<Context>;

export function createApp(deps: CoreDeps, options: AppOptions): App {
  const app: App = new Hono();

  const clientIp = (c: HonoContext) =>
    clientAddress(deps.config.proxyTrust, {
      header: (name) => c.req.header(name),
      remote: options.remoteAddress(c),
    });
  const buildContext: BuildContext = (c, resHeaders) =>
    createContext({
      deps,
      cookieHeader: c.req.header("cookie"),
      ip: clientIp(c),
      requestId: c.get("requestId"),
      userAgent: c.req.header("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH),
      resHeaders,
    });

  app.use("*", requestId());
  app.use("*", securityHeaders({ hsts: deps.config.secureCookies }));
  app.use("/api/*", ...compressAnswers);
  mountEdgeGuard(app, deps.config);
  mountOneClickUnsubscribe(app, { deps, clientIp });
  mountPerimeter(app, { appOrigin: new URL(deps.config.appUrl).origin });

  mountTrpc(app, { buildContext, log: deps.log });
  mountRest(app, { router: appRouter, buildContext, log: deps.log });
  mountByteRoutes(app, { deps, buildContext });
  mountCalendarFeedRoute(app, deps);
  options.liveSocket?.mount(app, buildContext);

  // Built on the first request for it, not with the app: about 0.4 s of every cold start (and of
  // every test server) for a document few callers ask for.
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get("/api/openapi.json", (c) => {
    openApi ??= buildOpenApiDocument(appRouter, deps.config.appUrl);
    return c.json(openApi);
  });
  mountApiDocs(app, { scalarBundle: options.scalarBundle });
  app.all("/api/*", (c) => c.json(errorBody(messages.notFound, "NOT_FOUND"), 404));
  // Whatever nothing answers (a path that left /api through "..", a missing asset): the same
  // JSON shape as every other error.
  app.notFound((c) => c.json(errorBody(messages.notFound, "NOT_FOUND"), 404));

  app.onError((error, c) => {
    const { status, body } = describeError(error);
    if (status >= 500) deps.log.error("request.failed", error, { requestId: c.get("requestId") });
    return c.json(body, status as 500);
  });
  return app;
}

/**
 * The perimeter: what every request under /api passes before any door reads it. A
 * state-changing request (and a WebSocket handshake) must come from the app's own origin (403), its body must be the
 * route's type (JSON, or multipart on upload routes: 415) and within the route's size (413,
 * readable by a client still sending: body-limit.ts), and an answer is `no-store` unless its
 * route says otherwise. Before all of it, behind a CDN, the edge guard: only requests that came
 * through the CDN are answered at all.
 */

import type { Config } from "@circleplan/core/env";
import {
  CALENDAR_IMPORT_BODY_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
  PHOTO_JSON_BODY_MAX_BYTES,
  UPLOAD_BODY_MAX_BYTES,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { App } from "./app";
import { limitBody } from "./body-limit";
import { viewerAddressMissing } from "./client-address";
import { errorBody } from "./errors";
import { isOriginSecret, ORIGIN_SECRET_HEADER } from "./origin-secret";
import { restRoutes } from "./root";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Patterns of the routes whose body is not plain JSON: uploads, and JSON carrying a photo. */
const routePatterns = (kind: "multipart" | "photo-json" | "calendar-json") =>
  restRoutes
    .filter((route) => route.body === kind)
    .map((route) => ({
      method: route.method,
      pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}$`),
    }));
const UPLOAD_ROUTES = routePatterns("multipart");
const PHOTO_JSON_ROUTES = routePatterns("photo-json");
/**
 * A calendar file travels as JSON on both doors (docs/decisions/027): its REST paths, and the
 * same procedures' tRPC paths (a change is one procedure a request: web/lib/trpc.ts).
 */
const CALENDAR_JSON_ROUTES = [
  ...routePatterns("calendar-json"),
  ...[...new Set(restRoutes.filter((r) => r.body === "calendar-json").map((r) => r.procedure))].map(
    (procedure) => ({ method: "POST" as const, pattern: new RegExp(`^/api/trpc/${procedure}$`) }),
  ),
];
const matches = (routes: typeof UPLOAD_ROUTES, method: string, path: string) =>
  routes.some((route) => route.method === method && route.pattern.test(path));

/**
 * On Lambda the function URL is public: a request that skipped CloudFront could write its own
 * CloudFront-Viewer-Address and rotate it past every per-address limit. A request must carry
 * the origin secret CloudFront adds, and the viewer address CloudFront writes (403 otherwise).
 * Mounted before every route, the one-click unsubscribe included.
 */
export function mountEdgeGuard(
  app: App,
  config: Pick<Config, "originSecret" | "proxyTrust">,
): void {
  const { originSecret, proxyTrust } = config;
  if (!originSecret && proxyTrust.kind !== "cloudfront") return;
  app.use("*", async (c, next) => {
    const source = { header: (name: string) => c.req.header(name), remote: undefined };
    const throughEdge =
      (!originSecret || isOriginSecret(originSecret, c.req.header(ORIGIN_SECRET_HEADER))) &&
      !viewerAddressMissing(proxyTrust, source);
    if (!throughEdge) return c.json(errorBody(messages.notThroughEdge, "FORBIDDEN"), 403);
    await next();
  });
}

export interface BodyRule {
  type: "multipart/form-data" | "application/json";
  maxBytes: number;
  /** What a body over `maxBytes` is answered: a file's words where the body carries one. */
  tooLarge: string;
}

/** The body a request may carry: its type and size by route (listen.ts asks it too). */
export function bodyRuleFor(method: string, path: string): BodyRule {
  if (matches(UPLOAD_ROUTES, method, path)) {
    return {
      type: "multipart/form-data",
      maxBytes: UPLOAD_BODY_MAX_BYTES,
      tooLarge: messages.payloadTooLarge,
    };
  }
  if (matches(PHOTO_JSON_ROUTES, method, path)) {
    return {
      type: "application/json",
      maxBytes: PHOTO_JSON_BODY_MAX_BYTES,
      tooLarge: messages.payloadTooLarge,
    };
  }
  if (matches(CALENDAR_JSON_ROUTES, method, path)) {
    return {
      type: "application/json",
      maxBytes: CALENDAR_IMPORT_BODY_MAX_BYTES,
      tooLarge: messages.calendarFileTooLarge,
    };
  }
  return {
    type: "application/json",
    maxBytes: JSON_BODY_MAX_BYTES,
    tooLarge: messages.bodyTooLarge,
  };
}

/**
 * A WebSocket handshake is a GET, yet a browser sends it with the site's cookies from any page:
 * it must come from the app's origin like a state-changing request (api/src/live-socket.ts).
 */
const isWebSocketUpgrade = (header: string | undefined) => header?.toLowerCase() === "websocket";

export function mountPerimeter(app: App, options: { appOrigin: string }): void {
  app.use("/api/*", async (c, next) => {
    const checked = !SAFE_METHODS.has(c.req.method) || isWebSocketUpgrade(c.req.header("upgrade"));
    if (checked && c.req.header("origin") !== options.appOrigin) {
      return c.json(errorBody(messages.badOrigin, "BAD_ORIGIN"), 403);
    }
    await next();
    // Nothing is cached unless its route says otherwise (only photos do, by versioned URL).
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });

  // The body's type, then its size, before anything reads it.
  app.use("/api/*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !hasBody(c.req.raw)) return next();
    const rule = bodyRuleFor(c.req.method, c.req.path);
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== rule.type)
      return c.json(errorBody(messages.unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE"), 415);
    return limitBody({ maxBytes: rule.maxBytes, message: rule.tooLarge })(c, next);
  });
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (request.headers.has("transfer-encoding")) return true;
  return length !== null && length !== "0";
}

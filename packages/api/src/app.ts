/**
 * The HTTP app both the local server and the Lambda function serve: tRPC at /api/trpc, the REST
 * door, the OpenAPI document, and the rules every request passes before any procedure runs:
 * a request id, security headers, the Origin check, the body's type and size, no caching, and
 * one error shape.
 */
import type { CoreDeps } from "@circleplan/core/deps";
import { unsubscribe } from "@circleplan/core/notifications/preferences";
import { readPhoto } from "@circleplan/core/photos/photo-access";
import { readAttachment } from "@circleplan/core/plans/attachments";
import { photoReadInput } from "@circleplan/shared/circle-schemas";
import {
  JSON_BODY_MAX_BYTES,
  PHOTO_JSON_BODY_MAX_BYTES,
  TRPC_MAX_BATCH_SIZE,
  UPLOAD_BODY_MAX_BYTES,
  USER_AGENT_MAX_LENGTH,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { unsubscribeInput } from "@circleplan/shared/notification-schemas";
import { attachmentIdInput } from "@circleplan/shared/plan-schemas";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono, type Context as HonoContext } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { clientAddress } from "./client-address";
import { createContext } from "./context";
import { describeError, errorBody, transportMessage } from "./errors";
import { buildOpenApiDocument } from "./openapi";
import { mountRest } from "./rest";
import { appRouter, restRoutes } from "./root";
import { securityHeaders } from "./security-headers";

export interface AppOptions {
  /** The peer of the connection as this runtime sees it (socket, Lambda sourceIp). */
  remoteAddress: (c: HonoContext) => string | undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/notifications/unsubscribe";
/** `List-Unsubscribe=One-Click` and a multipart frame around it fit many times over. */
const ONE_CLICK_BODY_MAX_BYTES = 4096;

/** Patterns of the routes whose body is not plain JSON: uploads, and JSON carrying a photo. */
const routePatterns = (kind: "multipart" | "photo-json") =>
  restRoutes
    .filter((route) => route.body === kind)
    .map((route) => ({
      method: route.method,
      pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}$`),
    }));
const UPLOAD_ROUTES = routePatterns("multipart");
const PHOTO_JSON_ROUTES = routePatterns("photo-json");
const matches = (routes: typeof UPLOAD_ROUTES, method: string, path: string) =>
  routes.some((route) => route.method === method && route.pattern.test(path));

export type App = Hono<{ Variables: RequestIdVariables }>;

export function createApp(deps: CoreDeps, options: AppOptions): App {
  const app: App = new Hono();
  const appOrigin = new URL(deps.config.appUrl).origin;

  const contextFor = (c: HonoContext, resHeaders: Headers) =>
    createContext({
      deps,
      cookieHeader: c.req.header("cookie"),
      ip: clientAddress(deps.config.proxyTrust, {
        header: (name) => c.req.header(name),
        remote: options.remoteAddress(c),
      }),
      requestId: c.get("requestId"),
      userAgent: c.req.header("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH),
      resHeaders,
    });

  app.use("*", requestId());
  app.use("*", securityHeaders({ hsts: deps.config.secureCookies }));

  // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` as a form
  // to the List-Unsubscribe address, with no Origin and no cookies, so it comes before the
  // Origin check and the JSON-only body rule. That is safe because nothing here rides on
  // ambient credentials: no cookie or session is read, and the signed token in the address is
  // the whole authority. A page elsewhere can only post a token it already holds (it could use
  // it as well itself), the effect is only ever to turn mail off, and the answer says nothing.
  // Without `?token=` this is the web page's JSON call to the same path (the REST door).
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, async (c, next) => {
    const token = c.req.query("token");
    if (token === undefined) return next();
    c.header("cache-control", "no-store");
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      return c.json(errorBody(notificationMessages.oneClickFormRequired, "BAD_REQUEST"), 400);
    }
    const readForm = bodyLimit({
      maxSize: ONE_CLICK_BODY_MAX_BYTES,
      onError: (inner) =>
        inner.json(errorBody(messages.bodyTooLarge, "PAYLOAD_TOO_LARGE"), 413, {
          connection: "close",
        }),
    });
    return readForm(c, async () => {
      const form = await c.req.parseBody().catch(() => null);
      if (form?.["List-Unsubscribe"] !== "One-Click") {
        c.res = c.json(errorBody(notificationMessages.oneClickFormRequired, "BAD_REQUEST"), 400);
        return;
      }
      const input = unsubscribeInput.safeParse({ token });
      if (!input.success) {
        c.res = c.json(errorBody(notificationMessages.unsubscribeInvalid, "BAD_REQUEST"), 400);
        return;
      }
      const caller = {
        userId: null,
        sessionId: null,
        ip: clientAddress(deps.config.proxyTrust, {
          header: (name) => c.req.header(name),
          remote: options.remoteAddress(c),
        }),
        requestId: c.get("requestId"),
      };
      await unsubscribe({ deps, caller, input: input.data });
      // Mail clients read only the status: no page, no redirect (RFC 8058 section 3.2).
      c.res = c.body(null, 200);
    });
  });
  app.use("/api/*", async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.req.header("origin") !== appOrigin) {
      return c.json(errorBody(messages.badOrigin, "BAD_ORIGIN"), 403);
    }
    await next();
    // Nothing is cached unless its route says otherwise (only photos do, by versioned URL).
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  });

  // The body's type, then its size, before anything reads it.
  app.use("/api/*", async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !hasBody(c.req.raw)) return next();
    const upload = matches(UPLOAD_ROUTES, c.req.method, c.req.path);
    const photo = upload || matches(PHOTO_JSON_ROUTES, c.req.method, c.req.path);
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    const allowed = upload ? type === "multipart/form-data" : type === "application/json";
    if (!allowed)
      return c.json(errorBody(messages.unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE"), 415);
    const limit = bodyLimit({
      maxSize: upload
        ? UPLOAD_BODY_MAX_BYTES
        : photo
          ? PHOTO_JSON_BODY_MAX_BYTES
          : JSON_BODY_MAX_BYTES,
      // The rest of the body stays unread: close the connection rather than read it to reuse.
      onError: (inner) =>
        inner.json(
          errorBody(photo ? messages.payloadTooLarge : messages.bodyTooLarge, "PAYLOAD_TOO_LARGE"),
          413,
          { connection: "close" },
        ),
    });
    return limit(c, next);
  });

  app.all("/api/trpc/*", async (c) => {
    // tRPC decodes the procedure path itself and would throw on a malformed escape.
    if (!decodes(new URL(c.req.url).pathname)) {
      return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    }
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ resHeaders }) => contextFor(c, resHeaders),
      onError: ({ error, path }) => {
        if (describeError(error).status >= 500) {
          deps.log.error("request.failed", error.cause ?? error, {
            requestId: c.get("requestId"),
            procedure: path,
          });
        }
      },
      responseMeta({ errors }) {
        const retryAfter = errors.map((error) => describeError(error).retryAfter).find(Boolean);
        return retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {};
      },
    });
    // A few refusals (wrong method or content type, an oversized batch) tRPC answers in plain
    // text before any procedure runs: give them the JSON error shape every answer has.
    const type = response.headers.get("content-type") ?? "";
    if (response.status >= 400 && !type.includes("application/json")) {
      const batch = response.status === 400 && /batch/i.test(await response.text());
      const message = batch ? messages.tooManyBatched : transportMessage(response.status);
      const code = response.status === 400 ? "BAD_REQUEST" : `HTTP_${response.status}`;
      return c.json(errorBody(message, code), response.status as 400);
    }
    return response;
  });

  mountRest(app, { router: appRouter, buildContext: contextFor, log: deps.log });

  // A photo is answered as an image, not JSON, so it is a plain route; who may see it is
  // decided in core (photos/photo-access.ts). Each version has its own URL and never changes:
  // the browser keeps it for a year, privately (it is not for shared caches).
  app.get("/api/photos/:kind/:ownerId/:version", async (c) => {
    const input = photoReadInput.safeParse({
      ...c.req.param(),
      ownerId: /^\d{1,10}$/.test(c.req.param("ownerId")) ? Number(c.req.param("ownerId")) : null,
      size: c.req.query("size"),
    });
    if (!input.success) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const resHeaders = new Headers();
    const { caller } = await contextFor(c, resHeaders);
    for (const cookie of resHeaders.getSetCookie())
      c.header("set-cookie", cookie, { append: true });
    const photo = await readPhoto({ deps, caller, input: input.data });
    return c.body(photo.body, 200, {
      "content-type": "image/webp",
      "cache-control": "private, max-age=31536000, immutable",
    });
  });

  // An attachment's bytes, for the members of its plan's circle (core/plans/attachments.ts
  // decides). Always a download, never rendered on our origin: a PDF or an image cannot run
  // script in the app's name, and the type is the one read from the bytes at upload.
  app.get("/api/events/:id/attachments/:attachmentId", async (c) => {
    const digits = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : null);
    const input = attachmentIdInput.safeParse({
      id: digits(c.req.param("id")),
      attachmentId: digits(c.req.param("attachmentId")),
    });
    if (!input.success) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const resHeaders = new Headers();
    const { caller } = await contextFor(c, resHeaders);
    for (const cookie of resHeaders.getSetCookie())
      c.header("set-cookie", cookie, { append: true });
    const file = await readAttachment({ deps, caller, input: input.data });
    return c.body(file.body, 200, {
      "content-type": file.contentType,
      "content-disposition": attachmentDisposition(file.fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  });

  const openApi = buildOpenApiDocument(appRouter, deps.config.appUrl);
  app.get("/api/openapi.json", (c) => c.json(openApi));
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

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (request.headers.has("transfer-encoding")) return true;
  return length !== null && length !== "0";
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `attachment` with the stored (already cleaned) name: an ASCII fallback for old clients and
 * the exact name as RFC 5987 `filename*`.
 */
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

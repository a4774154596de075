/**
 * The tRPC door at /api/trpc: the typed client's way in. Its refusals get the JSON error shape of
 * every other answer, and an unexpected error is logged once, here, with the request's id.
 */
import type { Logger } from "@circleplan/core/log";
import { TRPC_MAX_BATCH_SIZE } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { App, BuildContext } from "./app";
import { describeError, errorBody, transportMessage } from "./errors";
import { appRouter } from "./root";

export function mountTrpc(
  app: App,
  options: {
    buildContext: BuildContext;
    log: Logger;
  },
): void {
  const { buildContext, log } = options;
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
      createContext: ({ resHeaders }) => buildContext(c, resHeaders),
      onError: ({ error, path }) => {
        if (describeError(error).status >= 500) {
          log.error("request.failed", error.cause ?? error, {
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
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /api/calendar-feeds/{token}.ics (docs/decisions/026): the feed a calendar app polls. A
 * plain route beside the doors: it has no session (none is read, no cookie is set), answers
 * iCalendar rather than JSON, and is the one API answer a shared cache may keep: the secret is
 * the URL itself, so `public, max-age` lets CloudFront answer repeated polls for a few minutes
 * (SST's Router cache policy follows the origin's Cache-Control; every other /api answer stays
 * `no-store`, perimeter.ts). Who may read what is core's (calendar-feeds/read-feed.ts).
 */
import { readCalendarFeed } from "@circleplan/core/calendar-feeds/read-feed";
import type { CoreDeps } from "@circleplan/core/deps";
import { CALENDAR_FEED_MAX_AGE_SECONDS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { App } from "./app";
import { describeError, errorBody } from "./errors";

export function mountCalendarFeedRoute(app: App, deps: CoreDeps): void {
  app.get("/api/calendar-feeds/:file", async (c) => {
    let answer: Awaited<ReturnType<typeof readCalendarFeed>>;
    try {
      answer = await readCalendarFeed(deps, {
        file: c.req.param("file"),
        ifNoneMatch: c.req.header("if-none-match"),
      });
    } catch (error) {
      const { status, body, retryAfter } = describeError(error);
      if (status >= 500) throw error;
      if (retryAfter) c.header("retry-after", String(retryAfter));
      return c.json(body, status as 429);
    }
    if (answer.status === 404) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const headers = {
      etag: answer.etag,
      "last-modified": answer.lastModified.toUTCString(),
      "cache-control": `public, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`,
      // The address is a secret: no search engine should keep one that leaked into a page.
      "x-robots-tag": "noindex, nofollow",
    };
    if (answer.status === 304) return c.body(null, 304, headers);
    return c.body(answer.body, 200, {
      ...headers,
      "content-type": "text/calendar; charset=utf-8",
    });
  });
}
